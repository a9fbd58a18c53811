use std::collections::BTreeSet;

use super::catalogue::div_round;
use super::*;
use crate::error::DomainError;
use crate::task::MaterialQuality::{self, Basic, Premium, Standard};

fn cat() -> &'static CostCatalogue {
    CostCatalogue::embedded()
}

// ---- loading and validation -------------------------------------------------------------

#[test]
fn the_embedded_catalogue_loads_and_validates() {
    let c = CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, ZIP3_STATE_CSV)
        .and_then(|c| c.with_job_prices(RENOVATION_PROJECTS_CSV))
        .and_then(|c| c.with_sources(SOURCES_MD))
        .expect("embedded data is valid");
    c.check_vocabulary().expect("vocabulary fits the data");
    assert_eq!(c.tasks().len(), 73);
    assert_eq!(c.new_home_tasks().count(), 36);
    assert_eq!(c.tasks().iter().filter(|t| t.scope == TaskScope::RenovationOrAddon).count(), 37);
    assert_eq!(c.states().len(), 51);
    assert_eq!(c.sources().len(), 25);
    // The shared instance is the same data.
    assert_eq!(cat().tasks(), c.tasks());
}

const TASKS_HEADER: &str =
    "task_name,component,basic_usd_per_sqft,standard_usd_per_sqft,premium_usd_per_sqft,source_ids,derivation_note,scope\n";

fn tasks_csv(rows: &[&str]) -> String {
    let mut s = TASKS_HEADER.to_owned();
    for r in rows {
        s.push_str(r);
        s.push('\n');
    }
    s
}

const GOOD_ROW: &str = "Framing,Framing > Framing,14.69,18.8,22.23,S1;S3,\"published $49,763\",new_home";

fn load_tasks(rows: &[&str]) -> Result<CostCatalogue, CatalogueError> {
    CostCatalogue::load(&tasks_csv(rows), STATE_FACTORS_CSV, ZIP3_STATE_CSV)
}

#[test]
fn a_small_valid_catalogue_loads_and_keeps_quoted_commas() {
    let c = load_tasks(&[
        GOOD_ROW,
        "\"Deck, Patio & Porch\",\"Final steps > Outdoor structures (deck, patio)\",1.38,1.77,2.43,S1,,new_home",
    ])
    .unwrap();
    assert_eq!(c.tasks().len(), 2);
    assert_eq!(c.tasks()[1].name, "Deck, Patio & Porch");
    assert_eq!(c.tasks()[1].component, "Final steps > Outdoor structures (deck, patio)");
    assert_eq!(c.tasks()[0].derivation_note, "published $49,763");
    assert_eq!(c.tasks()[0].national_rate_cents(Standard), 1880);
    // Suggestions and aliases whose task is absent are left out; those present still work.
    assert_eq!(c.suggestions(), ["Framing".to_owned(), "Porch".to_owned(), "Pergola".to_owned(), "Gazebo".to_owned()]);
    assert_eq!(c.resolve("rough framing").unwrap().name, "Framing");
    assert!(c.check_vocabulary().is_err());
}

#[test]
fn duplicate_tasks_are_rejected_even_when_spelled_differently() {
    let err = load_tasks(&[GOOD_ROW, "FRAMING ,x,1,2,3,S1,,new_home"]).unwrap_err();
    assert!(matches!(err, CatalogueError::Duplicate { what: "task", line: 3, .. }), "{err}");
}

#[test]
fn an_alias_that_collides_with_another_task_is_rejected() {
    // "Foundation" is an alias of Excavation & Foundation; a task of that name would be ambiguous.
    let err =
        load_tasks(&["Excavation & Foundation,x,1,2,3,S1,,new_home", "Foundation,x,1,2,3,S1,,new_home"]).unwrap_err();
    assert!(matches!(err, CatalogueError::Vocabulary(_)), "{err}");
}

#[test]
fn non_positive_or_malformed_rates_are_rejected() {
    for (row, column) in [
        ("Framing,x,0,2,3,S1,,new_home", "basic_usd_per_sqft"),
        ("Framing,x,1,-2,3,S1,,new_home", "standard_usd_per_sqft"),
        ("Framing,x,1,2,0.00,S1,,new_home", "premium_usd_per_sqft"),
    ] {
        match load_tasks(&[row]).unwrap_err() {
            CatalogueError::NotPositive { column: c, line: 2, .. } => assert_eq!(c, column),
            other => panic!("{row}: {other}"),
        }
    }
    for row in ["Framing,x,abc,2,3,S1,,new_home", "Framing,x,1.234,2,3,S1,,new_home", "Framing,x,,2,3,S1,,new_home"] {
        assert!(matches!(load_tasks(&[row]).unwrap_err(), CatalogueError::Malformed { line: 2, .. }), "{row}");
    }
}

#[test]
fn tiers_out_of_order_are_rejected() {
    let err = load_tasks(&["Framing,x,3,2,4,S1,,new_home"]).unwrap_err();
    assert!(matches!(err, CatalogueError::TierOrder { line: 2, .. }), "{err}");
    let err = load_tasks(&["Framing,x,1,3,2,S1,,new_home"]).unwrap_err();
    assert!(matches!(err, CatalogueError::TierOrder { .. }), "{err}");
}

