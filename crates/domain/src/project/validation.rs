//! The rules of a project's fields (spec section 5, create project): the parser of each field
//! as sent ([`ProjectInput::name`], ...), and the rules of the whole record, checked at once by
//! [`ProjectDetails::parse`], which reports every problem.

use chrono::NaiveDate;

use super::dates::{parse_date, DateError, MSG_DATE_OUT_OF_RANGE};
use super::{ProjectDetails, ProjectInput, ProjectType, PropertyType};
use crate::error::{DomainError, FieldErrors};

/// The spec's 34 renovation options, exactly as the client sends them.
pub const RENOVATION_OPTIONS: [&str; 34] = [
    "Kitchen",
    "Living/Family Room",
    "Landscaping",
    "Patio",
    "Half Bathroom",
    "Roofing",
    "Flooring",
    "Interior Painting",
    "Exterior Painting",
    "Garage Renovation",
    "Full Bathroom",
    "Pool",
    "Outdoor Kitchen",
    "Solar Panels",
    "Deck",
    "Pergola",
    "Fire Pit",
    "Plumbing Repairs",
    "Replace Water Heater",
    "Electrical Repair",
    "Finished Basement",
    "Finished Attic",
    "Generator",
    "Window Replacement",
    "Closet",
    "Front Door Replacement",
    "Garage Door Replacement",
    "Fence",
    "Replace Gutters",
    "Gazebo",
    "Shed",
    "Bedroom",
    "Siding",
    "HVAC replacement",
];

/// The spec's 5 addition options.
pub const ADDITION_OPTIONS: [&str; 5] = ["Kitchen", "Garage", "Living/Family Room", "Half Bathroom", "Full Bathroom"];

pub const NAME_MAX: usize = 200;
pub const MAX_SQUARE_FOOTAGE: i64 = 1_000_000;
pub const MAX_UNITS: i32 = 10_000;

pub const MSG_UNITS_REQUIRED: &str = "Please specify the number of units for a multifamily building.";
pub const MSG_START_DATE_REQUIRED: &str = "Please provide a project start date.";
use crate::messages::REQUIRED;

/// The contingency reserve a new project gets, in percent of its budget (issue 19).
pub const DEFAULT_CONTINGENCY_PERCENT: i32 = 10;
pub const MAX_CONTINGENCY_PERCENT: i32 = 50;

