//! Lien waivers (issue 34, docs/money.md): a contractor's release of lien rights for what they
//! were paid, requested then received, and the rule that says whether a payment is covered.
//!
//! A payment needs a waiver when it names a roster contractor and is above the project's
//! threshold. It is covered when a received waiver names it, or a received waiver of the same
//! contractor runs through (`through_date`) the day it was paid or later.

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};
use crate::money::Money;

use super::fields::code_enum;

pub const MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR: &str = "Choose a payment to this contractor.";
pub const MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT: &str = "Choose a document of this project.";
pub const MSG_REQUESTED_WAIVER_RECEIVED_ON: &str =
    "A requested waiver has no received date: set its status to received to give one.";

code_enum!(
    /// What a waiver releases: a progress payment or the final one, on condition of being paid
    /// or outright.
    WaiverKind {
        ConditionalProgress => "conditional_progress",
        UnconditionalProgress => "unconditional_progress",
        ConditionalFinal => "conditional_final",
        UnconditionalFinal => "unconditional_final",
    }
);

code_enum!(
    /// Where a waiver stands: asked of the contractor, or signed and back.
    WaiverState { Requested => "requested", Received => "received" }
);

code_enum!(
    /// Where a payment stands with its waiver.
    PaymentWaiverStatus { NotNeeded => "not_needed", Missing => "missing", Requested => "requested", Received => "received" }
);

/// A lien waiver of a project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LienWaiver {
    pub id: i64,
    pub project_id: i64,
    pub details: LienWaiverDetails,
    /// The contractor's name (read with the waiver).
    pub contractor_name: String,
    /// The attached document's name (read with the waiver).
    pub document_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LienWaiverDetails {
    /// A contractor of the owner's roster.
    pub contractor_id: i64,
    /// A payment of the project to this contractor.
    pub payment_id: Option<i64>,
    pub kind: WaiverKind,
    /// Zero or more.
    pub amount: Money,
    pub through_date: Option<NaiveDate>,
    pub status: WaiverState,
    /// Set exactly when received.
    pub received_on: Option<NaiveDate>,
    /// A document of one of the project's tasks (the signed waiver).
    pub document_id: Option<i64>,
}

/// A waiver's fields, each read and checked on its own ([`LienWaiverInput::kind`],
/// [`LienWaiverInput::status`], [`crate::bid::optional_date`]). `None`: absent or unchanged;
/// `Some(None)` clears.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LienWaiverInput {
    pub contractor: Option<i64>,
    pub payment: Option<Option<i64>>,
    pub kind: Option<WaiverKind>,
    pub amount: Option<Money>,
    pub through_date: Option<Option<NaiveDate>>,
    pub status: Option<WaiverState>,
    /// `Some(None)` on a received waiver: today.
    pub received_on: Option<Option<NaiveDate>>,
    pub document: Option<Option<i64>>,
}

impl LienWaiverInput {
    /// One of the kinds' codes.
    pub fn kind(raw: &str) -> Result<WaiverKind, DomainError> {
        WaiverKind::parse(raw.trim()).ok_or_else(|| FieldErrors::single("kind", crate::messages::not_a_choice(raw)))
    }

    /// One of the statuses' codes.
    pub fn status(raw: &str) -> Result<WaiverState, DomainError> {
        WaiverState::parse(raw.trim()).ok_or_else(|| FieldErrors::single("status", crate::messages::not_a_choice(raw)))
    }
}

