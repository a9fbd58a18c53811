//! The activity trail (issue 35): what a change to a project's data reads as in the project's
//! feed. Each function turns what was there before and what is there after into an [`Activity`]:
//! an action code (`task.moved`, `payment.created`, ...), the task it concerns, a sentence with
//! the figures before and after (money as `$1,234.56`), and the money before and after in
//! cents. Persistence writes the entry in the same transaction as the change
//! (docs/architecture.md, "The activity trail"); nothing here does I/O.

use crate::bid::{Bid, BidStatus};
use crate::error::{DomainError, FieldErrors};
use crate::ledger::{usd, ChangeOrder, ChangeOrderStatus, Draw, DrawStatus, LienWaiver, Payment, WaiverState};
use crate::project::ProjectDetails;
use crate::task::Task;

pub mod members;
mod project;
mod schedule;
pub use project::{document_renamed, project_created, share_created, share_revoked};
pub use schedule::{
    calendar_feed_created, calendar_feed_revoked, delay_changed, delay_created, delay_deleted, dependency_changed,
    dependency_created, dependency_deleted, inspection_changed, inspection_created, inspection_deleted,
    schedule_baselined,
};

/// One entry of the trail, before it is stored (the actor and the time are the write's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub action: &'static str,
    pub task_id: Option<i64>,
    pub summary: String,
    pub before_cents: Option<i64>,
    pub after_cents: Option<i64>,
}

impl Activity {
    fn new(action: &'static str, task_id: Option<i64>, summary: String) -> Self {
        Self { action, task_id, summary, before_cents: None, after_cents: None }
    }

    fn money(mut self, before: Option<i64>, after: Option<i64>) -> Self {
        self.before_cents = before;
        self.after_cents = after;
        self
    }
}

/// One stored entry of the trail, as the feed reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityEntry {
    pub id: i64,
    pub at: chrono::NaiveDateTime,
    /// The username of who made the change; `None` once their account is gone.
    pub actor: Option<String>,
    pub action: String,
    pub task_id: Option<i64>,
    pub summary: String,
    pub before_cents: Option<i64>,
    pub after_cents: Option<i64>,
}

/// The feed's page size when none is asked for, and the most one page holds.
pub const DEFAULT_LIMIT: i64 = 50;
pub const MAX_LIMIT: i64 = 200;

pub const MSG_TASK: &str = "Choose a task by its id, a whole number above 0.";
pub const MSG_CURSOR: &str = "Use the next cursor of the previous page.";
pub const MSG_LIMIT: &str = "Ensure this value is a whole number from 1 to 200.";

/// What a page of the feed asks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ActivityQuery {
    /// Only this task's entries.
    pub task_id: Option<i64>,
    /// The `next` cursor of the previous page: the id of its last entry.
    pub cursor: Option<i64>,
    /// 1..=200 ([`DEFAULT_LIMIT`] when `None`).
    pub limit: Option<i64>,
}

impl ActivityQuery {
    /// The query string's `task`, `cursor` and `limit` as sent (absent or empty: not given),
    /// every problem at once.
    pub fn parse(task: Option<&str>, cursor: Option<&str>, limit: Option<&str>) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::new();
        let mut number = |raw: Option<&str>, field: &str, message: &str, range: std::ops::RangeInclusive<i64>| {
            let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
            let parsed = raw.parse::<i64>().ok().filter(|n| range.contains(n));
            if parsed.is_none() {
                errors.add(field, message);
            }
            parsed
        };
        let query = ActivityQuery {
            task_id: number(task, "task", MSG_TASK, 1..=i64::MAX),
            cursor: number(cursor, "cursor", MSG_CURSOR, 1..=i64::MAX),
            limit: number(limit, "limit", MSG_LIMIT, 1..=MAX_LIMIT),
        };
        errors.into_result()?;
        Ok(query)
    }
}

/// An amount in a sentence; "no amount" when there is none.
fn amount(cents: Option<i64>) -> String {
    cents.map_or_else(|| "no amount".to_owned(), usd)
}

pub fn task_created(task: &Task) -> Activity {
    let cents = task.actual_cost.map(|m| m.cents());
    let cost = cents.map_or_else(String::new, |c| format!(" with an actual cost of {}", usd(c)));
    Activity::new("task.created", Some(task.id), format!("Added {} to {}{cost}.", task.title, task.status.label()))
        .money(None, cents)
}

