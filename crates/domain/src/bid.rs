//! Contractors, their bids on tasks, the award that commits a task's cost, and the comparison of
//! a task's bids with its regional prediction (issue 18).

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};
use crate::money::Money;
use crate::project::{far_or_malformed, in_date_years, DateError, MSG_DATE_OUT_OF_RANGE};

pub const CONTRACTOR_NAME_MAX: usize = 200;
pub const SHORT_TEXT_MAX: usize = 100;
pub const NOTES_MAX: usize = 5000;

/// A bid this far (in percent) above or below the regional prediction is flagged: "check the
/// scope" (something is missing, or extra, or misread).
pub const FLAG_THRESHOLD_PCT: f64 = 25.0;

pub const MSG_CONTRACTOR_HAS_BIDS: &str = "This contractor has bids. Delete their bids first, then the contractor.";
pub const MSG_CONTRACTOR_HAS_WAIVERS: &str =
    "This contractor has lien waivers. Delete their waivers first, then the contractor.";
pub const MSG_AWARD_BY_CALL: &str = "Award a bid with POST /api/bids/{id}/award/.";
pub const MSG_WITHDRAW_BY_CALL: &str = "Withdraw the award with DELETE /api/bids/{id}/award/.";
pub const MSG_BID_STATUS: &str = "Must be pending, awarded or declined.";
pub const MSG_NEW_BID_PENDING: &str = "A new bid is pending; award it with POST /api/bids/{id}/award/.";
pub const MSG_BID_STAYS_ON_TASK: &str = "A bid stays on its task: enter a new bid on the other task instead.";
pub const MSG_NO_AWARD: &str = "This bid is not awarded.";
pub const MSG_AWARD_HAS_CHANGE_ORDERS: &str =
    "This award has approved change orders: reject or delete them first (Change orders, in the task).";

/// One of a user's contractors (a roster reused across their projects).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contractor {
    pub id: i64,
    pub owner_id: i64,
    pub details: ContractorDetails,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContractorDetails {
    pub name: String,
    pub trade: String,
    pub phone: String,
    pub email: String,
    pub license_number: String,
    pub insurance_expires: Option<NaiveDate>,
    pub notes: String,
}

/// A contractor's fields, each read and checked on its own (see [`ContractorInput::text`] and
/// [`parse_optional_date`]): texts trimmed, dates as dates. `None`: absent (a create) or unchanged
/// (an update); an empty optional text clears it, and `Some(None)` clears the date.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContractorInput {
    pub name: Option<String>,
    pub trade: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub license_number: Option<String>,
    pub insurance_expires: Option<Option<NaiveDate>>,
    pub notes: Option<String>,
}

fn text(errors: &mut FieldErrors, field: &str, raw: &str, max: usize) -> String {
    let t = raw.trim();
    if t.chars().count() > max {
        errors.add(field, crate::messages::too_long(max));
    }
    t.to_owned()
}