impl LienWaiverDetails {
    /// The details after `input` (over `current` for an update): a contractor, a kind and an
    /// amount (required on create), the status `requested` by default. A received waiver has a
    /// received date (today unless given, kept from before when it was received already); a
    /// requested one has none (sending one is refused, a received one going back to requested
    /// loses its date).
    pub fn parse(
        input: LienWaiverInput,
        current: Option<&LienWaiverDetails>,
        today: NaiveDate,
    ) -> Result<LienWaiverDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let mut required = |field: &str, present: bool| {
            if !present {
                errors.add(field, crate::messages::REQUIRED);
            }
        };
        let contractor_id = input.contractor.or(current.map(|c| c.contractor_id));
        required("contractor", contractor_id.is_some());
        let kind = input.kind.or(current.map(|c| c.kind));
        required("kind", kind.is_some());
        let amount = input.amount.or(current.map(|c| c.amount));
        required("amount", amount.is_some());
        let status = input.status.unwrap_or(current.map_or(WaiverState::Requested, |c| c.status));
        let received_on = match (status, input.received_on) {
            (WaiverState::Requested, Some(Some(_))) => {
                errors.add("received_on", MSG_REQUESTED_WAIVER_RECEIVED_ON);
                None
            }
            (WaiverState::Requested, _) => None,
            (WaiverState::Received, Some(date)) => Some(date.unwrap_or(today)),
            (WaiverState::Received, None) => Some(current.and_then(|c| c.received_on).unwrap_or(today)),
        };
        let payment_id = input.payment.unwrap_or(current.and_then(|c| c.payment_id));
        let through_date = input.through_date.unwrap_or(current.and_then(|c| c.through_date));
        let document_id = input.document.unwrap_or(current.and_then(|c| c.document_id));
        errors.into_result()?;
        Ok(LienWaiverDetails {
            contractor_id: contractor_id.unwrap_or_default(),
            payment_id,
            kind: kind.unwrap_or(WaiverKind::ConditionalProgress),
            amount: amount.unwrap_or(Money::ZERO),
            through_date,
            status,
            received_on,
            document_id,
        })
    }

    /// The payment named must be one to this waiver's contractor (`payment_contractor`: the
    /// payment's contractor as found under the lock; `None` when the payment is not one of
    /// the project's).
    pub fn check_payment(&self, payment_contractor: Option<Option<i64>>) -> Result<(), DomainError> {
        if self.payment_id.is_some() && payment_contractor != Some(Some(self.contractor_id)) {
            return Err(FieldErrors::single("payment", MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR));
        }
        Ok(())
    }

    /// The document attached must be one of the project's (`document_project`: its project).
    pub fn check_document(&self, project_id: i64, document_project: Option<i64>) -> Result<(), DomainError> {
        if self.document_id.is_some() && document_project != Some(project_id) {
            return Err(FieldErrors::single("document", MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT));
        }
        Ok(())
    }

    /// What the coverage rule reads of the waiver.
    pub fn cover(&self) -> WaiverCover {
        WaiverCover {
            contractor_id: self.contractor_id,
            payment_id: self.payment_id,
            kind: self.kind,
            status: self.status,
            through_date: self.through_date,
        }
    }
}

/// What the coverage rule reads of a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaiverPayment {
    pub payment_id: i64,
    pub task_id: i64,
    pub contractor_id: Option<i64>,
    pub amount_cents: i64,
    pub paid_on: NaiveDate,
}

/// What the coverage rule reads of a waiver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaiverCover {
    pub contractor_id: i64,
    pub payment_id: Option<i64>,
    pub kind: WaiverKind,
    pub status: WaiverState,
    pub through_date: Option<NaiveDate>,
}

impl WaiverPayment {
    /// A payment to a roster contractor above the threshold needs a waiver.
    pub fn needs_waiver(&self, threshold_cents: i64) -> bool {
        self.contractor_id.is_some() && self.amount_cents > threshold_cents
    }

    /// Whether `waiver` speaks for this payment: it names it, or it is the same contractor's
    /// and runs through the day of the payment or later.
    fn answered_by(&self, waiver: &WaiverCover) -> bool {
        waiver.payment_id == Some(self.payment_id)
            || (Some(waiver.contractor_id) == self.contractor_id
                && waiver.through_date.is_some_and(|through| through >= self.paid_on))
    }
}

/// Where `p` stands with its waiver, from the project's `threshold_cents` and its waivers.
pub fn waiver_status(p: &WaiverPayment, threshold_cents: i64, waivers: &[WaiverCover]) -> PaymentWaiverStatus {
    if !p.needs_waiver(threshold_cents) {
        return PaymentWaiverStatus::NotNeeded;
    }
    let answering = |state: WaiverState| waivers.iter().any(|w| w.status == state && p.answered_by(w));
    if answering(WaiverState::Received) {
        PaymentWaiverStatus::Received
    } else if answering(WaiverState::Requested) {
        PaymentWaiverStatus::Requested
    } else {
        PaymentWaiverStatus::Missing
    }
}

/// payments of `task_ids`, paid_on <= requested_on, needing a waiver, not covered; in paid_on, id order
pub fn missing_waivers(
    task_ids: &[i64],
    requested_on: NaiveDate,
    payments: &[WaiverPayment],
    threshold_cents: i64,
    waivers: &[WaiverCover],
) -> Vec<WaiverPayment> {
    let mut missing: Vec<WaiverPayment> = payments
        .iter()
        .filter(|p| task_ids.contains(&p.task_id) && p.paid_on <= requested_on)
        .filter(|p| {
            matches!(
                waiver_status(p, threshold_cents, waivers),
                PaymentWaiverStatus::Missing | PaymentWaiverStatus::Requested
            )
        })
        .copied()
        .collect();
    missing.sort_by_key(|p| (p.paid_on, p.payment_id));
    missing
}

/// contractors (ids, in the order given) without a received unconditional_final waiver
pub fn missing_final_waivers(awarded_contractors: &[i64], waivers: &[WaiverCover]) -> Vec<i64> {
    let has_final = |contractor: i64| {
        waivers.iter().any(|w| {
            w.contractor_id == contractor
                && w.status == WaiverState::Received
                && w.kind == WaiverKind::UnconditionalFinal
        })
    };
    awarded_contractors.iter().copied().filter(|&c| !has_final(c)).collect()
}

#[cfg(test)]
mod tests;