#[test]
fn unknown_scope_blank_sources_and_missing_columns_are_rejected() {
    assert!(matches!(load_tasks(&["Framing,x,1,2,3,S1,,garden"]).unwrap_err(), CatalogueError::Malformed { .. }));
    assert!(matches!(load_tasks(&["Framing,x,1,2,3,,,new_home"]).unwrap_err(), CatalogueError::Malformed { .. }));
    let err = CostCatalogue::load("task_name,component\nFraming,x\n", STATE_FACTORS_CSV, ZIP3_STATE_CSV).unwrap_err();
    assert!(matches!(err, CatalogueError::MissingColumn { column: "basic_usd_per_sqft", .. }), "{err}");
    let err = CostCatalogue::load(TASKS_HEADER, STATE_FACTORS_CSV, ZIP3_STATE_CSV).unwrap_err();
    assert!(matches!(err, CatalogueError::Empty { file: "tasks.csv" }), "{err}");
}

fn states_without(code: &str) -> String {
    STATE_FACTORS_CSV.lines().filter(|l| !l.starts_with(&format!("{code},"))).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_missing_state_is_rejected() {
    let err = CostCatalogue::load(TASKS_CSV, &states_without("DC"), ZIP3_STATE_CSV).unwrap_err();
    assert_eq!(err, CatalogueError::MissingState("DC".to_owned()));
    let err = CostCatalogue::load(TASKS_CSV, &states_without("WY"), ZIP3_STATE_CSV).unwrap_err();
    assert_eq!(err, CatalogueError::MissingState("WY".to_owned()));
}

#[test]
fn duplicate_unknown_or_non_positive_state_factors_are_rejected() {
    let dup = format!("{STATE_FACTORS_CSV}TX,Texas,0.88,S6\n");
    assert!(matches!(
        CostCatalogue::load(TASKS_CSV, &dup, ZIP3_STATE_CSV).unwrap_err(),
        CatalogueError::Duplicate { what: "state", .. }
    ));
    let unknown = format!("{STATE_FACTORS_CSV}PR,Puerto Rico,0.90,S6\n");
    assert!(matches!(
        CostCatalogue::load(TASKS_CSV, &unknown, ZIP3_STATE_CSV).unwrap_err(),
        CatalogueError::UnknownState { .. }
    ));
    for bad in ["0", "0.00", "-0.88", "9.5"] {
        let text = STATE_FACTORS_CSV.replace("TX,Texas,0.88,S6", &format!("TX,Texas,{bad},S6"));
        let err = CostCatalogue::load(TASKS_CSV, &text, ZIP3_STATE_CSV).unwrap_err();
        assert!(
            matches!(err, CatalogueError::NotPositive { column: "factor", .. } | CatalogueError::Malformed { .. }),
            "{bad}: {err}"
        );
    }
}

#[test]
fn zip_prefix_tables_without_a_state_or_with_overlaps_are_rejected() {
    let no_wy: String = ZIP3_STATE_CSV.lines().filter(|l| !l.ends_with(",WY")).collect::<Vec<_>>().join("\n");
    assert_eq!(
        CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, &no_wy).unwrap_err(),
        CatalogueError::StateWithoutZip("WY".to_owned())
    );
    let overlap = format!("{ZIP3_STATE_CSV}787,787,CA\n");
    assert!(matches!(
        CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, &overlap).unwrap_err(),
        CatalogueError::OverlappingZip { prefix: 787, .. }
    ));
    let unknown = format!("{ZIP3_STATE_CSV}006,009,PR\n");
    assert!(matches!(
        CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, &unknown).unwrap_err(),
        CatalogueError::UnknownState { .. }
    ));
    for bad in ["78,79,TX", "799,750,TX", "7a0,750,TX"] {
        let text = format!("zip3_from,zip3_to,state_code\n{bad}\n");
        assert!(
            matches!(
                CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, &text).unwrap_err(),
                CatalogueError::Malformed { .. }
            ),
            "{bad}"
        );
    }
}

#[test]
fn sources_must_cover_every_cited_id() {
    let c = CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, ZIP3_STATE_CSV).unwrap();
    let without_s17: String = SOURCES_MD.lines().filter(|l| !l.starts_with("- **S17**")).collect::<Vec<_>>().join("\n");
    let err = c.clone().with_sources(&without_s17).unwrap_err();
    assert!(
        matches!(err, CatalogueError::UnknownSource { file: "tasks.csv", ref id, ref row } if id == "S17" && row == "Swimming Pool (in-ground)"),
        "{err}"
    );
    let without_s6: String = SOURCES_MD.lines().filter(|l| !l.starts_with("- **S6**")).collect::<Vec<_>>().join("\n");
    assert!(matches!(
        c.with_sources(&without_s6).unwrap_err(),
        CatalogueError::UnknownSource { file: "state_factors.csv", .. }
    ));
}

