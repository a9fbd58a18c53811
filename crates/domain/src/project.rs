//! Projects: a home being built or remodelled, with its budget and area.
//!
//! Layout: this file holds the project, its details, its typed input (with the PATCH overlay)
//! and the change a body makes; `validation` the rules of the fields (spec section 5) and the
//! parser of each field; `dates` the accepted date forms, shared with tasks, bids and the
//! ledger. Every public item is re-exported here.

mod dates;
mod lending;
mod validation;

pub use dates::{far_or_malformed, in_date_years, parse_date, DateError, DATE_YEARS, MSG_DATE_OUT_OF_RANGE};
pub use lending::{
    parse_retainage_percent, ADDRESS_MAX, DEFAULT_WAIVER_THRESHOLD_CENTS, LENDER_NAME_MAX, LOAN_NUMBER_MAX,
    MAX_RETAINAGE_BASIS_POINTS, MSG_RETAINAGE_MAX,
};
pub use validation::{
    parse_zip_code, ADDITION_OPTIONS, DEFAULT_CONTINGENCY_PERCENT, MAX_CONTINGENCY_PERCENT, MAX_SQUARE_FOOTAGE,
    MAX_UNITS, MSG_START_DATE_REQUIRED, MSG_UNITS_REQUIRED, NAME_MAX, RENOVATION_OPTIONS,
};

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};
use crate::money::Money;
use crate::schedule::{WorkCalendar, WorkWeek};

macro_rules! coded_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident => ($code:literal, $label:literal)),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Stable machine code, stored and sent on the wire.
            pub fn code(self) -> &'static str { match self { $($name::$variant => $code),+ } }
            /// Human label.
            pub fn label(self) -> &'static str { match self { $($name::$variant => $label),+ } }
            pub fn parse(raw: &str) -> Option<Self> { Self::ALL.iter().copied().find(|v| v.code() == raw) }
        }
    };
}

coded_enum!(ProjectType {
    NewHomeBuild => ("new_home_build", "New Home Build"),
    Renovation => ("renovation", "Renovation"),
    Addition => ("addition", "Addition"),
    Conversion => ("conversion", "Conversion"),
    Adu => ("adu", "ADU"),
});

coded_enum!(PropertyType {
    SingleFamily => ("single_family", "Single Family"),
    Multifamily => ("multifamily", "Multifamily"),
});

coded_enum!(ConversionOption {
    GarageApartment => ("garage_apartment_conversion", "Garage Apartment Conversion"),
});

coded_enum!(OwnerBuilder {
    Yes => ("yes_owner_builder", "Yes, I will be managing my project"),
    No => ("no_general_contractor", "No, I'm hiring a general contractor"),
});

/// A project as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    pub id: i64,
    pub owner_id: i64,
    pub details: ProjectDetails,
    /// Bumped by every write to the project, its tasks or their documents (board ETag).
    pub version: i64,
    pub created_at: chrono::NaiveDateTime,
    /// Sum of its funded lender draws (kept on the project row by every draw write).
    pub drawn_cents: i64,
}

/// Everything a user sets on a project, valid as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectDetails {
    pub name: String,
    pub zip_code: String,
    pub project_type: ProjectType,
    pub property_type: Option<PropertyType>,
    pub units: Option<i32>,
    pub renovation_options: Vec<String>,
    pub addition_options: Vec<String>,
    pub conversion_option: Option<ConversionOption>,
    pub square_footage: i64,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub budget: Money,
    pub owner_builder: OwnerBuilder,
    /// The contingency reserve as a percent of the budget, 0 to 50 (docs/money.md).
    pub contingency_percent: i32,
    /// The construction loan, when there is one.
    pub loan_amount: Option<Money>,
    /// Whether predictions are calibrated by the project's own prices (issue 29, docs/money.md):
    /// the project's setting, the same for everyone who looks at it.
    pub use_calibration: bool,
    /// The days of the week work happens on (docs/schedule.md).
    pub work_week: WorkWeek,
    /// Dates no work happens on, sorted, without repeats.
    pub non_working_days: Vec<NaiveDate>,
    /// What a month of the build costs while it lasts (loan interest, rent, insurance): prices a slip.
    pub monthly_carrying_cost: Option<Money>,
    /// The property's street line ("" when not given): on the board, the share page and every
    /// draw document.
    pub address: String,
    /// The construction lender ("" when not given).
    pub lender_name: String,
    pub loan_number: String,
    /// What the lender holds back of each draw, in hundredths of a percent (500 = 5%), 0 to 2000.
    pub retainage_basis_points: i32,
    /// A payment to a roster contractor above this needs a lien waiver ($500.00 by default).
    pub waiver_threshold: Money,
}

impl ProjectDetails {
    /// The project's working calendar.
    pub fn calendar(&self) -> WorkCalendar {
        WorkCalendar::new(self.work_week, self.non_working_days.iter().copied())
    }
}

/// A project's fields, each read on its own by its parser (`ProjectInput::name`, `zip_code`,
/// `choice`, `date`, `renovation_options`, `addition_options`): texts trimmed, codes as enums,
/// dates as dates. `None` means absent, null or empty (a required field is then reported by
/// [`ProjectDetails::parse`], which applies the rules between fields).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectInput {
    pub name: Option<String>,
    pub zip_code: Option<String>,
    pub project_type: Option<ProjectType>,
    pub property_type: Option<PropertyType>,
    pub units: Option<i64>,
    pub renovation_options: Option<Vec<String>>,
    pub addition_options: Option<Vec<String>>,
    pub conversion_option: Option<ConversionOption>,
    pub square_footage: Option<i64>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub budget: Option<Money>,
    pub owner_builder: Option<OwnerBuilder>,
    /// `None`: absent (the default, 10, on create).
    pub contingency_percent: Option<i64>,
    pub loan_amount: Option<Money>,
    /// `None`: absent (on by default on create).
    pub use_calibration: Option<bool>,
    /// `None`: absent (Monday to Friday on create).
    pub work_week: Option<WorkWeek>,
    pub non_working_days: Option<Vec<NaiveDate>>,
    pub monthly_carrying_cost: Option<Money>,
    /// `None`: absent or null ("" on create).
    pub address: Option<String>,
    pub lender_name: Option<String>,
    pub loan_number: Option<String>,
    /// Hundredths of a percent; `None`: absent (0 on create).
    pub retainage_basis_points: Option<i64>,
    /// `None`: absent ($500.00 on create).
    pub waiver_threshold: Option<Money>,
}

