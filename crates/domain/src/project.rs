//! Projects: a home being built or remodelled, with its budget and area.
//!
//! Layout: this file holds the project, its details and its input (with the PATCH overlay);
//! `validation` the rules of the fields (spec section 5); `dates` the accepted date forms,
//! shared with tasks, bids and the ledger. Every public item is re-exported here.

mod dates;
mod validation;

pub use dates::{far_or_malformed, in_date_years, parse_date, DateError, DATE_YEARS, MSG_DATE_OUT_OF_RANGE};
pub use validation::{
    parse_zip_code, ADDITION_OPTIONS, DEFAULT_CONTINGENCY_PERCENT, MAX_CONTINGENCY_PERCENT, MAX_SQUARE_FOOTAGE,
    MAX_UNITS, MSG_START_DATE_REQUIRED, MSG_UNITS_REQUIRED, NAME_MAX, RENOVATION_OPTIONS,
};

use chrono::NaiveDate;

use crate::money::Money;

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
}

/// Raw project input, as loosely typed as the wire: every field optional, enums as codes.
/// `None` means "absent or null"; the HTTP layer has already rejected wrong JSON types.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectInput {
    pub name: Option<String>,
    pub zip_code: Option<String>,
    pub project_type: Option<String>,
    pub property_type: Option<String>,
    pub units: Option<i64>,
    pub renovation_options: Option<Vec<String>>,
    pub addition_options: Option<Vec<String>>,
    pub conversion_option: Option<String>,
    pub square_footage: Option<i64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub budget: Option<Money>,
    pub owner_builder: Option<String>,
    /// `None`: absent (the default, 10, on create).
    pub contingency_percent: Option<i64>,
    pub loan_amount: Option<Money>,
    /// `None`: absent (on by default on create).
    pub use_calibration: Option<bool>,
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
        ProjectInput {
            name: pick(present.name, self.name, Some(current.name.clone())),
            zip_code: pick(present.zip_code, self.zip_code, Some(current.zip_code.clone())),
            project_type: pick(present.project_type, self.project_type, Some(current.project_type.code().to_owned())),
            property_type: pick(
                present.property_type,
                self.property_type,
                current.property_type.map(|p| p.code().to_owned()),
            ),
            units: pick(present.units, self.units, current.units.map(i64::from)),
            renovation_options: pick(
                present.renovation_options,
                self.renovation_options,
                Some(current.renovation_options.clone()),
            ),
            addition_options: pick(
                present.addition_options,
                self.addition_options,
                Some(current.addition_options.clone()),
            ),
            conversion_option: pick(
                present.conversion_option,
                self.conversion_option,
                current.conversion_option.map(|c| c.code().to_owned()),
            ),
            square_footage: pick(present.square_footage, self.square_footage, Some(current.square_footage)),
            start_date: pick(present.start_date, self.start_date, Some(current.start_date.to_string())),
            end_date: pick(present.end_date, self.end_date, Some(current.end_date.to_string())),
            budget: pick(present.budget, self.budget, Some(current.budget)),
            owner_builder: pick(
                present.owner_builder,
                self.owner_builder,
                Some(current.owner_builder.code().to_owned()),
            ),
            contingency_percent: pick(
                present.contingency_percent,
                self.contingency_percent,
                Some(i64::from(current.contingency_percent)),
            ),
            loan_amount: pick(present.loan_amount, self.loan_amount, current.loan_amount),
            use_calibration: pick(present.use_calibration, self.use_calibration, Some(current.use_calibration)),
        }
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
}