#[test]
fn sources_have_ids_titles_and_addresses() {
    let s = cat().sources();
    assert_eq!(s.iter().map(|s| s.id.as_str()).collect::<Vec<_>>()[..3], ["S1", "S2", "S3"]);
    let s6 = s.iter().find(|s| s.id == "S6").unwrap();
    assert!(s6.title.starts_with("U.S. Army Corps of Engineers"), "{}", s6.title);
    assert!(s6.url.as_deref().unwrap().starts_with("https://publibrary.sec.usace.army.mil/"));
    let s13 = s.iter().find(|s| s.id == "S13").unwrap();
    assert_eq!(s13.url.as_deref(), Some("http://martinbrotherspaint.com/index-71.html"));
    let s9 = s.iter().find(|s| s.id == "S9").unwrap();
    assert!(s9.url.is_none());
    for src in s {
        assert!(!src.title.is_empty() && src.title.len() <= 200, "{}: {}", src.id, src.title);
        assert!(!src.citation.contains("**"), "{}", src.id);
        if let Some(u) = &src.url {
            assert!(u.starts_with("http") && !u.ends_with(['.', ')', ',']), "{}: {u}", src.id);
        }
    }
}

// ---- ZIP codes and states ---------------------------------------------------------------

/// One real ZIP code per state and DC.
const ZIP_PER_STATE: [(&str, &str); 51] = [
    ("35203", "AL"),
    ("99501", "AK"),
    ("85004", "AZ"),
    ("72201", "AR"),
    ("94103", "CA"),
    ("80202", "CO"),
    ("06103", "CT"),
    ("19901", "DE"),
    ("20001", "DC"),
    ("33130", "FL"),
    ("30303", "GA"),
    ("96813", "HI"),
    ("83702", "ID"),
    ("60601", "IL"),
    ("46204", "IN"),
    ("50309", "IA"),
    ("66603", "KS"),
    ("40202", "KY"),
    ("70112", "LA"),
    ("04101", "ME"),
    ("21201", "MD"),
    ("02108", "MA"),
    ("48226", "MI"),
    ("55401", "MN"),
    ("39201", "MS"),
    ("63101", "MO"),
    ("59601", "MT"),
    ("68102", "NE"),
    ("89101", "NV"),
    ("03301", "NH"),
    ("07102", "NJ"),
    ("87501", "NM"),
    ("10001", "NY"),
    ("27601", "NC"),
    ("58102", "ND"),
    ("43215", "OH"),
    ("73102", "OK"),
    ("97201", "OR"),
    ("19103", "PA"),
    ("02903", "RI"),
    ("29201", "SC"),
    ("57104", "SD"),
    ("37203", "TN"),
    ("78701", "TX"),
    ("84101", "UT"),
    ("05401", "VT"),
    ("23219", "VA"),
    ("98101", "WA"),
    ("25301", "WV"),
    ("53202", "WI"),
    ("82001", "WY"),
];

#[test]
fn every_state_and_dc_is_found_from_a_zip_code() {
    let mut covered = BTreeSet::new();
    for (zip, code) in ZIP_PER_STATE {
        let s = cat().state_for_zip(zip).unwrap_or_else(|| panic!("{zip}"));
        assert_eq!(s.code, code, "{zip}");
        assert_eq!(s.source_id, "S6");
        covered.insert(code);
    }
    assert_eq!(covered.len(), 51);
    assert_eq!(covered, US_STATE_CODES.into_iter().collect());
}

#[test]
fn state_factors_match_the_published_table() {
    let f = |zip: &str| cat().state_for_zip(zip).unwrap().factor;
    assert_eq!(f("78701"), Factor::from_per_mille(880)); // Texas
    assert_eq!(f("10001"), Factor::from_per_mille(1180)); // New York
    assert_eq!(f("39201"), Factor::from_per_mille(900)); // Mississippi
    assert_eq!(f("94103"), Factor::from_per_mille(1250)); // California
    assert_eq!(f("20001"), Factor::from_per_mille(1030)); // DC
    assert_eq!(cat().state("tx").unwrap().name, "Texas");
    assert_eq!(f("78701").to_string(), "0.88");
    assert_eq!(Factor::from_per_mille(1005).to_string(), "1.005");
    assert_eq!(f("10001").as_f64(), 1.18);
}

#[test]
fn edge_zip_codes() {
    let code = |zip: &str| cat().state_for_zip(zip).map(|s| s.code.as_str());
    // Leading zeros are kept: the ZIP code is text, not a number.
    assert_eq!(code("01001"), Some("MA"));
    assert_eq!(code("00501"), Some("NY")); // Holtsville IRS
    assert_eq!(code("05501"), Some("MA")); // Andover
    assert_eq!(code("20101"), Some("VA")); // Dulles
    assert_eq!(code("56901"), Some("DC"));
    assert_eq!(code("88510"), Some("TX"));
    assert_eq!(code("39901"), Some("GA"));
    // ZIP+4 and surrounding spaces.
    assert_eq!(code("78701-1234"), Some("TX"));
    assert_eq!(code("787011234"), Some("TX"));
    assert_eq!(code("  10001 "), Some("NY"));
    // Unusable.
    for bad in
        ["", "   ", "abcde", "7870", "787010", "78701-12", "78701-abcd", "7870a", "-78701", "78 701", "７８７０１"]
    {
        assert_eq!(code(bad), None, "{bad:?}");
    }
    // Unknown prefixes: 000, Puerto Rico 006-009, military 090-099 / 340 / 962-966, territories 969.
    for unknown in ["00012", "00601", "00901", "09001", "34001", "96201", "96910", "00000"] {
        assert_eq!(code(unknown), None, "{unknown}");
    }
}

// ---- task names -------------------------------------------------------------------------