impl ProjectInput {
    /// Overlays a partial update onto the stored details, giving the full input to validate.
    /// `present` says which fields the PATCH body carried (so an explicit null clears).
    pub fn merged_over(self, current: &ProjectDetails, present: &PatchFields) -> ProjectInput {
        fn pick<T>(sent: bool, new: Option<T>, old: Option<T>) -> Option<T> {
            if sent {
                new
            } else {
                old
            }
        }
        let c = current;
        ProjectInput {
            name: pick(present.name, self.name, Some(c.name.clone())),
            zip_code: pick(present.zip_code, self.zip_code, Some(c.zip_code.clone())),
            project_type: pick(present.project_type, self.project_type, Some(c.project_type)),
            property_type: pick(present.property_type, self.property_type, c.property_type),
            units: pick(present.units, self.units, c.units.map(i64::from)),
            renovation_options: pick(
                present.renovation_options,
                self.renovation_options,
                Some(c.renovation_options.clone()),
            ),
            addition_options: pick(present.addition_options, self.addition_options, Some(c.addition_options.clone())),
            conversion_option: pick(present.conversion_option, self.conversion_option, c.conversion_option),
            square_footage: pick(present.square_footage, self.square_footage, Some(c.square_footage)),
            start_date: pick(present.start_date, self.start_date, Some(c.start_date)),
            end_date: pick(present.end_date, self.end_date, Some(c.end_date)),
            budget: pick(present.budget, self.budget, Some(c.budget)),
            owner_builder: pick(present.owner_builder, self.owner_builder, Some(c.owner_builder)),
            contingency_percent: pick(
                present.contingency_percent,
                self.contingency_percent,
                Some(i64::from(c.contingency_percent)),
            ),
            loan_amount: pick(present.loan_amount, self.loan_amount, c.loan_amount),
            use_calibration: pick(present.use_calibration, self.use_calibration, Some(c.use_calibration)),
            work_week: pick(present.work_week, self.work_week, Some(c.work_week)),
            non_working_days: pick(present.non_working_days, self.non_working_days, Some(c.non_working_days.clone())),
            monthly_carrying_cost: pick(
                present.monthly_carrying_cost,
                self.monthly_carrying_cost,
                c.monthly_carrying_cost,
            ),
            address: pick(present.address, self.address, Some(c.address.clone())),
            lender_name: pick(present.lender_name, self.lender_name, Some(c.lender_name.clone())),
            loan_number: pick(present.loan_number, self.loan_number, Some(c.loan_number.clone())),
            retainage_basis_points: pick(
                present.retainage_percent,
                self.retainage_basis_points,
                Some(i64::from(c.retainage_basis_points)),
            ),
            waiver_threshold: pick(present.waiver_threshold, self.waiver_threshold, Some(c.waiver_threshold)),
        }
    }
}

/// A project body as read: the fields that could be read, which fields were sent (a PATCH
/// overlays only those) and the problems of those that could not be read. A project's rules are
/// about the whole record (spec section 5; for a PATCH, the stored project with the body over
/// it), so the body's own problems are reported together with the rules' (every problem at
/// once), not before them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectChange {
    pub input: ProjectInput,
    pub present: PatchFields,
    pub problems: FieldErrors,
}

impl ProjectChange {
    /// The project's details after the change (over `current` for an update), or every problem:
    /// the body's own, then the rules' about the other fields (a field that could not be read
    /// is not also reported as missing).
    pub fn details(self, current: Option<&ProjectDetails>) -> Result<ProjectDetails, DomainError> {
        let input = match current {
            Some(c) => self.input.merged_over(c, &self.present),
            None => self.input,
        };
        let mut errors = self.problems;
        let parsed = ProjectDetails::parse(input);
        if errors.is_empty() {
            return parsed;
        }
        if let Err(e) = parsed {
            let read: Vec<String> = errors.as_map().keys().cloned().collect();
            for (field, problems) in e.fields().as_map() {
                if !read.contains(field) {
                    problems.iter().for_each(|p| errors.add(field, p.as_str()));
                }
            }
        }
        Err(DomainError::Validation(errors))
    }
}

/// Which fields a PATCH body carried (present, possibly null).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PatchFields {
    pub name: bool,
    pub zip_code: bool,
    pub project_type: bool,
    pub property_type: bool,
    pub units: bool,
    pub renovation_options: bool,
    pub addition_options: bool,
    pub conversion_option: bool,
    pub square_footage: bool,
    pub start_date: bool,
    pub end_date: bool,
    pub budget: bool,
    pub owner_builder: bool,
    pub contingency_percent: bool,
    pub loan_amount: bool,
    pub use_calibration: bool,
    pub work_week: bool,
    pub non_working_days: bool,
    pub monthly_carrying_cost: bool,
    pub address: bool,
    pub lender_name: bool,
    pub loan_number: bool,
    pub retainage_percent: bool,
    pub waiver_threshold: bool,
}