/// A US zip code: 5 digits, optionally followed by `-` and 4 digits. Kept as typed (trimmed).
pub fn parse_zip_code(raw: &str) -> Option<String> {
    let t = raw.trim();
    let (five, plus4) = match t.split_once('-') {
        Some((a, b)) => (a, Some(b)),
        None => (t, None),
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (digits(five, 5) && plus4.is_none_or(|p| digits(p, 4))).then(|| t.to_owned())
}

const MSG_ZIP_CODE: &str = "Enter a valid 5-digit US zip code.";

/// `Ok(None)` for text that is empty once trimmed: the field counts as not given.
fn given(raw: &str) -> Option<&str> {
    Some(raw.trim()).filter(|t| !t.is_empty())
}

impl ProjectInput {
    /// A name trimmed, at most 200 characters; `None` when blank (then required).
    pub fn name(raw: &str) -> Result<Option<String>, DomainError> {
        match given(raw) {
            Some(n) if n.chars().count() > NAME_MAX => {
                Err(FieldErrors::single("name", crate::messages::too_long(NAME_MAX)))
            }
            n => Ok(n.map(str::to_owned)),
        }
    }

    /// A US zip code ([`parse_zip_code`]); `None` when blank (then required).
    pub fn zip_code(raw: &str) -> Result<Option<String>, DomainError> {
        match given(raw) {
            None => Ok(None),
            Some(z) => parse_zip_code(z).map(Some).ok_or_else(|| FieldErrors::single("zip_code", MSG_ZIP_CODE)),
        }
    }

    /// One of a list's codes, exactly as sent (`project_type`, `property_type`,
    /// `conversion_option`, `owner_builder`); `None` when empty.
    pub fn choice<T>(field: &str, raw: &str, parse: fn(&str) -> Option<T>) -> Result<Option<T>, DomainError> {
        if raw.is_empty() {
            return Ok(None);
        }
        parse(raw).map(Some).ok_or_else(|| FieldErrors::single(field, crate::messages::not_a_choice(raw)))
    }

    /// A date, `YYYY-MM-DD` or the spec's `M/D/YYYY`, within the years of a building; `None`
    /// when blank (then required).
    pub fn date(field: &str, raw: &str) -> Result<Option<NaiveDate>, DomainError> {
        let mut errors = FieldErrors::new();
        let date = read_date(&mut errors, field, given(raw));
        errors.into_result().map(|()| date)
    }

    /// The spec's renovation options named, each once; every unknown one reported.
    pub fn renovation_options(raw: Vec<String>) -> Result<Vec<String>, DomainError> {
        let mut errors = FieldErrors::new();
        let options = parse_options(&mut errors, "renovation_options", Some(raw), &RENOVATION_OPTIONS);
        errors.into_result().map(|()| options)
    }

    /// The spec's addition options named, each once; every unknown one reported.
    pub fn addition_options(raw: Vec<String>) -> Result<Vec<String>, DomainError> {
        let mut errors = FieldErrors::new();
        let options = parse_options(&mut errors, "addition_options", Some(raw), &ADDITION_OPTIONS);
        errors.into_result().map(|()| options)
    }
}

impl ProjectDetails {
    /// Applies every rule of spec section 5 (create project) to fields each read by its own
    /// parser, collecting all problems: what is required (some only for a project or property
    /// type), ranges, the end date not before the start date.
    pub fn parse(input: ProjectInput) -> Result<ProjectDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let lending = super::lending::read(&mut errors, &input);

        let name = match input.name.as_deref().map(str::trim) {
            None | Some("") => {
                errors.add("name", REQUIRED);
                String::new()
            }
            Some(n) if n.chars().count() > NAME_MAX => {
                errors.add("name", crate::messages::too_long(NAME_MAX));
                String::new()
            }
            Some(n) => n.to_owned(),
        };

        let zip_code = match input.zip_code.as_deref().map(str::trim) {
            None | Some("") => {
                errors.add("zip_code", REQUIRED);
                String::new()
            }
            Some(z) => parse_zip_code(z).unwrap_or_else(|| {
                errors.add("zip_code", MSG_ZIP_CODE);
                String::new()
            }),
        };

        let project_type = required(&mut errors, "project_type", input.project_type);
        let owner_builder = required(&mut errors, "owner_builder", input.owner_builder);

        // Property type: only meaningful, and then required, for new home builds.
        let property_type = match project_type {
            Some(ProjectType::NewHomeBuild) => required(&mut errors, "property_type", input.property_type),
            _ => input.property_type,
        };

        let units = match (property_type, input.units) {
            (Some(PropertyType::Multifamily), None) => {
                errors.add("units", MSG_UNITS_REQUIRED);
                None
            }
            (Some(PropertyType::Multifamily), Some(u)) if !(1..=i64::from(MAX_UNITS)).contains(&u) => {
                errors.add("units", format!("Ensure this value is between 1 and {MAX_UNITS}."));
                None
            }
            (Some(PropertyType::Multifamily), Some(u)) => i32::try_from(u).ok(),
            // Units only mean something for multifamily buildings; otherwise they are dropped.
            _ => None,
        };

        let renovation_options =
            parse_options(&mut errors, "renovation_options", input.renovation_options, &RENOVATION_OPTIONS);
        let addition_options =
            parse_options(&mut errors, "addition_options", input.addition_options, &ADDITION_OPTIONS);

        let conversion_option = match project_type {
            Some(ProjectType::Conversion) => required(&mut errors, "conversion_option", input.conversion_option),
            _ => input.conversion_option,
        };

        let square_footage = match input.square_footage {
            None => {
                errors.add("square_footage", REQUIRED);
                0
            }
            Some(s) if !(1..=MAX_SQUARE_FOOTAGE).contains(&s) => {
                errors.add("square_footage", format!("Ensure this value is between 1 and {MAX_SQUARE_FOOTAGE}."));
                0
            }
            Some(s) => s,
        };

        let start_date = input.start_date.or_else(|| {
            errors.add("start_date", MSG_START_DATE_REQUIRED);
            None
        });
        let end_date = required(&mut errors, "end_date", input.end_date);
        if let (Some(s), Some(e)) = (start_date, end_date) {
            if e < s {
                errors.add("end_date", "The end date may not be before the start date.");
            }
        }

        let budget = input.budget;
        if budget.is_none() {
            errors.add("budget", REQUIRED);
        }

        let contingency_percent = match input.contingency_percent {
            None => DEFAULT_CONTINGENCY_PERCENT,
            Some(p) if !(0..=i64::from(MAX_CONTINGENCY_PERCENT)).contains(&p) => {
                errors.add(
                    "contingency_percent",
                    format!("Ensure this value is between 0 and {MAX_CONTINGENCY_PERCENT}."),
                );
                DEFAULT_CONTINGENCY_PERCENT
            }
            Some(p) => i32::try_from(p).unwrap_or(DEFAULT_CONTINGENCY_PERCENT),
        };
        let loan_amount = input.loan_amount;
        let use_calibration = input.use_calibration.unwrap_or(true);
        let work_week = input.work_week.unwrap_or_default();
        let mut non_working_days = input.non_working_days.unwrap_or_default();
        non_working_days.sort_unstable();
        non_working_days.dedup();
        if non_working_days.len() > crate::schedule::NON_WORKING_DAYS_MAX {
            errors.add(
                "non_working_days",
                format!("Ensure this field has no more than {} elements.", crate::schedule::NON_WORKING_DAYS_MAX),
            );
        }
        let monthly_carrying_cost = input.monthly_carrying_cost;

        errors.into_result()?;
        // Every `None` below was recorded as an error above, so these are all present.
        match (project_type, owner_builder, start_date, end_date, budget) {
            (Some(project_type), Some(owner_builder), Some(start_date), Some(end_date), Some(budget)) => {
                Ok(ProjectDetails {
                    name,
                    zip_code,
                    project_type,
                    property_type,
                    units,
                    renovation_options,
                    addition_options,
                    conversion_option,
                    square_footage,
                    start_date,
                    end_date,
                    budget,
                    owner_builder,
                    contingency_percent,
                    loan_amount,
                    use_calibration,
                    work_week,
                    non_working_days,
                    monthly_carrying_cost,
                    address: lending.address,
                    lender_name: lending.lender_name,
                    loan_number: lending.loan_number,
                    retainage_basis_points: lending.retainage_basis_points,
                    waiver_threshold: lending.waiver_threshold,
                })
            }
            _ => Err(FieldErrors::single("non_field_errors", "Invalid project.")),
        }
    }
}