/// `YYYY-MM-DD`, or empty for none.
pub fn parse_optional_date(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<NaiveDate> {
    let t = raw.trim();
    if t.is_empty() {
        return None;
    }
    match NaiveDate::parse_from_str(t, "%Y-%m-%d").map_err(|_| far_or_malformed(t)).and_then(in_date_years) {
        Ok(d) => Some(d),
        Err(DateError::Format) => {
            errors.add(field, crate::messages::DATE_FORMAT);
            None
        }
        Err(DateError::OutOfRange) => {
            errors.add(field, MSG_DATE_OUT_OF_RANGE);
            None
        }
    }
}

/// An optional date as a field of its own: `Ok(None)` for an empty one.
pub fn optional_date(field: &str, raw: &str) -> Result<Option<NaiveDate>, DomainError> {
    let mut errors = FieldErrors::new();
    let date = parse_optional_date(&mut errors, field, raw);
    errors.into_result().map(|()| date)
}

impl ContractorInput {
    /// One text field of a contractor as sent, trimmed: within its length (a name at most 200
    /// characters and not blank, an email one that looks like an address when given).
    pub fn text(field: &str, raw: &str) -> Result<String, DomainError> {
        let max = match field {
            "name" => CONTRACTOR_NAME_MAX,
            "email" => crate::user::EMAIL_MAX,
            "notes" => NOTES_MAX,
            _ => SHORT_TEXT_MAX,
        };
        let mut errors = FieldErrors::new();
        let t = text(&mut errors, field, raw, max);
        if errors.is_empty() {
            if field == "name" && t.is_empty() {
                errors.add(field, crate::messages::BLANK);
            } else if field == "email" && !t.is_empty() && crate::user::Email::parse(&t).is_err() {
                errors.add(field, crate::messages::EMAIL);
            }
        }
        errors.into_result().map(|()| t)
    }
}

impl ContractorDetails {
    /// The details after `input` (over `current` for an update): a create needs a name, an
    /// update keeps what it does not name. Each field was checked when it was read.
    pub fn parse(
        input: ContractorInput,
        current: Option<&ContractorDetails>,
    ) -> Result<ContractorDetails, DomainError> {
        let base = current.cloned().unwrap_or_default();
        let name = match input.name {
            Some(name) => name,
            None if current.is_none() => return Err(FieldErrors::single("name", crate::messages::REQUIRED)),
            None => base.name,
        };
        if name.trim().is_empty() {
            return Err(FieldErrors::single("name", crate::messages::BLANK));
        }
        Ok(ContractorDetails {
            name,
            trade: input.trade.unwrap_or(base.trade),
            phone: input.phone.unwrap_or(base.phone),
            email: input.email.unwrap_or(base.email),
            license_number: input.license_number.unwrap_or(base.license_number),
            insurance_expires: input.insurance_expires.unwrap_or(base.insurance_expires),
            notes: input.notes.unwrap_or(base.notes),
        })
    }

    /// Whether the insurance has expired or expires within 30 days of `today` (highlighted).
    pub fn insurance_needs_attention(&self, today: NaiveDate) -> bool {
        self.insurance_expires.is_some_and(|d| d <= today + chrono::Duration::days(30))
    }
}

impl Contractor {
    /// A contractor named on bids or lien waivers stays (the counts: as found under the lock of
    /// the delete).
    pub fn check_delete(bid_count: i64, waiver_count: i64) -> Result<(), DomainError> {
        if bid_count > 0 {
            return Err(DomainError::conflict("contractor", MSG_CONTRACTOR_HAS_BIDS));
        }
        if waiver_count > 0 {
            return Err(DomainError::conflict("contractor", MSG_CONTRACTOR_HAS_WAIVERS));
        }
        Ok(())
    }
}

/// Where a bid stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BidStatus {
    Pending,
    Awarded,
    Declined,
}

impl BidStatus {
    pub const ALL: [BidStatus; 3] = [BidStatus::Pending, BidStatus::Awarded, BidStatus::Declined];

    pub fn code(self) -> &'static str {
        match self {
            BidStatus::Pending => "pending",
            BidStatus::Awarded => "awarded",
            BidStatus::Declined => "declined",
        }
    }

    pub fn parse(raw: &str) -> Option<BidStatus> {
        Self::ALL.into_iter().find(|s| s.code() == raw)
    }

    /// A status as sent on an edit: one of the codes (whether the bid may take it is
    /// [`BidStatus::after_edit`]'s question, on the stored bid).
    pub fn field(raw: &str) -> Result<BidStatus, DomainError> {
        BidStatus::parse(raw).ok_or_else(|| FieldErrors::single("status", MSG_BID_STATUS))
    }

    /// A status as sent with a new bid: only `pending` (an award has its own call).
    pub fn of_new_bid(raw: &str) -> Result<BidStatus, DomainError> {
        match BidStatus::parse(raw) {
            Some(BidStatus::Pending) => Ok(BidStatus::Pending),
            _ => Err(FieldErrors::single("status", MSG_NEW_BID_PENDING)),
        }
    }

    /// The status an edit of a bid in status `self` asks for (`None`: unchanged). An edit
    /// neither awards (that is `POST .../award/`) nor withdraws an award (`DELETE .../award/`).
    pub fn after_edit(self, requested: Option<BidStatus>) -> Result<BidStatus, DomainError> {
        let Some(status) = requested else { return Ok(self) };
        match (self, status) {
            (BidStatus::Awarded, BidStatus::Awarded) => Ok(status),
            (_, BidStatus::Awarded) => Err(FieldErrors::single("status", MSG_AWARD_BY_CALL)),
            (BidStatus::Awarded, _) => Err(FieldErrors::single("status", MSG_WITHDRAW_BY_CALL)),
            _ => Ok(status),
        }
    }
}