#[test]
fn titles_match_regardless_of_case_spacing_and_punctuation() {
    let name = |t: &str| cat().resolve(t).map(|t| t.name.as_str());
    assert_eq!(name("Kitchen Cabinets & Countertops"), Some("Kitchen Cabinets & Countertops"));
    assert_eq!(name("  kitchen   cabinets and countertops "), Some("Kitchen Cabinets & Countertops"));
    assert_eq!(name("KITCHEN-CABINETS"), Some("Kitchen Cabinets & Countertops"));
    assert_eq!(name("plumbing rough-in"), Some("Plumbing Rough"));
    assert_eq!(name("PlumbingRough"), Some("Plumbing Rough"));
    assert_eq!(name("hvac"), Some("HVAC"));
    assert_eq!(name("H.V.A.C."), Some("HVAC"));
    assert_eq!(name("swimming pool in ground"), Some("Swimming Pool (in-ground)"));
    assert_eq!(name("Solar Panel"), Some("Solar Panels"));
    assert_eq!(name("Fences"), Some("Fence Installation"));
    assert_eq!(name("Water & Sewer Fees / Inspections"), Some("Water & Sewer Fees / Inspections"));
    assert_eq!(name("Pick up groceries"), None);
    assert_eq!(name(""), None);
    assert_eq!(name(" - "), None);
}

#[test]
fn the_issue_aliases_resolve_to_the_catalogue_names() {
    for (alias, task) in [
        ("Foundation", "Excavation & Foundation"),
        ("Pool", "Swimming Pool (in-ground)"),
        ("Fence", "Fence Installation"),
        ("Kitchen Cabinets", "Kitchen Cabinets & Countertops"),
        ("Framing", "Framing"),
        ("Roofing", "Roofing"),
        ("HVAC", "HVAC"),
        ("Plumbing Rough", "Plumbing Rough"),
        ("Solar Panels", "Solar Panels"),
        ("Siding", "Siding / Exterior Wall Finish"),
        ("Windows", "Windows & Exterior Doors"),
    ] {
        assert_eq!(cat().resolve(alias).map(|t| t.name.as_str()), Some(task), "{alias}");
    }
}

#[test]
fn every_catalogue_task_resolves_by_its_own_name() {
    for t in cat().tasks() {
        assert_eq!(cat().resolve(&t.name).unwrap().name, t.name);
        assert_eq!(cat().resolve(&t.name.to_uppercase()).unwrap().name, t.name);
    }
}

#[test]
fn every_suggestion_resolves_and_the_spec_examples_are_there() {
    let s = cat().suggestions();
    assert_eq!(s.len(), 71, "about 75 names, as docs/cost-model.md says");
    for name in s {
        assert!(cat().resolve(name).is_some(), "{name}");
    }
    for example in [
        "Foundation",
        "Framing",
        "Roofing",
        "HVAC",
        "Plumbing Rough",
        "Kitchen Cabinets",
        "Solar Panels",
        "Pool",
        "Fence",
    ] {
        assert!(s.iter().any(|x| x == example), "{example}");
    }
    let unique: BTreeSet<String> = s.iter().map(|x| normalize(x)).collect();
    assert_eq!(unique.len(), s.len());
}

// ---- rates ------------------------------------------------------------------------------

#[test]
fn quality_tiers_are_ordered_for_every_task() {
    // sources.md: permits, impact fees, water/sewer fees and A&E are fees, x1.00 in all tiers.
    let fees = ["Building Permits", "Impact Fees", "Water & Sewer Fees / Inspections", "Architecture & Engineering"];
    for t in cat().tasks() {
        let (b, s, p) = (t.national_rate_cents(Basic), t.national_rate_cents(Standard), t.national_rate_cents(Premium));
        assert!(b > 0);
        if fees.contains(&t.name.as_str()) {
            assert!(b == s && s == p, "{}: fees are equal across tiers", t.name);
        } else if t.name == "Framing - Other" {
            // $85 / 2,647 sq ft = $0.032: basic x0.781 also rounds to $0.03.
            assert_eq!((b, s, p), (3, 3, 4));
        } else {
            assert!(b < s && s < p, "{}: {b} < {s} < {p}", t.name);
        }
    }
}

#[test]
fn standard_new_home_tasks_add_up_to_the_published_national_total() {
    // NAHB 2024: $428,215 / 2,647 sq ft = $161.77. sources.md section 3: the 36 standard rates
    // sum to $161.75, differing only by per-line rounding to cents (at most half a cent a line).
    let published = 16177;
    let lines = cat().new_home_tasks().count() as i64;
    let sum = |q| cat().new_home_tasks().map(|t| t.national_rate_cents(q)).sum::<i64>();
    assert_eq!(sum(Standard), 16175);
    assert!((sum(Standard) - published).abs() * 2 <= lines, "{}", sum(Standard));
    // The tier totals of the same table: x0.778 and x1.222 of the whole house.
    assert_eq!(sum(Basic), 12584);
    assert_eq!(sum(Premium), 19772);
    assert_eq!(div_round(sum(Basic) * 1000, published), 778);
    assert_eq!(div_round(sum(Premium) * 1000, published), 1222);
}