fn required<T>(errors: &mut FieldErrors, field: &str, value: Option<T>) -> Option<T> {
    if value.is_none() {
        errors.add(field, REQUIRED);
    }
    value
}

fn parse_options(errors: &mut FieldErrors, field: &str, raw: Option<Vec<String>>, allowed: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for option in raw.unwrap_or_default() {
        if !allowed.contains(&option.as_str()) {
            errors.add(field, crate::messages::not_a_choice(option));
        } else if !out.contains(&option) {
            out.push(option);
        }
    }
    out
}

/// A date as sent (`None`: not given, then `None` without a problem).
fn read_date(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<NaiveDate> {
    match raw.map(str::trim) {
        None | Some("") => None,
        Some(r) => match parse_date(r) {
            Ok(d) => Some(d),
            Err(DateError::Format) => {
                errors.add(field, crate::messages::DATE_FORMAT);
                None
            }
            Err(DateError::OutOfRange) => {
                errors.add(field, MSG_DATE_OUT_OF_RANGE);
                None
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Money;
    use crate::project::PatchFields;
    use crate::project::{ConversionOption, OwnerBuilder};

    fn valid_input() -> ProjectInput {
        ProjectInput {
            name: Some("Lake house".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::NewHomeBuild),
            property_type: Some(PropertyType::SingleFamily),
            units: None,
            renovation_options: None,
            addition_options: None,
            conversion_option: None,
            square_footage: Some(2400),
            start_date: NaiveDate::from_ymd_opt(2026, 1, 5),
            end_date: NaiveDate::from_ymd_opt(2026, 12, 20),
            budget: Money::from_cents(45_000_000),
            owner_builder: Some(OwnerBuilder::Yes),
            contingency_percent: None,
            loan_amount: None,
            use_calibration: None,
            work_week: None,
            non_working_days: None,
            monthly_carrying_cost: None,
            ..Default::default()
        }
    }

    fn one(field: &str, problem: &str) -> FieldErrors {
        let mut errors = FieldErrors::new();
        errors.add(field, problem);
        errors
    }

    fn field_errors(input: ProjectInput) -> FieldErrors {
        ProjectDetails::parse(input).unwrap_err().fields().clone()
    }

    #[test]
    fn contingency_defaults_to_ten_percent_within_zero_to_fifty_and_the_loan_is_optional() {
        let p = ProjectDetails::parse(valid_input()).unwrap();
        assert_eq!((p.contingency_percent, p.loan_amount), (DEFAULT_CONTINGENCY_PERCENT, None));
        let set =
            ProjectInput { contingency_percent: Some(0), loan_amount: Money::from_cents(30_000_000), ..valid_input() };
        let p = ProjectDetails::parse(set).unwrap();
        assert_eq!((p.contingency_percent, p.loan_amount), (0, Money::from_cents(30_000_000)));
        for bad in [-1, 51] {
            let e = field_errors(ProjectInput { contingency_percent: Some(bad), ..valid_input() });
            assert_eq!(e.as_map()["contingency_percent"], ["Ensure this value is between 0 and 50."]);
        }
        // A PATCH that does not name them keeps them; one that sends null clears the loan.
        let current = ProjectDetails::parse(ProjectInput {
            contingency_percent: Some(15),
            loan_amount: Money::from_cents(1),
            ..valid_input()
        })
        .unwrap();
        let kept =
            ProjectDetails::parse(ProjectInput::default().merged_over(&current, &PatchFields::default())).unwrap();
        assert_eq!((kept.contingency_percent, kept.loan_amount), (15, Money::from_cents(1)));
        let cleared =
            ProjectInput::default().merged_over(&current, &PatchFields { loan_amount: true, ..Default::default() });
        assert_eq!(ProjectDetails::parse(cleared).unwrap().loan_amount, None);
    }

    #[test]
    fn a_complete_new_home_is_accepted() {
        let p = ProjectDetails::parse(valid_input()).unwrap();
        assert_eq!(p.project_type, ProjectType::NewHomeBuild);
        assert_eq!(p.project_type.label(), "New Home Build");
        assert_eq!(p.units, None);
    }

    #[test]
    fn every_required_field_is_reported_at_once() {
        let e = field_errors(ProjectInput::default());
        for f in
            ["name", "zip_code", "project_type", "owner_builder", "square_footage", "start_date", "end_date", "budget"]
        {
            assert!(e.contains(f), "missing error for {f}: {e}");
        }
    }

    #[test]
    fn multifamily_without_units_uses_the_spec_message() {
        let e = field_errors(ProjectInput { property_type: Some(PropertyType::Multifamily), ..valid_input() });
        assert_eq!(e.as_map()["units"], vec![MSG_UNITS_REQUIRED.to_owned()]);
    }

    #[test]
    fn multifamily_with_units_keeps_them() {
        let p = ProjectDetails::parse(ProjectInput {
            property_type: Some(PropertyType::Multifamily),
            units: Some(4),
            ..valid_input()
        })
        .unwrap();
        assert_eq!(p.units, Some(4));
        assert!(ProjectDetails::parse(ProjectInput {
            property_type: Some(PropertyType::Multifamily),
            units: Some(0),
            ..valid_input()
        })
        .is_err());
    }

    #[test]
    fn units_are_dropped_unless_multifamily() {
        let p = ProjectDetails::parse(ProjectInput { units: Some(3), ..valid_input() }).unwrap();
        assert_eq!(p.units, None);
    }

    #[test]
    fn missing_start_date_uses_the_spec_message() {
        let e = field_errors(ProjectInput { start_date: None, ..valid_input() });
        assert_eq!(e.as_map()["start_date"], vec![MSG_START_DATE_REQUIRED.to_owned()]);
    }

    #[test]
    fn property_type_is_required_only_for_new_homes() {
        assert!(field_errors(ProjectInput { property_type: None, ..valid_input() }).contains("property_type"));
        let reno = ProjectInput {
            project_type: Some(ProjectType::Renovation),
            property_type: None,
            renovation_options: Some(vec!["Kitchen".into()]),
            ..valid_input()
        };
        assert!(ProjectDetails::parse(reno).is_ok());
    }

    #[test]
    fn conversion_needs_its_option() {
        let conv = ProjectInput { project_type: Some(ProjectType::Conversion), property_type: None, ..valid_input() };
        assert!(field_errors(conv.clone()).contains("conversion_option"));
        let ok =
            ProjectDetails::parse(ProjectInput { conversion_option: Some(ConversionOption::GarageApartment), ..conv })
                .unwrap();
        assert_eq!(ok.conversion_option, Some(ConversionOption::GarageApartment));
    }

    #[test]
    fn unknown_codes_and_options_are_rejected() {
        let problems = |r: Result<Option<ProjectType>, DomainError>| r.unwrap_err().fields().as_map().clone();
        assert_eq!(
            problems(ProjectInput::choice("project_type", "castle", ProjectType::parse))["project_type"],
            ["\"castle\" is not a valid choice."]
        );
        // Codes are taken exactly as sent; empty is not given.
        assert!(ProjectInput::choice("project_type", " adu", ProjectType::parse).is_err());
        assert_eq!(ProjectInput::choice("project_type", "", ProjectType::parse), Ok(None));
        assert_eq!(
            ProjectInput::choice("owner_builder", "no_general_contractor", OwnerBuilder::parse),
            Ok(Some(OwnerBuilder::No))
        );
        let e = ProjectInput::renovation_options(vec!["Moat".into(), "Deck".into(), "Pool".into(), "Keep".into()]);
        assert_eq!(e.unwrap_err().fields().as_map()["renovation_options"].len(), 2, "Moat and Keep");
        assert!(ProjectInput::addition_options(vec!["Pool".into()]).unwrap_err().fields().contains("addition_options"));
        assert!(field_errors(ProjectInput { renovation_options: Some(vec!["Moat".into()]), ..valid_input() })
            .contains("renovation_options"));
    }

    #[test]
    fn each_field_is_read_on_its_own() {
        assert_eq!(ProjectInput::name("  Lake house "), Ok(Some("Lake house".into())));
        assert_eq!(ProjectInput::name("   "), Ok(None), "blank: not given, then required");
        let long = ProjectInput::name(&"x".repeat(NAME_MAX + 1)).unwrap_err();
        assert_eq!(long.fields().as_map()["name"], [crate::messages::too_long(NAME_MAX)]);
        assert_eq!(ProjectInput::zip_code(" 78701 "), Ok(Some("78701".into())));
        assert_eq!(ProjectInput::zip_code(""), Ok(None));
        assert_eq!(ProjectInput::zip_code("7870").unwrap_err().fields().as_map()["zip_code"], [MSG_ZIP_CODE]);
        // Dates: YYYY-MM-DD and M/D/YYYY, nothing else, within the years of a building.
        let jan5 = NaiveDate::from_ymd_opt(2026, 1, 5);
        assert_eq!(ProjectInput::date("start_date", "2026-01-05"), Ok(jan5));
        assert_eq!(ProjectInput::date("start_date", " 1/5/2026 "), Ok(jan5));
        assert_eq!(ProjectInput::date("start_date", " "), Ok(None));
        for (raw, message) in [
            ("tomorrow", crate::messages::DATE_FORMAT),
            ("2026-13-01", crate::messages::DATE_FORMAT),
            ("05.01.2026", crate::messages::DATE_FORMAT),
            ("+10000-01-01", MSG_DATE_OUT_OF_RANGE),
        ] {
            let e = ProjectInput::date("end_date", raw).unwrap_err();
            assert_eq!(e.fields().as_map()["end_date"], [message], "{raw}");
        }
    }

    #[test]
    fn a_change_reports_the_bodys_problems_with_the_rules_problems() {
        use crate::project::ProjectChange;
        let current = ProjectDetails::parse(valid_input()).unwrap();
        // A date that could not be read is not also "required"; a rule about another field is
        // reported with it.
        let change = ProjectChange {
            input: ProjectInput { property_type: Some(PropertyType::Multifamily), ..Default::default() },
            present: PatchFields { property_type: true, start_date: true, ..Default::default() },
            problems: one("start_date", crate::messages::DATE_FORMAT),
        };
        let e = change.details(Some(&current)).unwrap_err();
        assert_eq!(e.fields().as_map()["start_date"], [crate::messages::DATE_FORMAT]);
        assert_eq!(e.fields().as_map()["units"], [MSG_UNITS_REQUIRED]);
        // A create: every required field with the body's problems.
        let create = ProjectChange { problems: one("name", crate::messages::NOT_A_STRING), ..Default::default() };
        let e = create.details(None).unwrap_err();
        assert_eq!(e.fields().as_map()["name"], [crate::messages::NOT_A_STRING]);
        assert_eq!(e.fields().as_map()["start_date"], [MSG_START_DATE_REQUIRED]);
        // Without problems, the details.
        let ok = ProjectChange { input: valid_input(), ..Default::default() };
        assert_eq!(ok.details(None), Ok(current));
    }

    #[test]
    fn all_spec_options_are_accepted_and_deduplicated() {
        let reno: Vec<String> =
            RENOVATION_OPTIONS.iter().map(|s| s.to_string()).chain(["Kitchen".to_string()]).collect();
        let p = ProjectDetails::parse(ProjectInput {
            project_type: Some(ProjectType::Renovation),
            renovation_options: Some(reno),
            ..valid_input()
        })
        .unwrap();
        assert_eq!(p.renovation_options.len(), 34);
    }

    #[test]
    fn zip_codes_must_be_us_format() {
        assert_eq!(parse_zip_code(" 02134 ").as_deref(), Some("02134"));
        assert_eq!(parse_zip_code("78701-1234").as_deref(), Some("78701-1234"));
        for bad in ["7870", "787011", "abcde", "78701-12", ""] {
            assert!(parse_zip_code(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn dates_out_of_order_are_a_field_error() {
        let e = field_errors(ProjectInput { end_date: NaiveDate::from_ymd_opt(2025, 1, 1), ..valid_input() });
        assert_eq!(e.as_map()["end_date"], ["The end date may not be before the start date."]);
    }

    #[test]
    fn square_footage_must_be_positive_and_sane() {
        assert!(field_errors(ProjectInput { square_footage: Some(0), ..valid_input() }).contains("square_footage"));
        assert!(field_errors(ProjectInput { square_footage: Some(MAX_SQUARE_FOOTAGE + 1), ..valid_input() })
            .contains("square_footage"));
    }

    #[test]
    fn patch_overlays_only_sent_fields() {
        let current = ProjectDetails::parse(valid_input()).unwrap();
        let patch = ProjectInput { budget: Money::from_cents(100), ..Default::default() };
        let merged = patch.merged_over(&current, &PatchFields { budget: true, ..Default::default() });
        let updated = ProjectDetails::parse(merged).unwrap();
        assert_eq!(updated.budget.cents(), 100);
        assert_eq!(updated.name, "Lake house");
    }

    #[test]
    fn labels_match_the_spec() {
        assert_eq!(ProjectType::Adu.label(), "ADU");
        assert_eq!(OwnerBuilder::No.label(), "No, I'm hiring a general contractor");
        assert_eq!(ProjectType::ALL.len(), 5);
    }
}