/// A contractor's bid on a task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bid {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub contractor_id: i64,
    /// The contractor's name (read with the bid, for lists and comparisons).
    pub contractor_name: String,
    pub details: BidDetails,
    pub status: BidStatus,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BidDetails {
    pub amount: Money,
    /// What is included / excluded.
    pub notes: String,
    pub received_on: Option<NaiveDate>,
    pub valid_until: Option<NaiveDate>,
    /// The bid's document (a document of the same task).
    pub document_id: Option<i64>,
}

/// What an edit makes of a stored bid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidEdit {
    pub contractor_id: i64,
    pub details: BidDetails,
    pub status: BidStatus,
}

impl Bid {
    /// The bid after an edit: `input` over its details, `contractor` (already checked to be the
    /// owner's) or its own, and the status asked for ([`BidStatus::after_edit`]). `self` is the
    /// bid as found under the lock of the write that stores the edit, so an award made
    /// meanwhile is seen (and a stale edit cannot decline it).
    pub fn edit(
        &self,
        contractor: Option<i64>,
        status: Option<BidStatus>,
        input: BidInput,
    ) -> Result<BidEdit, DomainError> {
        let status = self.status.after_edit(status)?;
        let details = BidDetails::parse(input, Some(&self.details))?;
        Ok(BidEdit { contractor_id: contractor.unwrap_or(self.contractor_id), details, status })
    }

    /// Withdrawing the award: the bid must be the award, and no approved change order of its
    /// task may lean on it (`approved_change_orders`, as found under the lock).
    pub fn check_withdraw(&self, approved_change_orders: bool) -> Result<(), DomainError> {
        if self.status != BidStatus::Awarded {
            return Err(DomainError::conflict("status", MSG_NO_AWARD));
        }
        self.check_delete(approved_change_orders)
    }

    /// Deleting the bid: an award with approved change orders stays.
    pub fn check_delete(&self, approved_change_orders: bool) -> Result<(), DomainError> {
        if self.status == BidStatus::Awarded && approved_change_orders {
            return Err(DomainError::conflict("status", MSG_AWARD_HAS_CHANGE_ORDERS));
        }
        Ok(())
    }
}

/// A bid's fields, each read and checked on its own: the amount as money, the notes trimmed
/// ([`BidInput::notes`]), dates as dates ([`optional_date`]). `None`: absent (a create) or
/// unchanged (an update); `Some(None)` clears a date or the document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BidInput {
    pub amount: Option<Money>,
    pub notes: Option<String>,
    pub received_on: Option<Option<NaiveDate>>,
    pub valid_until: Option<Option<NaiveDate>>,
    pub document: Option<Option<i64>>,
}

impl BidInput {
    /// A bid's notes (its scope) trimmed, at most 5000 characters; empty for none.
    pub fn notes(raw: &str) -> Result<String, DomainError> {
        let mut errors = FieldErrors::new();
        let t = text(&mut errors, "notes", raw, NOTES_MAX);
        errors.into_result().map(|()| t)
    }
}

