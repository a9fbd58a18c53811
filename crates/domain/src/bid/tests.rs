//! The bid rules, contractors' fields and the comparison.

use super::*;

fn money(dollars: i64) -> Money {
    Money::from_cents(dollars * 100).unwrap()
}

fn bid(id: i64, dollars: i64, status: BidStatus) -> Bid {
    Bid {
        id,
        task_id: 1,
        project_id: 1,
        contractor_id: id,
        contractor_name: format!("C{id}"),
        details: BidDetails { amount: money(dollars), ..Default::default() },
        status,
    }
}

#[test]
fn a_contractor_needs_a_name_and_checks_its_fields() {
    assert_eq!(ContractorInput::text("name", " Acme Framing ").unwrap(), "Acme Framing");
    assert_eq!(ContractorInput::text("email", "").unwrap(), "");
    for (field, raw) in [("name", "  "), ("email", "not-mail"), ("phone", &"5".repeat(101))] {
        assert!(ContractorInput::text(field, raw).unwrap_err().fields().contains(field), "{field}");
    }
    assert_eq!(optional_date("d", "2027-01-31").unwrap(), NaiveDate::from_ymd_opt(2027, 1, 31));
    assert_eq!(optional_date("d", " ").unwrap(), None);
    assert!(optional_date("d", "31/01/2027").is_err());
    let input = ContractorInput {
        name: Some("Acme Framing".into()),
        email: Some("bids@acme.test".into()),
        insurance_expires: Some(NaiveDate::from_ymd_opt(2027, 1, 31)),
        ..Default::default()
    };
    let ok = ContractorDetails::parse(input, None).unwrap();
    assert_eq!(ok.name, "Acme Framing");
    assert_eq!(ok.insurance_expires, NaiveDate::from_ymd_opt(2027, 1, 31));
    let err = ContractorDetails::parse(ContractorInput::default(), None).unwrap_err();
    assert_eq!(err.fields().as_map()["name"], [crate::messages::REQUIRED]);
    // An update keeps what it does not name, and "" clears an optional field.
    let updated =
        ContractorDetails::parse(ContractorInput { email: Some(String::new()), ..Default::default() }, Some(&ok))
            .unwrap();
    assert_eq!((updated.name.as_str(), updated.email.as_str()), ("Acme Framing", ""));
    assert!(
        ContractorDetails::parse(ContractorInput { name: Some("  ".into()), ..Default::default() }, Some(&ok)).is_err()
    );
}

#[test]
fn insurance_is_highlighted_when_past_or_within_30_days() {
    let today = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let with = |d: Option<NaiveDate>| ContractorDetails { insurance_expires: d, ..Default::default() };
    assert!(with(Some(today - chrono::Duration::days(1))).insurance_needs_attention(today));
    assert!(with(Some(today + chrono::Duration::days(30))).insurance_needs_attention(today));
    assert!(!with(Some(today + chrono::Duration::days(31))).insurance_needs_attention(today));
    assert!(!with(None).insurance_needs_attention(today));
}

#[test]
fn a_bid_needs_an_amount_and_dates_in_order() {
    let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok();
    let err = BidDetails::parse(
        BidInput { received_on: Some(day("2026-11-10")), valid_until: Some(day("2026-11-01")), ..Default::default() },
        None,
    )
    .unwrap_err();
    assert!(err.fields().contains("amount") && err.fields().contains("valid_until"), "{err:?}");
    let d = BidDetails::parse(
        BidInput { amount: Some(money(41_800)), received_on: Some(day("2026-11-10")), ..Default::default() },
        None,
    )
    .unwrap();
    let d2 =
        BidDetails::parse(BidInput { notes: Some("excl. permits".into()), ..Default::default() }, Some(&d)).unwrap();
    assert_eq!((d2.amount, d2.notes.as_str(), d2.received_on), (money(41_800), "excl. permits", d.received_on));
    // The order is checked against the stored date an update keeps, and a date is cleared.
    let early = BidInput { valid_until: Some(day("2026-11-01")), ..Default::default() };
    assert!(BidDetails::parse(early, Some(&d)).unwrap_err().fields().contains("valid_until"));
    let cleared = BidDetails::parse(BidInput { received_on: Some(None), ..Default::default() }, Some(&d)).unwrap();
    assert_eq!(cleared.received_on, None);
}

#[test]
fn a_bids_fields_are_read_one_by_one() {
    assert_eq!(BidInput::notes("  incl. trusses ").unwrap(), "incl. trusses");
    let long = BidInput::notes(&"x".repeat(NOTES_MAX + 1)).unwrap_err();
    assert_eq!(long.fields().as_map()["notes"], [crate::messages::too_long(NOTES_MAX)]);
    assert_eq!(BidStatus::field("declined"), Ok(BidStatus::Declined));
    assert_eq!(BidStatus::field("won").unwrap_err().fields().as_map()["status"], [MSG_BID_STATUS]);
    assert_eq!(BidStatus::of_new_bid("pending"), Ok(BidStatus::Pending));
    for raw in ["awarded", "declined", "won"] {
        let e = BidStatus::of_new_bid(raw).unwrap_err();
        assert_eq!(e.fields().as_map()["status"], [MSG_NEW_BID_PENDING], "{raw}");
    }
}