/// What an edit of a task changed: a move to another column, its actual cost, and its other
/// fields, one entry each. A new place in the same column alone records nothing.
pub fn task_changes(before: &Task, after: &Task) -> Vec<Activity> {
    let mut out = Vec::new();
    let id = Some(after.id);
    if before.status != after.status {
        out.push(Activity::new(
            "task.moved",
            id,
            format!("Moved {} from {} to {}.", after.title, before.status.label(), after.status.label()),
        ));
    }
    if before.actual_cost != after.actual_cost {
        let (b, a) = (before.actual_cost.map(|m| m.cents()), after.actual_cost.map(|m| m.cents()));
        let summary = match (b, a) {
            (None, Some(a)) => format!("{}'s actual cost set to {}.", after.title, usd(a)),
            (Some(b), None) => format!("{}'s actual cost of {} removed.", after.title, usd(b)),
            _ => format!("{}'s actual cost changed from {} to {}.", after.title, amount(b), amount(a)),
        };
        out.push(Activity::new("task.cost_changed", id, summary).money(b, a));
    }
    let edited = before.title != after.title
        || before.description != after.description
        || before.material_quality != after.material_quality
        || before.due_date != after.due_date
        || (before.schedule.planned_start, before.schedule.duration_days)
            != (after.schedule.planned_start, after.schedule.duration_days)
        // A move sets the actual dates by itself: they are an edit only without one.
        || (before.status == after.status
            && (before.schedule.actual_start, before.schedule.actual_finish)
                != (after.schedule.actual_start, after.schedule.actual_finish));
    if edited {
        let summary = if before.title == after.title {
            format!("Edited {}.", after.title)
        } else {
            format!("Renamed {} to {}.", before.title, after.title)
        };
        out.push(Activity::new("task.edited", id, summary));
    }
    out
}

pub fn task_deleted(task: &Task) -> Activity {
    let cents = task.actual_cost.map(|m| m.cents());
    Activity::new("task.deleted", Some(task.id), format!("Deleted {} from {}.", task.title, task.status.label()))
        .money(cents, None)
}

pub fn bid_created(bid: &Bid, task_title: &str) -> Activity {
    let cents = bid.details.amount.cents();
    Activity::new(
        "bid.created",
        Some(bid.task_id),
        format!("{} bid {} on {task_title}.", bid.contractor_name, usd(cents)),
    )
    .money(None, Some(cents))
}

/// A bid's award, decline or other edit; `None` when nothing changed.
pub fn bid_changed(before: &Bid, after: &Bid, task_title: &str) -> Option<Activity> {
    let (b, a) = (before.details.amount.cents(), after.details.amount.cents());
    let who = &after.contractor_name;
    let (action, summary) = match (before.status, after.status) {
        (x, y) if x == y && before.details == after.details => return None,
        (_, BidStatus::Awarded) if before.status != BidStatus::Awarded => {
            ("bid.awarded", format!("Awarded {task_title} to {who} for {}.", usd(a)))
        }
        (BidStatus::Awarded, _) => ("bid.award_withdrawn", format!("Withdrew the award of {task_title} to {who}.")),
        (_, BidStatus::Declined) if before.status != BidStatus::Declined => {
            ("bid.declined", format!("Declined {who}'s bid of {} on {task_title}.", usd(a)))
        }
        _ if a != b => ("bid.edited", format!("{who}'s bid on {task_title} changed from {} to {}.", usd(b), usd(a))),
        _ => ("bid.edited", format!("Edited {who}'s bid on {task_title}.")),
    };
    Some(Activity::new(action, Some(after.task_id), summary).money(Some(b), Some(a)))
}

pub fn bid_deleted(bid: &Bid, task_title: &str) -> Activity {
    let cents = bid.details.amount.cents();
    Activity::new(
        "bid.deleted",
        Some(bid.task_id),
        format!("Deleted {}'s bid of {} on {task_title}.", bid.contractor_name, usd(cents)),
    )
    .money(Some(cents), None)
}

fn payee(p: &Payment) -> String {
    let name = p.payee_label();
    if name.is_empty() {
        String::new()
    } else {
        format!(" to {name}")
    }
}