#[test]
fn regional_rate_is_the_national_rate_times_the_state_factor_rounded_to_the_cent() {
    // Framing standard $18.80: Texas x0.88 = $16.544 -> $16.54; New York x1.18 = $22.184 -> $22.18.
    assert_eq!(cat().regional_rate_cents("Framing", Standard, "78701"), Some(1654));
    assert_eq!(cat().regional_rate_cents("framing", Standard, "10001-0001"), Some(2218));
    // Half a cent rounds up: Roofing basic $4.94 x 0.91 (AL) = $4.4954 -> $4.50.
    assert_eq!(cat().regional_rate_cents("Roofing", Basic, "35203"), Some(450));
    // Maryland and Michigan are exactly 1.00.
    assert_eq!(
        cat().regional_rate_cents("Pool", Premium, "21201"),
        Some(cat().resolve("Pool").unwrap().national_rate_cents(Premium))
    );
    // Quality changes the rate.
    let q = |q| cat().regional_rate_cents("Kitchen Cabinets", q, "78701").unwrap();
    assert!(q(Basic) < q(Standard) && q(Standard) < q(Premium));
}

#[test]
fn regional_rate_is_none_for_unknown_titles_or_unusable_zip_codes() {
    assert_eq!(cat().regional_rate_cents("Moat", Standard, "78701"), None);
    assert_eq!(cat().regional_rate_cents("Framing", Standard, ""), None);
    assert_eq!(cat().regional_rate_cents("Framing", Standard, "ABCDE"), None);
    assert_eq!(cat().regional_rate_cents("Framing", Standard, "00601"), None);
}

// ---- estimates --------------------------------------------------------------------------

fn request(zip: &str, sqft: i64, quality: MaterialQuality, project_type: &str, options: &[&str]) -> EstimateRequest {
    EstimateRequest {
        zip_code: zip.to_owned(),
        square_footage: sqft,
        quality,
        project_type: project_type.to_owned(),
        options: options.iter().map(|s| (*s).to_owned()).collect(),
    }
}

#[test]
fn austin_new_york_and_jackson_give_different_totals_each_national_times_its_factor() {
    let national_per_sqft: i64 = cat().new_home_tasks().map(|t| t.national_rate_cents(Standard)).sum();
    let mut totals = Vec::new();
    for (zip, code, per_mille) in [("78701", "TX", 880i64), ("10001", "NY", 1180), ("39201", "MS", 900)] {
        let e = cat().estimate(&request(zip, 2400, Standard, "new_home_build", &[])).unwrap();
        assert_eq!((e.state_code.as_str(), i64::from(e.factor.per_mille())), (code, per_mille));
        assert_eq!(e.breakdown.len(), 36);
        assert_eq!(e.predicted_total_cents, e.breakdown.iter().map(|l| l.cost_cents).sum::<i64>());
        // national $161.75/sq ft x 2,400 sq ft x factor, within half a cent per line.
        let exact_times_1000 = national_per_sqft * 2400 * per_mille;
        let diff = (e.predicted_total_cents * 1000 - exact_times_1000).abs();
        assert!(diff * 2 <= 36 * 1000, "{zip}: {} vs {exact_times_1000}/1000", e.predicted_total_cents);
        totals.push(e.predicted_total_cents);
    }
    // $161.75 x 2,400 = $388,200: TX x0.88 = $341,616; NY x1.18 = $458,076; MS x0.90 = $349,380.
    assert_eq!(totals, vec![34_161_600, 45_807_600, 34_938_000]);
}

#[test]
fn an_estimate_line_uses_the_same_regional_rate_as_a_task() {
    let e = cat().estimate(&request("78701", 2400, Premium, "new_home_build", &[])).unwrap();
    for l in &e.breakdown {
        assert_eq!(Some(l.rate_cents_per_sqft), cat().regional_rate_cents(&l.task, Premium, "78701"), "{}", l.task);
        assert!((l.cost_cents - l.rate_cents_per_sqft * 2400).abs() <= 2400 / 2, "{}", l.task);
    }
    let framing = e.breakdown.iter().find(|l| l.task == "Framing").unwrap();
    assert_eq!(framing.component, "Framing > Framing (including roof)");
    assert_eq!(framing.national_rate_cents_per_sqft, 2223);
    assert_eq!(framing.cost_cents, 4_694_976); // 22.23 x 2,400 x 0.88 = 46,949.76
                                               // The example of docs/cost-model.md (standard): permits $2.89 -> $2.54/sq ft, $6,103.68.
    let e = cat().estimate(&request("78701", 2400, Standard, "new_home_build", &[])).unwrap();
    let permits = &e.breakdown[0];
    assert_eq!(
        (permits.task.as_str(), permits.rate_cents_per_sqft, permits.cost_cents),
        ("Building Permits", 254, 610_368)
    );
    assert_eq!(e.cost_per_sqft_cents(), 14_234);
}

#[test]
fn estimate_sources_cite_the_lines_the_factor_and_the_zip_table() {
    let e = cat().estimate(&request("78701", 2400, Standard, "new_home_build", &[])).unwrap();
    let ids: Vec<&str> = e.sources.iter().map(|s| s.id.as_str()).collect();
    for id in ["S1", "S2", "S3", "S4", "S6", "S9", "S10", "S22", "S24"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    assert!(!ids.contains(&"S17"), "the pool is not part of a new home");
    let pool = cat().estimate(&request("78701", 2400, Standard, "renovation", &["Pool"])).unwrap();
    let ids: Vec<&str> = pool.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["S1", "S6", "S9", "S17"]);
}

