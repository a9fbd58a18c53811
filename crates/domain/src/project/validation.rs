//! The rules of a project's fields (spec section 5, create project), checked as a whole:
//! [`ProjectDetails::parse`] reports every problem at once.

use chrono::NaiveDate;

use super::dates::{parse_date, DateError, MSG_DATE_OUT_OF_RANGE};
use super::{ConversionOption, OwnerBuilder, ProjectDetails, ProjectInput, ProjectType, PropertyType};
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

impl ProjectDetails {
    /// Applies every rule of spec section 5 (create project), collecting all problems.
    pub fn parse(input: ProjectInput) -> Result<ProjectDetails, DomainError> {
        let mut errors = FieldErrors::new();

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
                errors.add("zip_code", "Enter a valid 5-digit US zip code.");
                String::new()
            }),
        };

        let project_type = parse_code(&mut errors, "project_type", input.project_type.as_deref(), ProjectType::parse);
        let owner_builder =
            parse_code(&mut errors, "owner_builder", input.owner_builder.as_deref(), OwnerBuilder::parse);

        // Property type: only meaningful, and then required, for new home builds.
        let property_type = match project_type {
            Some(ProjectType::NewHomeBuild) => {
                parse_code(&mut errors, "property_type", input.property_type.as_deref(), PropertyType::parse)
            }
            _ => match input.property_type.as_deref() {
                None | Some("") => None,
                Some(raw) => {
                    let p = PropertyType::parse(raw);
                    if p.is_none() {
                        errors.add("property_type", crate::messages::not_a_choice(raw));
                    }
                    p
                }
            },
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
            Some(ProjectType::Conversion) => parse_code(
                &mut errors,
                "conversion_option",
                input.conversion_option.as_deref(),
                ConversionOption::parse,
            ),
            _ => match input.conversion_option.as_deref() {
                None | Some("") => None,
                Some(raw) => {
                    let c = ConversionOption::parse(raw);
                    if c.is_none() {
                        errors.add("conversion_option", crate::messages::not_a_choice(raw));
                    }
                    c
                }
            },
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

        let start_date =
            parse_required_date(&mut errors, "start_date", input.start_date.as_deref(), MSG_START_DATE_REQUIRED);
        let end_date = parse_required_date(&mut errors, "end_date", input.end_date.as_deref(), REQUIRED);
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
                })
            }
            _ => Err(FieldErrors::single("non_field_errors", "Invalid project.")),
        }
    }
}

fn parse_code<T>(errors: &mut FieldErrors, field: &str, raw: Option<&str>, parse: fn(&str) -> Option<T>) -> Option<T> {
    match raw {
        None | Some("") => {
            errors.add(field, REQUIRED);
            None
        }
        Some(r) => {
            let v = parse(r);
            if v.is_none() {
                errors.add(field, crate::messages::not_a_choice(r));
            }
            v
        }
    }
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

fn parse_required_date(errors: &mut FieldErrors, field: &str, raw: Option<&str>, missing: &str) -> Option<NaiveDate> {
    match raw.map(str::trim) {
        None | Some("") => {
            errors.add(field, missing);
            None
        }
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

    fn valid_input() -> ProjectInput {
        ProjectInput {
            name: Some("Lake house".into()),
            zip_code: Some("78701".into()),
            project_type: Some("new_home_build".into()),
            property_type: Some("single_family".into()),
            units: None,
            renovation_options: None,
            addition_options: None,
            conversion_option: None,
            square_footage: Some(2400),
            start_date: Some("2026-01-05".into()),
            end_date: Some("2026-12-20".into()),
            budget: Money::from_cents(45_000_000),
            owner_builder: Some("yes_owner_builder".into()),
            contingency_percent: None,
            loan_amount: None,
            use_calibration: None,
        }
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
        let e = field_errors(ProjectInput { property_type: Some("multifamily".into()), ..valid_input() });
        assert_eq!(e.as_map()["units"], vec![MSG_UNITS_REQUIRED.to_owned()]);
    }

    #[test]
    fn multifamily_with_units_keeps_them() {
        let p = ProjectDetails::parse(ProjectInput {
            property_type: Some("multifamily".into()),
            units: Some(4),
            ..valid_input()
        })
        .unwrap();
        assert_eq!(p.units, Some(4));
        assert!(ProjectDetails::parse(ProjectInput {
            property_type: Some("multifamily".into()),
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
            project_type: Some("renovation".into()),
            property_type: None,
            renovation_options: Some(vec!["Kitchen".into()]),
            ..valid_input()
        };
        assert!(ProjectDetails::parse(reno).is_ok());
    }

    #[test]
    fn conversion_needs_its_option() {
        let conv = ProjectInput { project_type: Some("conversion".into()), property_type: None, ..valid_input() };
        assert!(field_errors(conv.clone()).contains("conversion_option"));
        let ok = ProjectDetails::parse(ProjectInput {
            conversion_option: Some("garage_apartment_conversion".into()),
            ..conv
        })
        .unwrap();
        assert_eq!(ok.conversion_option, Some(ConversionOption::GarageApartment));
    }

    #[test]
    fn unknown_codes_and_options_are_rejected() {
        assert!(field_errors(ProjectInput { project_type: Some("castle".into()), ..valid_input() })
            .contains("project_type"));
        assert!(field_errors(ProjectInput { owner_builder: Some("maybe".into()), ..valid_input() })
            .contains("owner_builder"));
        assert!(field_errors(ProjectInput { renovation_options: Some(vec!["Moat".into()]), ..valid_input() })
            .contains("renovation_options"));
        assert!(field_errors(ProjectInput { addition_options: Some(vec!["Pool".into()]), ..valid_input() })
            .contains("addition_options"));
    }

    #[test]
    fn all_spec_options_are_accepted_and_deduplicated() {
        let reno: Vec<String> =
            RENOVATION_OPTIONS.iter().map(|s| s.to_string()).chain(["Kitchen".to_string()]).collect();
        let p = ProjectDetails::parse(ProjectInput {
            project_type: Some("renovation".into()),
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
    fn dates_out_of_range_or_out_of_order_are_field_errors() {
        let errors = field_errors(ProjectInput { start_date: Some("+10000-01-01".into()), ..valid_input() });
        assert_eq!(errors.as_map()["start_date"], vec![MSG_DATE_OUT_OF_RANGE.to_owned()]);
        let e = field_errors(ProjectInput { end_date: Some("2025-01-01".into()), ..valid_input() });
        assert!(e.contains("end_date"));
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