impl BidDetails {
    /// The details after `input` (over `current` for an update): an amount (required on
    /// create; never negative: Money cannot be), dates in order. Each field was checked when it
    /// was read.
    pub fn parse(input: BidInput, current: Option<&BidDetails>) -> Result<BidDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let base = current.cloned().unwrap_or_default();
        let amount = match (input.amount, current) {
            (Some(a), _) => a,
            (None, Some(c)) => c.amount,
            (None, None) => {
                errors.add("amount", crate::messages::REQUIRED);
                Money::ZERO
            }
        };
        let notes = input.notes.unwrap_or(base.notes);
        let received_on = input.received_on.unwrap_or(base.received_on);
        let valid_until = input.valid_until.unwrap_or(base.valid_until);
        if let (Some(r), Some(v)) = (received_on, valid_until) {
            if v < r {
                errors.add("valid_until", "A bid cannot expire before it was received.");
            }
        }
        let document_id = input.document.unwrap_or(base.document_id);
        errors.into_result()?;
        Ok(BidDetails { amount, notes, received_on, valid_until, document_id })
    }
}

/// Above or below the prediction by more than [`FLAG_THRESHOLD_PCT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    High,
    Low,
}

impl Flag {
    pub fn code(self) -> &'static str {
        match self {
            Flag::High => "high",
            Flag::Low => "low",
        }
    }
}

/// A bid beside the prediction.
#[derive(Debug, Clone, PartialEq)]
pub struct ComparedBid {
    pub bid: Bid,
    /// (amount − prediction) / prediction in percent, one decimal; `None` without a prediction.
    pub difference_pct: Option<f64>,
    pub flag: Option<Flag>,
    /// The lowest amount of the task (several when tied).
    pub lowest: bool,
}

/// One task's bids side by side.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskComparison {
    pub task_id: i64,
    pub title: String,
    pub predicted: Option<Money>,
    pub bids: Vec<ComparedBid>,
    pub lowest: Money,
    pub highest: Money,
    /// highest − lowest.
    pub spread: Money,
    pub awarded_bid: Option<i64>,
}

/// The difference of `amount` from `predicted` in percent, rounded to one decimal.
pub fn difference_pct(amount: Money, predicted: Money) -> Option<f64> {
    if predicted.cents() <= 0 {
        return None;
    }
    // Integer arithmetic in tenths of a percent, rounded half away from zero.
    let diff = i128::from(amount.cents()) - i128::from(predicted.cents());
    let tenths_x2 = diff * 2000 / i128::from(predicted.cents());
    let tenths = if tenths_x2 >= 0 { (tenths_x2 + 1) / 2 } else { (tenths_x2 - 1) / 2 };
    Some(tenths as f64 / 10.0)
}

/// `High` above +25%, `Low` below −25%, else none.
pub fn flag(difference_pct: Option<f64>) -> Option<Flag> {
    match difference_pct {
        Some(d) if d > FLAG_THRESHOLD_PCT => Some(Flag::High),
        Some(d) if d < -FLAG_THRESHOLD_PCT => Some(Flag::Low),
        _ => None,
    }
}

impl TaskComparison {
    /// The comparison of a task's bids (at least one) with its prediction.
    pub fn compute(task_id: i64, title: String, predicted: Option<Money>, bids: Vec<Bid>) -> Option<TaskComparison> {
        let lowest = bids.iter().map(|b| b.details.amount).min()?;
        let highest = bids.iter().map(|b| b.details.amount).max()?;
        let awarded_bid = bids.iter().find(|b| b.status == BidStatus::Awarded).map(|b| b.id);
        let bids = bids
            .into_iter()
            .map(|bid| {
                let difference_pct = predicted.and_then(|p| difference_pct(bid.details.amount, p));
                ComparedBid { lowest: bid.details.amount == lowest, flag: flag(difference_pct), difference_pct, bid }
            })
            .collect();
        let spread = Money::from_cents(highest.cents() - lowest.cents()).unwrap_or(Money::ZERO);
        Some(TaskComparison { task_id, title, predicted, bids, lowest, highest, spread, awarded_bid })
    }
}

/// What a task's bids bring to the board: the committed cost (the awarded bid's amount, plus
/// approved change orders once they exist), how many bids, the lowest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BidFigures {
    pub committed: Option<Money>,
    pub count: i32,
    pub lowest: Option<Money>,
}

#[cfg(test)]
mod tests;