#[test]
fn an_adu_is_priced_like_a_small_new_home() {
    let adu = cat().estimate(&request("78701", 800, Standard, "adu", &[])).unwrap();
    let home = cat().estimate(&request("78701", 800, Standard, "new_home_build", &[])).unwrap();
    assert_eq!(adu.predicted_total_cents, home.predicted_total_cents);
    assert_eq!(adu.project_type, "adu");
}

#[test]
fn every_renovation_addition_and_conversion_option_maps_to_catalogue_tasks() {
    let spec_renovation = [
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
    let spec_addition = ["Kitchen", "Garage", "Living/Family Room", "Half Bathroom", "Full Bathroom"];
    assert_eq!(RENOVATION_OPTIONS.len(), 34);
    assert_eq!(ADDITION_OPTIONS.len(), 5);
    assert_eq!(RENOVATION_OPTIONS.iter().map(|(n, _)| *n).collect::<Vec<_>>(), spec_renovation);
    assert_eq!(ADDITION_OPTIONS.iter().map(|(n, _)| *n).collect::<Vec<_>>(), spec_addition);
    for (project_type, options) in [
        ("renovation", &spec_renovation[..]),
        ("addition", &spec_addition[..]),
        ("conversion", &["garage_apartment_conversion"][..]),
    ] {
        for option in options {
            let tasks = cat().option_tasks(project_type, option).unwrap_or_else(|| panic!("{project_type} {option}"));
            assert!(!tasks.is_empty());
            let e = cat().estimate(&request("78701", 2000, Standard, project_type, &[option])).unwrap();
            assert_eq!(e.breakdown.len(), tasks.len(), "{option}");
            assert!(e.predicted_total_cents > 0, "{option}");
        }
    }
    assert!(cat().option_tasks("new_home_build", "Kitchen").is_none());
}

#[test]
fn options_match_loosely_and_shared_tasks_are_counted_once() {
    let e = cat()
        .estimate(&request(
            "78701",
            2000,
            Standard,
            "renovation",
            &["kitchen", "living family room", "Bedroom", "flooring"],
        ))
        .unwrap();
    let names: Vec<&str> = e.breakdown.iter().map(|l| l.task.as_str()).collect();
    assert_eq!(names, ["Kitchen Remodel - Major", "Flooring Replacement", "Interior Painting (whole house)"]);
    // A conversion without an option uses the spec's only one.
    let c = cat().estimate(&request("78701", 500, Basic, "conversion", &[])).unwrap();
    assert_eq!(c.breakdown.len(), 3);
}

#[test]
fn estimate_rejects_bad_zip_square_footage_type_and_options_by_field() {
    let err = |r: EstimateRequest| cat().estimate(&r).unwrap_err();
    let e = err(request("", 2400, Standard, "new_home_build", &[]));
    assert_eq!(e.fields().as_map()["zip_code"], ["is required"]);
    let e = err(request("7870A", 2400, Standard, "new_home_build", &[]));
    assert_eq!(e.fields().as_map()["zip_code"], ["must be a 5-digit US ZIP code"]);
    let e = err(request("00601", 2400, Standard, "new_home_build", &[]));
    assert_eq!(e.fields().as_map()["zip_code"], ["is not a ZIP code of the 50 states or DC"]);
    for sqft in [0, -5, MAX_ESTIMATE_SQFT + 1] {
        assert!(
            err(request("78701", sqft, Standard, "new_home_build", &[])).fields().contains("square_footage"),
            "{sqft}"
        );
    }
    assert!(err(request("78701", 2400, Standard, "castle", &[])).fields().contains("project_type"));
    assert!(err(request("78701", 2400, Standard, "renovation", &[])).fields().contains("renovation_options"));
    let e = err(request("78701", 2400, Standard, "renovation", &["Kitchen", "Moat"]));
    assert!(e.fields().as_map()["renovation_options"][0].contains("\"Moat\""));
    assert!(err(request("78701", 2400, Standard, "addition", &["Pool"])).fields().contains("addition_options"));
    assert!(err(request("78701", 2400, Standard, "conversion", &["barn"])).fields().contains("conversion_option"));
    // Several problems at once, and the domain error carries them for the HTTP layer.
    let e = err(request("", 0, Standard, "new_home_build", &[]));
    assert_eq!(e.fields().as_map().len(), 2);
    let d: DomainError = e.into();
    assert!(d.fields().contains("zip_code") && d.fields().contains("square_footage"));
}

#[test]
fn estimate_requests_parse_from_raw_query_values() {
    let ok =
        EstimateRequest::parse(Some(" 78701 "), Some("2400"), Some("Standard"), Some("new_home_build"), &[]).unwrap();
    assert_eq!(ok, request("78701", 2400, Standard, "new_home_build", &[]));
    let r = EstimateRequest::parse(
        Some("78701"),
        Some("2400.4"),
        Some("premium"),
        Some("renovation"),
        &[" Pool ".to_owned(), "".to_owned()],
    )
    .unwrap();
    assert_eq!((r.square_footage, r.quality, r.options.clone()), (2400, Premium, vec!["Pool".to_owned()]));

    let fields = |z, s, q, t| EstimateRequest::parse(z, s, q, t, &[]).unwrap_err().into_fields();
    let missing = fields(None, None, None, None);
    for f in ["zip_code", "square_footage", "quality", "project_type"] {
        assert_eq!(missing.as_map()[f], ["is required"], "{f}");
    }
    let bad = fields(Some("abc"), Some("lots"), Some("luxury"), Some("castle"));
    assert_eq!(bad.as_map().len(), 4);
    for sqft in ["0", "-1", "0.4", "1e9", "NaN", "inf"] {
        assert!(fields(Some("78701"), Some(sqft), Some("basic"), Some("adu")).contains("square_footage"), "{sqft}");
    }
}

#[test]
fn an_estimate_is_fast() {
    let c = cat();
    let start = std::time::Instant::now();
    for _ in 0..100 {
        c.estimate(&request("78701", 2400, Standard, "new_home_build", &[])).unwrap();
    }
    // Well under 10 ms each, even in a debug build.
    assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
}

#[test]
fn every_source_is_labelled_with_its_publisher_and_work() {
    let c = CostCatalogue::embedded();
    for s in c.sources() {
        assert!(!s.publisher.is_empty() && !s.work.is_empty(), "{} has no label", s.id);
        assert!(["primary", "secondary", "cross-check"].contains(&s.role.as_str()), "{}", s.id);
        assert!(!s.work.contains(".py") && !s.work.contains(".csv"), "{}: a work, not a file: {}", s.id, s.work);
    }
    let s1 = c.sources().iter().find(|s| s.id == "S1").unwrap();
    assert_eq!(s1.publisher, "National Association of Home Builders (NAHB)");
    assert_eq!(s1.work, "Cost of Constructing a Home – 2024");
    assert_eq!((s1.year, s1.role.as_str()), (Some(2025), "primary"));
}

#[test]
fn source_labels_must_name_every_source_once() {
    let base =
        || CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, ZIP3_STATE_CSV).unwrap().with_sources(SOURCES_MD).unwrap();
    let without_s1: String = SOURCE_LABELS_CSV.lines().filter(|l| !l.starts_with("S1,")).collect::<Vec<_>>().join("\n");
    assert!(base().with_source_labels(&without_s1).is_err(), "a source without a label");
    let unknown = format!("{SOURCE_LABELS_CSV}S99,Nobody,Nothing,2020,primary\n");
    assert!(base().with_source_labels(&unknown).is_err(), "a label for no source");
    let twice = format!("{SOURCE_LABELS_CSV}S1,NAHB,Again,2025,primary\n");
    assert!(base().with_source_labels(&twice).is_err(), "a source labelled twice");
    let bad_role = SOURCE_LABELS_CSV.replace("2025,primary", "2025,maybe");
    assert!(base().with_source_labels(&bad_role).is_err(), "an unknown role");
    assert!(base().with_source_labels(SOURCE_LABELS_CSV).is_ok());
}

