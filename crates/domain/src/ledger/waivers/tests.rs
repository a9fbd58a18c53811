use proptest::prelude::*;

use super::*;

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}
fn money(c: i64) -> Money {
    Money::from_cents(c).unwrap()
}
const TODAY: &str = "2026-11-24";

fn payment(id: i64, contractor: Option<i64>, cents: i64, paid_on: &str) -> WaiverPayment {
    WaiverPayment { payment_id: id, task_id: 10, contractor_id: contractor, amount_cents: cents, paid_on: day(paid_on) }
}
fn cover(contractor: i64, payment: Option<i64>, status: WaiverState, through: Option<&str>) -> WaiverCover {
    WaiverCover {
        contractor_id: contractor,
        payment_id: payment,
        kind: WaiverKind::ConditionalProgress,
        status,
        through_date: through.map(day),
    }
}
fn created(input: LienWaiverInput) -> Result<LienWaiverDetails, DomainError> {
    LienWaiverDetails::parse(input, None, day(TODAY))
}
fn full() -> LienWaiverInput {
    LienWaiverInput {
        contractor: Some(7),
        kind: Some(WaiverKind::UnconditionalProgress),
        amount: Some(money(200_000)),
        ..Default::default()
    }
}

#[test]
fn codes_read_back() {
    for k in WaiverKind::ALL {
        assert_eq!(LienWaiverInput::kind(k.code()).unwrap(), *k);
    }
    assert_eq!(LienWaiverInput::status(" received ").unwrap(), WaiverState::Received);
    let e = LienWaiverInput::kind("final").unwrap_err();
    assert_eq!(e.fields().as_map()["kind"], ["\"final\" is not a valid choice."]);
    assert!(LienWaiverInput::status("signed").is_err());
    let codes: Vec<_> = PaymentWaiverStatus::ALL.iter().map(|s| s.code()).collect();
    assert_eq!(codes, ["not_needed", "missing", "requested", "received"]);
}

#[test]
fn a_waiver_needs_a_contractor_a_kind_and_an_amount_and_starts_requested() {
    let e = created(LienWaiverInput::default()).unwrap_err();
    for field in ["contractor", "kind", "amount"] {
        assert_eq!(e.fields().as_map()[field], ["This field is required."], "{field}");
    }
    let w = created(full()).unwrap();
    assert_eq!((w.status, w.received_on, w.payment_id), (WaiverState::Requested, None, None));
    // Zero is an amount (a waiver for nothing owed).
    assert!(created(LienWaiverInput { amount: Some(Money::ZERO), ..full() }).is_ok());
}

#[test]
fn a_received_waiver_has_a_received_date_and_a_requested_one_none() {
    let received = created(LienWaiverInput { status: Some(WaiverState::Received), ..full() }).unwrap();
    assert_eq!(received.received_on, Some(day(TODAY)));
    let given =
        LienWaiverInput { status: Some(WaiverState::Received), received_on: Some(Some(day("2026-11-02"))), ..full() };
    let given = created(given).unwrap();
    assert_eq!(given.received_on, Some(day("2026-11-02")));
    // An update that does not touch it keeps the date; null is today.
    let kept = LienWaiverDetails::parse(LienWaiverInput::default(), Some(&given), day(TODAY)).unwrap();
    assert_eq!(kept.received_on, Some(day("2026-11-02")));
    let nulled = LienWaiverInput { received_on: Some(None), ..Default::default() };
    assert_eq!(LienWaiverDetails::parse(nulled, Some(&given), day(TODAY)).unwrap().received_on, Some(day(TODAY)));
    // Back to requested: the date goes.
    let back = LienWaiverInput { status: Some(WaiverState::Requested), ..Default::default() };
    assert_eq!(LienWaiverDetails::parse(back, Some(&given), day(TODAY)).unwrap().received_on, None);
    // A requested waiver given a date is refused.
    let e = created(LienWaiverInput { received_on: Some(Some(day("2026-11-02"))), ..full() }).unwrap_err();
    assert_eq!(e.fields().as_map()["received_on"], [MSG_REQUESTED_WAIVER_RECEIVED_ON]);
    assert!(created(LienWaiverInput { received_on: Some(None), ..full() }).is_ok());
}

#[test]
fn the_payment_is_one_to_the_contractor_and_the_document_one_of_the_project() {
    let w = created(LienWaiverInput { payment: Some(Some(12)), document: Some(Some(5)), ..full() }).unwrap();
    assert!(w.check_payment(Some(Some(7))).is_ok());
    for other in [Some(Some(8)), Some(None), None] {
        let e = w.check_payment(other).unwrap_err();
        assert_eq!(e.fields().as_map()["payment"], [MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR]);
    }
    assert!(w.check_document(1, Some(1)).is_ok());
    let e = w.check_document(1, Some(2)).unwrap_err();
    assert_eq!(e.fields().as_map()["document"], [MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT]);
    let bare = created(full()).unwrap();
    assert!(bare.check_payment(None).is_ok() && bare.check_document(1, None).is_ok());
}

#[test]
fn a_payment_needs_a_waiver_above_the_threshold_to_a_roster_contractor() {
    let none: [WaiverCover; 0] = [];
    assert_eq!(waiver_status(&payment(1, None, 900_000, "2026-11-20"), 50_000, &none), PaymentWaiverStatus::NotNeeded);
    assert_eq!(
        waiver_status(&payment(1, Some(7), 50_000, "2026-11-20"), 50_000, &none),
        PaymentWaiverStatus::NotNeeded
    );
    assert_eq!(waiver_status(&payment(1, Some(7), 50_001, "2026-11-20"), 50_000, &none), PaymentWaiverStatus::Missing);
}