#[test]
fn dates_outside_1900_to_2200_are_refused_with_one_message() {
    for far in ["+10000-01-01", "-0001-01-01", "1899-12-31", "2201-01-01", "10000-01-01"] {
        let mut errors = FieldErrors::new();
        assert_eq!(parse_optional_date(&mut errors, "valid_until", far), None, "{far}");
        assert_eq!(errors.as_map()["valid_until"], vec![MSG_DATE_OUT_OF_RANGE.to_owned()], "{far}");
    }
    let mut errors = FieldErrors::new();
    assert!(parse_optional_date(&mut errors, "valid_until", "2200-12-31").is_some() && errors.is_empty());
}

#[test]
fn an_edit_neither_awards_nor_withdraws_an_award() {
    use BidStatus::*;
    assert_eq!(Pending.after_edit(None), Ok(Pending));
    assert_eq!(Pending.after_edit(Some(Declined)), Ok(Declined));
    assert_eq!(Declined.after_edit(Some(Pending)), Ok(Pending));
    assert_eq!(Awarded.after_edit(Some(Awarded)), Ok(Awarded));
    assert_eq!(Awarded.after_edit(None), Ok(Awarded));
    let refused =
        |from: BidStatus, to: BidStatus| from.after_edit(Some(to)).unwrap_err().fields().as_map()["status"].clone();
    assert_eq!(refused(Pending, Awarded), [MSG_AWARD_BY_CALL]);
    assert_eq!(refused(Declined, Awarded), [MSG_AWARD_BY_CALL]);
    assert_eq!(refused(Awarded, Declined), [MSG_WITHDRAW_BY_CALL]);
    assert_eq!(refused(Awarded, Pending), [MSG_WITHDRAW_BY_CALL]);
    // The edit keeps what it does not name.
    let e = bid(1, 100, Awarded).edit(None, None, BidInput { amount: Some(money(120)), ..Default::default() });
    assert_eq!(
        e,
        Ok(BidEdit {
            contractor_id: 1,
            details: BidDetails { amount: money(120), ..Default::default() },
            status: Awarded
        })
    );
    assert_eq!(bid(1, 100, Pending).edit(Some(9), None, BidInput::default()).unwrap().contractor_id, 9);
}

#[test]
fn an_award_under_approved_change_orders_stays_and_only_an_award_is_withdrawn() {
    let has_cos = DomainError::conflict("status", MSG_AWARD_HAS_CHANGE_ORDERS);
    assert_eq!(bid(1, 100, BidStatus::Awarded).check_withdraw(true), Err(has_cos.clone()));
    assert_eq!(bid(1, 100, BidStatus::Awarded).check_delete(true), Err(has_cos));
    assert_eq!(bid(1, 100, BidStatus::Awarded).check_withdraw(false), Ok(()));
    assert_eq!(bid(1, 100, BidStatus::Awarded).check_delete(false), Ok(()));
    let not_awarded = DomainError::conflict("status", MSG_NO_AWARD);
    for status in [BidStatus::Pending, BidStatus::Declined] {
        assert_eq!(bid(1, 100, status).check_withdraw(false), Err(not_awarded.clone()));
        assert_eq!(bid(1, 100, status).check_delete(true), Ok(()));
    }
    assert_eq!(Contractor::check_delete(1, 1), Err(DomainError::conflict("contractor", MSG_CONTRACTOR_HAS_BIDS)));
    let has_waivers = DomainError::conflict("contractor", MSG_CONTRACTOR_HAS_WAIVERS);
    assert_eq!(Contractor::check_delete(0, 2), Err(has_waivers));
    assert_eq!(Contractor::check_delete(0, 0), Ok(()));
}

#[test]
fn differences_are_percent_of_the_prediction_with_one_decimal() {
    assert_eq!(difference_pct(money(125), money(100)), Some(25.0));
    assert_eq!(difference_pct(money(75), money(100)), Some(-25.0));
    assert_eq!(difference_pct(money(2), money(3)), Some(-33.3));
    assert_eq!(difference_pct(money(1), money(3)), Some(-66.7));
    assert_eq!(difference_pct(money(100), Money::ZERO), None);
    // Exactly 25% is not flagged; more is.
    assert_eq!(flag(Some(25.0)), None);
    assert_eq!(flag(Some(25.1)), Some(Flag::High));
    assert_eq!(flag(Some(-25.1)), Some(Flag::Low));
    assert_eq!(flag(None), None);
}

#[test]
fn a_comparison_marks_the_lowest_the_spread_the_flags_and_the_award() {
    let c = TaskComparison::compute(
        1,
        "Framing".into(),
        Some(money(40_000)),
        vec![
            bid(1, 38_000, BidStatus::Declined),
            bid(2, 41_800, BidStatus::Awarded),
            bid(3, 52_000, BidStatus::Declined),
        ],
    )
    .unwrap();
    assert_eq!((c.lowest, c.highest, c.spread), (money(38_000), money(52_000), money(14_000)));
    assert_eq!(c.awarded_bid, Some(2));
    let lows: Vec<bool> = c.bids.iter().map(|b| b.lowest).collect();
    assert_eq!(lows, [true, false, false]);
    let diffs: Vec<Option<f64>> = c.bids.iter().map(|b| b.difference_pct).collect();
    assert_eq!(diffs, [Some(-5.0), Some(4.5), Some(30.0)]);
    assert_eq!(c.bids[2].flag, Some(Flag::High));
    assert!(TaskComparison::compute(1, "x".into(), None, vec![]).is_none());
    let unpriced = TaskComparison::compute(1, "Moat".into(), None, vec![bid(1, 10, BidStatus::Pending)]).unwrap();
    assert_eq!((unpriced.bids[0].difference_pct, unpriced.bids[0].flag), (None, None));
}