// ---- issue 20: jobs priced as jobs, ranges ------------------------------------------------

/// Austin (TX x0.88), New York (NY x1.18), Jackson (MS x0.90).
const ZIPS: [&str; 3] = ["78701", "10001", "39201"];

#[test]
fn a_kitchen_remodel_costs_the_same_in_a_small_and_a_large_house() {
    let small = cat().predict("Kitchen Remodel", Standard, "78701", 1200).unwrap();
    let large = cat().predict("Kitchen Remodel", Standard, "78701", 4000).unwrap();
    // CVV 2025 midrange major kitchen remodel $82,793 x 0.88 = $72,857.84.
    assert_eq!((small.cents, large.cents), (7_285_784, 7_285_784));
    assert_eq!(small.pricing, Pricing::PerJob);
    // The wire's rate x area gives the job price back, to the cent, whatever the area.
    for p in [small, large] {
        assert_eq!((p.rate_dollars_per_sqft() * p.square_footage as f64 * 100.0).round() as i64, p.cents);
    }
    // The free estimate prices the line the same way.
    for sqft in [1200, 4000] {
        let e = cat().estimate(&request("78701", sqft, Standard, "renovation", &["Kitchen"])).unwrap();
        assert_eq!((e.breakdown[0].cost_cents, e.breakdown[0].pricing), (7_285_784, Pricing::PerJob));
        assert_eq!(e.breakdown[0].national_job_cents, Some(8_279_300));
    }
}

#[test]
fn every_job_reproduces_its_published_price_times_the_state_factor_for_any_house_size() {
    let jobs = crate::cost::RENOVATION_PROJECTS_CSV
        .lines()
        .skip(1)
        .filter(|l| l.contains("USD per project"))
        .map(|l| l.split(',').next().unwrap())
        .collect::<Vec<_>>();
    assert_eq!(jobs.len(), 35);
    for name in jobs {
        let task = cat().resolve(name).unwrap();
        assert_eq!(task.pricing(), Pricing::PerJob, "{name}");
        for zip in ZIPS {
            let factor = cat().state_for_zip(zip).unwrap().factor;
            for q in [Basic, Standard, Premium] {
                let published = task.national_job_cents(q).unwrap();
                for sqft in [1, 500, 1200, 2647, 4000, 20_000] {
                    let p = cat().predict(name, q, zip, sqft).unwrap();
                    assert_eq!(p.cents, factor.apply(published), "{name} {zip} {q:?} {sqft}");
                    let back = (p.rate_dollars_per_sqft() * sqft as f64 * 100.0).round() as i64;
                    assert_eq!(back, p.cents, "{name} {zip} {q:?} {sqft}");
                }
            }
        }
    }
}