pub fn payment_created(p: &Payment, task_title: &str) -> Activity {
    let cents = p.details.amount.cents();
    Activity::new(
        "payment.created",
        Some(p.task_id),
        format!("Recorded a payment of {}{} for {task_title}.", usd(cents), payee(p)),
    )
    .money(None, Some(cents))
}

/// `None` when nothing changed.
pub fn payment_changed(before: &Payment, after: &Payment, task_title: &str) -> Option<Activity> {
    if before.details == after.details {
        return None;
    }
    let (b, a) = (before.details.amount.cents(), after.details.amount.cents());
    let summary = if a == b {
        format!("Edited the payment of {}{} for {task_title}.", usd(a), payee(after))
    } else {
        format!("Payment{} for {task_title} changed from {} to {}.", payee(after), usd(b), usd(a))
    };
    Some(Activity::new("payment.changed", Some(after.task_id), summary).money(Some(b), Some(a)))
}

pub fn payment_deleted(p: &Payment, task_title: &str) -> Activity {
    let cents = p.details.amount.cents();
    Activity::new(
        "payment.deleted",
        Some(p.task_id),
        format!("Deleted the payment of {}{} for {task_title}.", usd(cents), payee(p)),
    )
    .money(Some(cents), None)
}

pub fn change_order_created(c: &ChangeOrder, task_title: &str) -> Activity {
    let cents = c.details.amount.cents();
    Activity::new(
        "change_order.created",
        Some(c.task_id),
        format!("Added a change order of {} on {task_title}: {}", usd(cents), sentence(&c.details.description)),
    )
    .money(None, Some(cents))
}

/// An approval, a rejection or another edit; `None` when nothing changed.
pub fn change_order_changed(before: &ChangeOrder, after: &ChangeOrder, task_title: &str) -> Option<Activity> {
    if before.details == after.details {
        return None;
    }
    let (b, a) = (before.details.amount.cents(), after.details.amount.cents());
    let (action, summary) = match after.details.status {
        s if s != before.details.status && s == ChangeOrderStatus::Approved => {
            ("change_order.approved", format!("Approved a change order of {} on {task_title}.", usd(a)))
        }
        s if s != before.details.status && s == ChangeOrderStatus::Rejected => {
            ("change_order.rejected", format!("Rejected a change order of {} on {task_title}.", usd(a)))
        }
        _ if a != b => {
            ("change_order.edited", format!("A change order on {task_title} changed from {} to {}.", usd(b), usd(a)))
        }
        _ => ("change_order.edited", format!("Edited a change order of {} on {task_title}.", usd(a))),
    };
    Some(Activity::new(action, Some(after.task_id), summary).money(Some(b), Some(a)))
}

pub fn change_order_deleted(c: &ChangeOrder, task_title: &str) -> Activity {
    let cents = c.details.amount.cents();
    Activity::new(
        "change_order.deleted",
        Some(c.task_id),
        format!("Deleted a change order of {} on {task_title}.", usd(cents)),
    )
    .money(Some(cents), None)
}

/// A description as the end of a sentence: its first line, with a full stop.
fn sentence(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    let short: String = line.chars().take(120).collect();
    if short.ends_with(['.', '!', '?']) {
        short
    } else {
        format!("{short}.")
    }
}

pub fn draw_created(d: &Draw) -> Activity {
    let cents = d.total.cents();
    Activity::new("draw.created", None, format!("Prepared draw {} for {}.", d.number, usd(cents)))
        .money(None, Some(cents))
}