#[test]
fn a_waiver_covers_the_payment_it_names_or_its_contractors_payments_up_to_its_through_date() {
    let p = payment(12, Some(7), 200_000, "2026-11-20");
    let status = |w: &[WaiverCover]| waiver_status(&p, 50_000, w);
    use WaiverState::{Received, Requested};
    assert_eq!(status(&[cover(7, Some(12), Requested, None)]), PaymentWaiverStatus::Requested);
    assert_eq!(status(&[cover(7, Some(12), Received, None)]), PaymentWaiverStatus::Received);
    assert_eq!(status(&[cover(7, None, Received, Some("2026-11-20"))]), PaymentWaiverStatus::Received);
    assert_eq!(status(&[cover(7, None, Requested, Some("2026-11-30"))]), PaymentWaiverStatus::Requested);
    // Through the day before, another contractor's, another payment: not this one.
    assert_eq!(status(&[cover(7, None, Received, Some("2026-11-19"))]), PaymentWaiverStatus::Missing);
    assert_eq!(status(&[cover(8, None, Received, Some("2026-12-31"))]), PaymentWaiverStatus::Missing);
    assert_eq!(status(&[cover(7, Some(13), Received, None)]), PaymentWaiverStatus::Missing);
    // Received wins over requested.
    let both = [cover(7, Some(12), Requested, None), cover(7, None, Received, Some("2026-12-01"))];
    assert_eq!(status(&both), PaymentWaiverStatus::Received);
}

#[test]
fn the_missing_list_is_the_draws_uncovered_payments_in_date_order() {
    let payments = [
        payment(3, Some(7), 200_000, "2026-11-20"),
        payment(1, Some(7), 200_000, "2026-11-20"),
        payment(2, Some(8), 300_000, "2026-11-02"),
        WaiverPayment { task_id: 11, ..payment(4, Some(7), 200_000, "2026-11-01") },
        payment(5, Some(7), 200_000, "2026-11-25"),
        payment(6, None, 900_000, "2026-11-03"),
        payment(7, Some(7), 10_000, "2026-11-03"),
        payment(8, Some(9), 100_000, "2026-11-03"),
    ];
    let waivers = [cover(9, Some(8), WaiverState::Received, None), cover(8, Some(2), WaiverState::Requested, None)];
    let missing = missing_waivers(&[10], day("2026-11-24"), &payments, 50_000, &waivers);
    let ids: Vec<_> = missing.iter().map(|p| p.payment_id).collect();
    assert_eq!(ids, [2, 1, 3]);
}

#[test]
fn a_final_draw_needs_a_received_unconditional_final_waiver_from_each_awarded_contractor() {
    let mut final_7 = cover(7, None, WaiverState::Received, None);
    final_7.kind = WaiverKind::UnconditionalFinal;
    let mut requested_8 = cover(8, None, WaiverState::Requested, None);
    requested_8.kind = WaiverKind::UnconditionalFinal;
    let mut conditional_9 = cover(9, None, WaiverState::Received, None);
    conditional_9.kind = WaiverKind::ConditionalFinal;
    let waivers = [final_7, requested_8, conditional_9];
    assert_eq!(missing_final_waivers(&[9, 7, 8], &waivers), [9, 8]);
    assert!(missing_final_waivers(&[], &waivers).is_empty());
}

fn any_cover() -> impl Strategy<Value = WaiverCover> {
    (1i64..4, proptest::option::of(1i64..6), any::<bool>(), any::<bool>(), proptest::option::of(0u32..40)).prop_map(
        |(contractor, payment, received, final_kind, through)| WaiverCover {
            contractor_id: contractor,
            payment_id: payment,
            kind: if final_kind { WaiverKind::UnconditionalFinal } else { WaiverKind::ConditionalProgress },
            status: if received { WaiverState::Received } else { WaiverState::Requested },
            through_date: through.map(|d| day("2026-11-01") + chrono::Days::new(d.into())),
        },
    )
}

proptest! {
    /// The rule as the issue states it, against the function: needs a waiver iff a roster
    /// contractor above the threshold; received iff some received waiver names it or runs
    /// through its day for its contractor; a status never depends on the waivers' order; and
    /// the missing list is exactly the uncovered payments that need one.
    #[test]
    fn coverage_follows_the_rule(
        contractor in proptest::option::of(1i64..4),
        cents in 0i64..100_000,
        threshold in 0i64..100_000,
        paid in 0u32..40,
        waivers in proptest::collection::vec(any_cover(), 0..6),
    ) {
        let p = WaiverPayment {
            payment_id: 3, task_id: 10, contractor_id: contractor, amount_cents: cents,
            paid_on: day("2026-11-01") + chrono::Days::new(paid.into()),
        };
        let status = waiver_status(&p, threshold, &waivers);
        let needs = contractor.is_some() && cents > threshold;
        let names = |w: &WaiverCover| w.payment_id == Some(3)
            || (Some(w.contractor_id) == contractor && w.through_date.is_some_and(|t| t >= p.paid_on));
        let covered = waivers.iter().any(|w| w.status == WaiverState::Received && names(w));
        let asked = waivers.iter().any(|w| w.status == WaiverState::Requested && names(w));
        let expected = match (needs, covered, asked) {
            (false, _, _) => PaymentWaiverStatus::NotNeeded,
            (true, true, _) => PaymentWaiverStatus::Received,
            (true, false, true) => PaymentWaiverStatus::Requested,
            (true, false, false) => PaymentWaiverStatus::Missing,
        };
        prop_assert_eq!(status, expected);
        let mut reversed = waivers.clone();
        reversed.reverse();
        prop_assert_eq!(waiver_status(&p, threshold, &reversed), status);
        let missing = missing_waivers(&[10], p.paid_on, &[p], threshold, &waivers);
        prop_assert_eq!(missing.len(), usize::from(needs && !covered));
    }
}