#[test]
fn area_items_stay_priced_per_square_foot() {
    for name in ["Interior Painting (whole house)", "Flooring Replacement", "Framing", "Interior Painting"] {
        let small = cat().predict(name, Standard, "78701", 1000).unwrap();
        let large = cat().predict(name, Standard, "78701", 2000).unwrap();
        assert_eq!(small.pricing, Pricing::PerSqft, "{name}");
        assert_eq!(large.cents, 2 * small.cents, "{name}");
        assert_eq!(Some(small.rate_cents_per_sqft), cat().regional_rate_cents(name, Standard, "78701"));
        assert_eq!(small.cents, small.rate_cents_per_sqft * 1000);
    }
    // $3.50/sq ft x 0.88 = $3.08 x 1,000 sq ft.
    assert_eq!(cat().predict("Interior Painting (whole house)", Standard, "78701", 1000).unwrap().cents, 308_000);
    assert_eq!(cat().predict("Framing", Standard, "78701", 0), None);
    assert_eq!(cat().predict("Moat", Standard, "78701", 1000), None);
    assert_eq!(cat().predict("Framing", Standard, "00001", 1000), None);
}

#[test]
fn every_range_contains_its_point_estimate() {
    for t in cat().tasks() {
        for q in [Basic, Standard, Premium] {
            let (low, point, high) = t.national_range(q);
            assert!(0 <= low && low <= point && point <= high, "{} {q:?}: {low} {point} {high}", t.name);
            assert!(!t.range_basis(q).is_empty());
            for zip in ZIPS {
                for sqft in [1, 800, 2647, 9000] {
                    let p = cat().predict(&t.name, q, zip, sqft).unwrap();
                    assert!(p.low_cents <= p.cents && p.cents <= p.high_cents, "{} {q:?} {zip} {sqft}: {p:?}", t.name);
                }
            }
        }
    }
    for (project_type, options) in
        [("new_home_build", &[][..]), ("renovation", &["Kitchen", "Roofing", "Flooring"][..])]
    {
        for q in [Basic, Standard, Premium] {
            let e = cat().estimate(&request("10001", 2400, q, project_type, options)).unwrap();
            for l in &e.breakdown {
                assert!(l.low_cents <= l.cost_cents && l.cost_cents <= l.high_cents, "{}", l.task);
            }
            assert!(e.predicted_low_cents <= e.predicted_total_cents);
            assert!(e.predicted_total_cents <= e.predicted_high_cents);
            assert_eq!(e.predicted_low_cents, e.breakdown.iter().map(|l| l.low_cents).sum::<i64>());
        }
    }
}

#[test]
fn a_range_runs_halfway_to_the_neighbouring_tiers() {
    // Roof replacement: basic $24,788.56, standard $31,871, premium $51,865 (CVV 2025, S22).
    let roof = cat().resolve("Roof Replacement").unwrap();
    assert_eq!(roof.national_range(Standard), (2_832_978, 3_187_100, 4_186_800));
    assert_eq!(roof.national_range(Basic), (2_124_734, 2_478_856, 2_832_978));
    assert_eq!(roof.national_range(Premium), (4_186_800, 5_186_500, 6_186_200));
    assert_eq!(
        roof.range_basis(Standard),
        "Halfway to the basic figure ($24,788.56 per job) and to the premium figure ($51,865 per job)."
    );
    // Fees have one figure for every quality: no range.
    let permits = cat().resolve("Building Permits").unwrap();
    assert_eq!(permits.national_range(Premium), (289, 289, 289));
    assert_eq!(permits.range_basis(Standard), "One published figure for every quality ($2.89/sq ft): no range.");
    let flooring = cat().resolve("Flooring Replacement").unwrap();
    assert_eq!(
        flooring.range_basis(Standard),
        "Halfway to the basic figure ($5.00/sq ft) and to the premium figure ($7.50/sq ft)."
    );
}

#[test]
fn job_prices_must_name_known_tasks_and_cover_every_project_cost() {
    const HEADER: &str = "task_name,price_unit,basic_usd,standard_usd,premium_usd\n";
    let with = |rows: &str| {
        CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, ZIP3_STATE_CSV).and_then(|c| c.with_job_prices(rows))
    };
    assert!(with(RENOVATION_PROJECTS_CSV).is_ok());
    let unknown = format!("{HEADER}Moat,USD per project,1,2,3\n");
    assert!(matches!(with(&unknown), Err(CatalogueError::Malformed { .. })));
    // Kitchen Remodel - Major is a project cost in tasks.csv: without its price per job, refused.
    let missing =
        RENOVATION_PROJECTS_CSV.lines().filter(|l| !l.starts_with("Kitchen Remodel - Major")).collect::<Vec<_>>();
    let err = with(&missing.join("\n")).unwrap_err();
    assert!(err.to_string().contains("Kitchen Remodel - Major"), "{err}");
    let bad_unit = format!("{HEADER}Roof Replacement,USD per roof,1,2,3\n");
    assert!(with(&bad_unit).is_err());
    let out_of_order = format!("{HEADER}Roof Replacement,USD per project,3,2,1\n");
    assert!(matches!(with(&out_of_order), Err(CatalogueError::TierOrder { .. })));
}