/// A submission, a funding or another edit; `None` when nothing changed.
pub fn draw_changed(before: &Draw, after: &Draw) -> Option<Activity> {
    let (b, a) = (before.total.cents(), after.total.cents());
    let n = after.number;
    let activity = if before.status != after.status {
        match after.status {
            DrawStatus::Submitted => {
                Activity::new("draw.submitted", None, format!("Submitted draw {n} for {}.", usd(a)))
                    .money(Some(b), Some(a))
            }
            DrawStatus::Funded => {
                let funded = after.funded_amount.map_or(a, |m| m.cents());
                Activity::new("draw.funded", None, format!("Draw {n} funded: {} of {} requested.", usd(funded), usd(a)))
                    .money(Some(a), Some(funded))
            }
            DrawStatus::Draft => {
                Activity::new("draw.reopened", None, format!("Set draw {n} back to draft.")).money(Some(b), Some(a))
            }
        }
    } else if before.funded_amount != after.funded_amount {
        let (fb, fa) = (before.funded_amount.map(|m| m.cents()), after.funded_amount.map(|m| m.cents()));
        Activity::new(
            "draw.edited",
            None,
            format!("Draw {n}'s funded amount changed from {} to {}.", amount(fb), amount(fa)),
        )
        .money(fb, fa)
    } else if a != b {
        Activity::new("draw.edited", None, format!("Draw {n} changed from {} to {}.", usd(b), usd(a)))
            .money(Some(b), Some(a))
    } else if (&before.requested_on, &before.funded_on, &before.note, before.is_final, &before.items)
        != (&after.requested_on, &after.funded_on, &after.note, after.is_final, &after.items)
        || (&before.inspected_on, &before.inspector, &before.inspection_note)
            != (&after.inspected_on, &after.inspector, &after.inspection_note)
    {
        Activity::new("draw.edited", None, format!("Edited draw {n}.")).money(Some(b), Some(a))
    } else {
        return None;
    };
    Some(activity)
}

pub fn draw_deleted(d: &Draw) -> Activity {
    let cents = d.total.cents();
    Activity::new("draw.deleted", None, format!("Deleted draw {} of {}.", d.number, usd(cents)))
        .money(Some(cents), None)
}

pub fn waiver_created(w: &LienWaiver) -> Activity {
    let cents = w.details.amount.cents();
    let who = &w.contractor_name;
    let (action, summary) = match w.details.status {
        WaiverState::Requested => {
            ("waiver.requested", format!("Requested a lien waiver of {} from {who}.", usd(cents)))
        }
        WaiverState::Received => ("waiver.received", format!("Received a lien waiver of {} from {who}.", usd(cents))),
    };
    Activity::new(action, None, summary).money(None, Some(cents))
}

/// A waiver received, or another edit; `None` when nothing changed.
pub fn waiver_changed(before: &LienWaiver, after: &LienWaiver) -> Option<Activity> {
    if before.details == after.details {
        return None;
    }
    let (b, a) = (before.details.amount.cents(), after.details.amount.cents());
    let who = &after.contractor_name;
    let (action, summary) = if before.details.status != after.details.status {
        match after.details.status {
            WaiverState::Received => ("waiver.received", format!("Received the lien waiver of {} from {who}.", usd(a))),
            WaiverState::Requested => {
                ("waiver.requested", format!("Set the lien waiver of {} from {who} back to requested.", usd(a)))
            }
        }
    } else if a != b {
        ("waiver.edited", format!("The lien waiver from {who} changed from {} to {}.", usd(b), usd(a)))
    } else {
        ("waiver.edited", format!("Edited the lien waiver of {} from {who}.", usd(a)))
    };
    Some(Activity::new(action, None, summary).money(Some(b), Some(a)))
}

pub fn waiver_deleted(w: &LienWaiver) -> Activity {
    let cents = w.details.amount.cents();
    Activity::new(
        "waiver.deleted",
        None,
        format!("Deleted the lien waiver of {} from {}.", usd(cents), w.contractor_name),
    )
    .money(Some(cents), None)
}

pub fn document_uploaded(task_id: i64, name: &str, task_title: &str) -> Activity {
    Activity::new("document.uploaded", Some(task_id), format!("Uploaded {name} to {task_title}."))
}

pub fn document_deleted(task_id: i64, name: &str, task_title: &str) -> Activity {
    Activity::new("document.deleted", Some(task_id), format!("Deleted {name} from {task_title}."))
}

/// A change of the project's settings; `None` when nothing changed. The budget, when it moved,
/// is the money before and after.
pub fn project_updated(before: &ProjectDetails, after: &ProjectDetails) -> Option<Activity> {
    if before == after {
        return None;
    }
    let (b, a) = (before.budget.cents(), after.budget.cents());
    let summary = if a != b {
        format!("Budget changed from {} to {}.", usd(b), usd(a))
    } else if before.name != after.name {
        format!("Renamed the project from {} to {}.", before.name, after.name)
    } else {
        "Changed the project's settings.".to_owned()
    };
    Some(Activity::new("project.updated", None, summary).money(Some(b), Some(a)))
}

#[cfg(test)]
#[path = "activity_tests.rs"]
mod tests;
