//! The money ledger of a project (issue 19, docs/money.md): payments against tasks, change
//! orders, lender draws, and the project's money summary (committed / paid / remaining,
//! contingency, loan), all in integer cents.

use chrono::NaiveDate;

use crate::bid::{parse_optional_date, NOTES_MAX};
use crate::budget::CostLine;
use crate::error::{DomainError, FieldErrors};
use crate::money::{Money, MoneyError, MAX_CENTS};
use crate::task::TaskStatus;

pub const PAYEE_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 5000;
/// Approved change orders above this share of the committed total are warned about.
pub const CHANGE_ORDER_WARNING_PCT: i64 = 10;

pub const MSG_APPROVE_NEEDS_AWARD: &str =
    "Award a bid on this task before approving a change order: a change order changes an awarded contract.";
pub const MSG_NO_DRAW_TASKS: &str = "Choose at least one task.";
pub const MSG_DRAW_TASK_OF_ANOTHER_PROJECT: &str = "Choose tasks of this draw's project.";
pub const MSG_DRAW_TASKS_FIXED: &str =
    "Only a draft draw's tasks can change: set it back to draft first, or make a new draw.";
pub const MSG_FUNDED_DRAW: &str = "A funded draw cannot be deleted: set it back to submitted first.";

macro_rules! code_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $code:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn code(self) -> &'static str { match self { $($name::$variant => $code),+ } }
            pub fn parse(raw: &str) -> Option<Self> { Self::ALL.iter().copied().find(|v| v.code() == raw) }
        }
    };
}

code_enum!(
    /// How a payment was made.
    PaymentMethod { Check => "check", Card => "card", Transfer => "transfer", Cash => "cash", LoanDraw => "loan_draw", Other => "other" }
);
code_enum!(
    /// Where a change order stands; only approved ones count.
    ChangeOrderStatus { Proposed => "proposed", Approved => "approved", Rejected => "rejected" }
);
code_enum!(
    /// Where a lender draw request stands; only funded ones count as drawn.
    DrawStatus { Draft => "draft", Submitted => "submitted", Funded => "funded" }
);

/// A signed amount of cents within ±[`MAX_CENTS`] (a change order may lower a price).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SignedMoney(i64);

impl SignedMoney {
    pub fn from_cents(cents: i64) -> Option<Self> {
        (-MAX_CENTS..=MAX_CENTS).contains(&cents).then_some(Self(cents))
    }
    pub fn cents(self) -> i64 {
        self.0
    }
    /// Dollars as written in JSON, with an optional leading minus.
    pub fn parse_dollars(text: &str) -> Result<SignedMoney, MoneyError> {
        let t = text.trim();
        let (negative, rest) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        if rest.starts_with('-') || rest.starts_with('+') {
            return Err(MoneyError::NotANumber);
        }
        let cents = Money::parse_dollars(rest)?.cents();
        Ok(SignedMoney(if negative { -cents } else { cents }))
    }
    pub fn as_dollars_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

fn text(errors: &mut FieldErrors, field: &str, raw: &str, max: usize) -> String {
    let t = raw.trim();
    if t.chars().count() > max {
        errors.add(field, format!("Ensure this field has no more than {max} characters."));
    }
    t.to_owned()
}

fn date_or(
    errors: &mut FieldErrors,
    field: &str,
    raw: Option<String>,
    current: Option<NaiveDate>,
    today: NaiveDate,
) -> NaiveDate {
    match raw {
        Some(raw) => parse_optional_date(errors, field, &raw).unwrap_or(today),
        None => current.unwrap_or(today),
    }
}

/// What a task's payments and change orders bring to the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LedgerFigures {
    /// Sum of its payments.
    pub paid_cents: i64,
    pub payment_count: i32,
    /// Sum of its approved change orders (in its committed cost when it has an award).
    pub change_order_cents: i64,
}

// ----- payments -------------------------------------------------------------------------------

/// A payment made against a task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub details: PaymentDetails,
    /// The named contractor's name (read with the payment).
    pub contractor_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentDetails {
    /// More than zero.
    pub amount: Money,
    pub paid_on: NaiveDate,
    /// Free text; empty when a contractor is named.
    pub payee: String,
    pub contractor_id: Option<i64>,
    pub method: PaymentMethod,
    pub note: String,
    /// A document of the same task.
    pub receipt_id: Option<i64>,
}

impl Payment {
    /// Who was paid: the contractor's name when one is named, else the text.
    pub fn payee_label(&self) -> &str {
        self.contractor_name.as_deref().unwrap_or(&self.details.payee)
    }
}

/// Who was paid, as sent: a contractor of the roster or free text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payee {
    Contractor(i64),
    Text(String),
}

/// Raw payment fields (amounts already read as money by the edge). `None`: absent or unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentInput {
    pub amount: Option<Money>,
    pub paid_on: Option<String>,
    /// `Some(None)` clears the payee.
    pub payee: Option<Option<Payee>>,
    pub method: Option<String>,
    pub note: Option<String>,
    /// `Some(None)` clears the receipt.
    pub receipt: Option<Option<i64>>,
}

impl PaymentDetails {
    /// The details after `input` (over `current` for an update): an amount above zero (required
    /// on create), a date (default `today`), a payee, a known method (default `other`).
    pub fn parse(
        input: PaymentInput,
        current: Option<&PaymentDetails>,
        today: NaiveDate,
    ) -> Result<PaymentDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let amount = match (input.amount, current) {
            (Some(a), _) => a,
            (None, Some(c)) => c.amount,
            (None, None) => {
                errors.add("amount", "This field is required.");
                Money::ZERO
            }
        };
        if amount == Money::ZERO && !errors.contains("amount") {
            errors.add("amount", "Ensure this value is greater than 0.");
        }
        let paid_on = date_or(&mut errors, "paid_on", input.paid_on, current.map(|c| c.paid_on), today);
        let (payee, contractor_id) = match input.payee {
            Some(Some(Payee::Contractor(id))) => (String::new(), Some(id)),
            Some(Some(Payee::Text(raw))) => (text(&mut errors, "payee", &raw, PAYEE_MAX), None),
            Some(None) => (String::new(), None),
            None => current.map(|c| (c.payee.clone(), c.contractor_id)).unwrap_or_default(),
        };
        let method = match input.method {
            Some(raw) => PaymentMethod::parse(raw.trim()).unwrap_or_else(|| {
                errors.add("method", format!("\"{raw}\" is not a valid choice."));
                PaymentMethod::Other
            }),
            None => current.map_or(PaymentMethod::Other, |c| c.method),
        };
        let note = match input.note {
            Some(raw) => text(&mut errors, "note", &raw, NOTES_MAX),
            None => current.map(|c| c.note.clone()).unwrap_or_default(),
        };
        let receipt_id = input.receipt.unwrap_or(current.and_then(|c| c.receipt_id));
        errors.into_result()?;
        Ok(PaymentDetails { amount, paid_on, payee, contractor_id, method, note, receipt_id })
    }
}

// ----- change orders --------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeOrder {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub details: ChangeOrderDetails,
    pub contractor_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeOrderDetails {
    pub description: String,
    pub amount: SignedMoney,
    pub status: ChangeOrderStatus,
    pub date: NaiveDate,
    pub contractor_id: Option<i64>,
    pub document_id: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeOrderInput {
    pub description: Option<String>,
    pub amount: Option<SignedMoney>,
    pub status: Option<String>,
    pub date: Option<String>,
    pub contractor: Option<Option<i64>>,
    pub document: Option<Option<i64>>,
}

impl ChangeOrderDetails {
    pub fn parse(
        input: ChangeOrderInput,
        current: Option<&ChangeOrderDetails>,
        today: NaiveDate,
    ) -> Result<ChangeOrderDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let description = match input.description {
            Some(raw) => text(&mut errors, "description", &raw, DESCRIPTION_MAX),
            None => match current {
                Some(c) => c.description.clone(),
                None => {
                    errors.add("description", "This field is required.");
                    "-".into()
                }
            },
        };
        if description.is_empty() && !errors.contains("description") {
            errors.add("description", "This field may not be blank.");
        }
        let amount = match (input.amount, current) {
            (Some(a), _) => a,
            (None, Some(c)) => c.amount,
            (None, None) => {
                errors.add("amount", "This field is required.");
                SignedMoney::default()
            }
        };
        let status = match input.status {
            Some(raw) => ChangeOrderStatus::parse(raw.trim()).unwrap_or_else(|| {
                errors.add("status", format!("\"{raw}\" is not a valid choice."));
                ChangeOrderStatus::Proposed
            }),
            None => current.map_or(ChangeOrderStatus::Proposed, |c| c.status),
        };
        let date = date_or(&mut errors, "date", input.date, current.map(|c| c.date), today);
        let contractor_id = input.contractor.unwrap_or(current.and_then(|c| c.contractor_id));
        let document_id = input.document.unwrap_or(current.and_then(|c| c.document_id));
        errors.into_result()?;
        Ok(ChangeOrderDetails { description, amount, status, date, contractor_id, document_id })
    }

    /// What the change order adds to its task's committed cost.
    pub fn approved_cents(&self) -> i64 {
        if self.status == ChangeOrderStatus::Approved {
            self.amount.cents()
        } else {
            0
        }
    }

    /// An approved change order changes an awarded contract: its task must have an award
    /// (`task_awarded`, as found under the lock of the write that stores the change order).
    pub fn check_award(&self, task_awarded: bool) -> Result<(), DomainError> {
        if self.status == ChangeOrderStatus::Approved && !task_awarded {
            return Err(DomainError::conflict("status", MSG_APPROVE_NEEDS_AWARD));
        }
        Ok(())
    }
}

/// A task's committed cost: its award plus its approved change orders, never below zero;
/// `None` without an award (change orders change an awarded contract).
pub fn committed_cents(award: Option<i64>, approved_change_orders: i64) -> Option<i64> {
    award.map(|a| a.saturating_add(approved_change_orders).clamp(0, MAX_CENTS))
}

/// One line of the change-order register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisterLine {
    pub change_order: ChangeOrder,
    pub task_title: String,
    /// Approved amounts up to and including this line.
    pub running_total_cents: i64,
}

/// The project's change orders in date order with a running total of the approved ones.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeOrderRegister {
    pub lines: Vec<RegisterLine>,
    pub approved_total_cents: i64,
    pub committed_total_cents: i64,
    /// approved / committed x 100, one decimal; `None` when nothing is committed.
    pub approved_percent: Option<f64>,
    /// Approved change orders above [`CHANGE_ORDER_WARNING_PCT`] of the committed total.
    pub warning: bool,
}

impl ChangeOrderRegister {
    /// `orders` with their task titles, in any order; `committed_total_cents` is the project's
    /// committed total (awards + approved change orders).
    pub fn build(mut orders: Vec<(ChangeOrder, String)>, committed_total_cents: i64) -> ChangeOrderRegister {
        orders.sort_by_key(|(c, _)| (c.details.date, c.id));
        let mut running = 0i64;
        let lines = orders
            .into_iter()
            .map(|(change_order, task_title)| {
                running = running.saturating_add(change_order.details.approved_cents());
                RegisterLine { change_order, task_title, running_total_cents: running }
            })
            .collect();
        let approved_percent = (committed_total_cents > 0)
            .then(|| (running as f64 * 1000.0 / committed_total_cents as f64).round() / 10.0);
        // approved > 10% of committed, in integers (no rounding at the edge).
        let warning = running > 0
            && i128::from(running) * 100
                > i128::from(CHANGE_ORDER_WARNING_PCT) * i128::from(committed_total_cents.max(0));
        ChangeOrderRegister { lines, approved_total_cents: running, committed_total_cents, approved_percent, warning }
    }
}

// ----- lender draws ---------------------------------------------------------------------------

/// A draw request sent to the construction lender.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    pub id: i64,
    pub project_id: i64,
    pub number: i32,
    pub requested_on: NaiveDate,
    pub status: DrawStatus,
    pub items: Vec<DrawItem>,
    pub total: Money,
    pub funded_amount: Option<Money>,
    pub funded_on: Option<NaiveDate>,
    pub note: String,
}

/// One task's line in a draw, fixed when the draw is made (the title outlives the task).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawItem {
    pub task_id: Option<i64>,
    pub title: String,
    pub amount: Money,
}

/// What a task has done so far, in money: its paid to date, or its actual cost once it is in
/// Paid when that is more.
pub fn work_to_date_cents(status: TaskStatus, actual_cost: Option<Money>, paid_cents: i64) -> i64 {
    let actual = match status {
        TaskStatus::Paid => actual_cost.map_or(0, Money::cents),
        _ => 0,
    };
    paid_cents.max(actual).max(0)
}

/// A task as a draw sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawableTask {
    pub task_id: i64,
    pub title: String,
    pub work_to_date_cents: i64,
    /// What the project's other draws already cover of this task.
    pub already_drawn_cents: i64,
}

impl DrawableTask {
    /// The work not yet covered by another draw, never below zero.
    pub fn amount_cents(&self) -> i64 {
        (self.work_to_date_cents - self.already_drawn_cents).clamp(0, MAX_CENTS)
    }
}

/// The lines and total of a draw covering `tasks`.
pub fn draw_items(tasks: &[DrawableTask]) -> (Vec<DrawItem>, Money) {
    let items: Vec<DrawItem> = tasks
        .iter()
        .map(|t| DrawItem {
            task_id: Some(t.task_id),
            title: t.title.clone(),
            amount: Money::from_cents(t.amount_cents()).unwrap_or(Money::ZERO),
        })
        .collect();
    let total = items.iter().fold(0i64, |s, i| s.saturating_add(i.amount.cents())).min(MAX_CENTS);
    (items, Money::from_cents(total).unwrap_or(Money::ZERO))
}

/// What a new draw would cover: every task with work not yet drawn, in the order given.
pub fn next_draw(tasks: &[DrawableTask]) -> Vec<DrawableTask> {
    tasks.iter().filter(|t| t.amount_cents() > 0).cloned().collect()
}

/// The tasks named in `ids` (any order, repeats ignored) out of `drawable`, the project's tasks
/// in board order: in board order, each once. At least one, and only the project's.
pub fn select_draw_tasks(drawable: &[DrawableTask], ids: &[i64]) -> Result<Vec<DrawableTask>, DomainError> {
    if ids.is_empty() {
        return Err(FieldErrors::single("tasks", MSG_NO_DRAW_TASKS));
    }
    if ids.iter().any(|id| !drawable.iter().any(|t| t.task_id == *id)) {
        return Err(FieldErrors::single("tasks", MSG_DRAW_TASK_OF_ANOTHER_PROJECT));
    }
    Ok(drawable.iter().filter(|t| ids.contains(&t.task_id)).cloned().collect())
}

/// A draw to store: its lines, fixed now, and its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDraw {
    pub items: Vec<DrawItem>,
    pub fields: DrawFields,
}

impl NewDraw {
    /// A draw of the tasks `ids`, each for its work not yet drawn. `drawable`: the project's
    /// tasks in board order with what its draws already cover, as found under the lock of the
    /// write that numbers the draw (two draws made at once never cover the same work).
    pub fn parse(
        drawable: &[DrawableTask],
        ids: &[i64],
        input: DrawInput,
        today: NaiveDate,
    ) -> Result<NewDraw, DomainError> {
        let (items, total) = draw_items(&select_draw_tasks(drawable, ids)?);
        let fields = DrawFields::parse(input, None, total, today)?;
        Ok(NewDraw { items, fields })
    }
}

/// What a change makes of a stored draw: its fields, and its lines when they change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawUpdate {
    pub items: Option<Vec<DrawItem>>,
    pub fields: DrawFields,
}

impl Draw {
    /// The draw's own fields.
    pub fn fields(&self) -> DrawFields {
        DrawFields {
            requested_on: self.requested_on,
            status: self.status,
            funded_amount: self.funded_amount,
            funded_on: self.funded_on,
            note: self.note.clone(),
        }
    }

    /// A funded draw stays: the lender has paid it.
    pub fn check_delete(&self) -> Result<(), DomainError> {
        if self.status == DrawStatus::Funded {
            return Err(DomainError::conflict("status", MSG_FUNDED_DRAW));
        }
        Ok(())
    }

    /// The draw after `input` and, when given, the tasks `tasks` (only a draft's lines change).
    /// `self` and `drawable` (the project's tasks with what its other draws cover) are as
    /// found under the lock of the write that stores the change.
    pub fn change(
        &self,
        tasks: Option<&[i64]>,
        drawable: &[DrawableTask],
        input: DrawInput,
        today: NaiveDate,
    ) -> Result<DrawUpdate, DomainError> {
        let items = match tasks {
            Some(_) if self.status != DrawStatus::Draft => {
                return Err(DomainError::conflict("tasks", MSG_DRAW_TASKS_FIXED))
            }
            Some(ids) => Some(draw_items(&select_draw_tasks(drawable, ids)?)),
            None => None,
        };
        let total = items.as_ref().map_or(self.total, |(_, total)| *total);
        let fields = DrawFields::parse(input, Some(&self.fields()), total, today)?;
        Ok(DrawUpdate { items: items.map(|(items, _)| items), fields })
    }
}

/// Raw draw fields. `None`: absent or unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawInput {
    pub requested_on: Option<String>,
    pub status: Option<String>,
    /// `Some(None)`: cleared.
    pub funded_amount: Option<Option<Money>>,
    pub funded_on: Option<Option<String>>,
    pub note: Option<String>,
}

/// A draw's own fields (its tasks and total are computed elsewhere).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawFields {
    pub requested_on: NaiveDate,
    pub status: DrawStatus,
    pub funded_amount: Option<Money>,
    pub funded_on: Option<NaiveDate>,
    pub note: String,
}

impl DrawFields {
    /// The fields after `input` over `current`. A funded draw has a funded amount (default: the
    /// total) and date (default: today); any other status has neither.
    pub fn parse(
        input: DrawInput,
        current: Option<&DrawFields>,
        total: Money,
        today: NaiveDate,
    ) -> Result<DrawFields, DomainError> {
        let mut errors = FieldErrors::new();
        let requested_on =
            date_or(&mut errors, "requested_on", input.requested_on, current.map(|c| c.requested_on), today);
        let status = match input.status {
            Some(raw) => DrawStatus::parse(raw.trim()).unwrap_or_else(|| {
                errors.add("status", format!("\"{raw}\" is not a valid choice."));
                DrawStatus::Draft
            }),
            None => current.map_or(DrawStatus::Draft, |c| c.status),
        };
        let note = match input.note {
            Some(raw) => text(&mut errors, "note", &raw, NOTES_MAX),
            None => current.map(|c| c.note.clone()).unwrap_or_default(),
        };
        let was_funded = current.is_some_and(|c| c.status == DrawStatus::Funded);
        let (funded_amount, funded_on) = if status == DrawStatus::Funded {
            let keep = |c: &DrawFields| if was_funded { (c.funded_amount, c.funded_on) } else { (None, None) };
            let (old_amount, old_on) = current.map(keep).unwrap_or((None, None));
            let amount = input.funded_amount.unwrap_or(old_amount).unwrap_or(total);
            let on = match input.funded_on {
                Some(Some(raw)) => parse_optional_date(&mut errors, "funded_on", &raw).or(Some(today)),
                Some(None) => Some(today),
                None => old_on.or(Some(today)),
            };
            (Some(amount), on)
        } else {
            if matches!(input.funded_amount, Some(Some(_))) {
                errors.add("funded_amount", "Only a funded draw has a funded amount: set its status to funded.");
            }
            if matches!(input.funded_on, Some(Some(ref raw)) if !raw.trim().is_empty()) {
                errors.add("funded_on", "Only a funded draw has a funded date: set its status to funded.");
            }
            (None, None)
        };
        if let (Some(on), true) = (funded_on, status == DrawStatus::Funded) {
            if on < requested_on && !errors.contains("funded_on") {
                errors.add("funded_on", "A draw cannot be funded before it was requested.");
            }
        }
        errors.into_result()?;
        Ok(DrawFields { requested_on, status, funded_amount, funded_on, note })
    }
}

// ----- the money summary ------------------------------------------------------------------------

/// What one task brings to the money summary, beyond its [`CostLine`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerLine {
    pub cost: CostLine,
    /// Sum of its payments.
    pub paid_cents: i64,
    /// Sum of its approved change orders (counted only with an award).
    pub change_order_cents: i64,
}

/// Where the budget stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoneyStatus {
    Ok,
    /// The contingency left is below half the reserve.
    Warning,
    /// The predicted total is above the budget (the spec's red).
    Over,
}

impl MoneyStatus {
    pub fn code(self) -> &'static str {
        match self {
            MoneyStatus::Ok => "ok",
            MoneyStatus::Warning => "warning",
            MoneyStatus::Over => "over",
        }
    }
}

/// The project-level settings and figures the summary needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerSettings {
    pub budget: Money,
    pub square_footage: i64,
    pub contingency_percent: i32,
    pub loan_amount: Option<Money>,
    /// Sum of funded draws.
    pub drawn_cents: i64,
}

/// The money summary of a project, in cents (docs/money.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoneySummary {
    pub predicted_total_cents: i64,
    pub committed_cents: i64,
    pub change_orders_approved_cents: i64,
    pub paid_to_date_cents: i64,
    pub remaining_to_pay_cents: i64,
    pub uncommitted_cents: i64,
    pub contingency_percent: i32,
    pub contingency_reserve_cents: i64,
    /// budget − predicted total; negative when over.
    pub contingency_left_cents: i64,
    pub status: MoneyStatus,
    pub loan_amount_cents: Option<i64>,
    pub drawn_cents: i64,
    pub loan_left_cents: Option<i64>,
}

impl MoneySummary {
    pub fn compute(settings: LedgerSettings, lines: impl IntoIterator<Item = LedgerLine>) -> MoneySummary {
        let add = |a: i64, b: i64| a.saturating_add(b);
        let (mut predicted, mut committed, mut change_orders, mut paid, mut remaining, mut uncommitted) =
            (0i64, 0i64, 0i64, 0i64, 0i64, 0i64);
        for line in lines {
            let best = line.cost.best_known_cents();
            predicted = add(predicted, best);
            paid = add(paid, line.paid_cents);
            match line.cost.committed {
                Some(c) => {
                    committed = add(committed, c.cents());
                    change_orders = add(change_orders, line.change_order_cents);
                    let owed = line.cost.actual_cost.unwrap_or(c).cents();
                    remaining = add(remaining, (owed - line.paid_cents).max(0));
                }
                None => uncommitted = add(uncommitted, best),
            }
        }
        let predicted = predicted.min(MAX_CENTS);
        let budget = settings.budget.cents();
        let percent = i64::from(settings.contingency_percent.clamp(0, 100));
        // budget x percent / 100, rounded half up to the cent.
        let reserve = (budget * percent + 50) / 100;
        let left = budget - predicted;
        let status = if predicted > budget {
            MoneyStatus::Over
        } else if left * 2 < reserve {
            MoneyStatus::Warning
        } else {
            MoneyStatus::Ok
        };
        let loan = settings.loan_amount.map(Money::cents);
        MoneySummary {
            predicted_total_cents: predicted,
            committed_cents: committed.min(MAX_CENTS),
            change_orders_approved_cents: change_orders.clamp(-MAX_CENTS, MAX_CENTS),
            paid_to_date_cents: paid.min(MAX_CENTS),
            remaining_to_pay_cents: remaining.min(MAX_CENTS),
            uncommitted_cents: uncommitted.min(MAX_CENTS),
            contingency_percent: settings.contingency_percent,
            contingency_reserve_cents: reserve,
            contingency_left_cents: left,
            status,
            loan_amount_cents: loan,
            drawn_cents: settings.drawn_cents,
            loan_left_cents: loan.map(|l| l - settings.drawn_cents),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::PredictedCost;
    use proptest::prelude::*;

    fn money(c: i64) -> Money {
        Money::from_cents(c).unwrap()
    }
    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }
    const TODAY: &str = "2026-11-24";

    fn line(
        status: TaskStatus,
        actual: Option<i64>,
        committed: Option<i64>,
        rate: Option<i64>,
        paid: i64,
    ) -> LedgerLine {
        LedgerLine {
            cost: CostLine {
                status,
                actual_cost: actual.map(money),
                committed: committed.map(money),
                predicted: rate.map(|r| PredictedCost::exact(r * 100)),
            },
            paid_cents: paid,
            change_order_cents: 0,
        }
    }

    fn settings(budget: i64, percent: i32) -> LedgerSettings {
        LedgerSettings {
            budget: money(budget),
            square_footage: 100,
            contingency_percent: percent,
            loan_amount: None,
            drawn_cents: 0,
        }
    }

    #[test]
    fn signed_amounts_parse_with_a_minus() {
        assert_eq!(SignedMoney::parse_dollars("-2500.5").unwrap().cents(), -250_050);
        assert_eq!(SignedMoney::parse_dollars("2500").unwrap().cents(), 250_000);
        assert!(SignedMoney::parse_dollars("--1").is_err());
        assert!(SignedMoney::parse_dollars("-1.234").is_err());
        assert!(SignedMoney::from_cents(-MAX_CENTS - 1).is_none());
    }

    #[test]
    fn a_payment_needs_an_amount_above_zero_and_a_known_method() {
        let today = day(TODAY);
        let e = PaymentDetails::parse(PaymentInput::default(), None, today).unwrap_err();
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
        let zero = PaymentInput { amount: Some(Money::ZERO), method: Some("bitcoin".into()), ..Default::default() };
        let e = PaymentDetails::parse(zero, None, today).unwrap_err();
        assert_eq!(e.fields().as_map()["amount"], ["Ensure this value is greater than 0."]);
        assert_eq!(e.fields().as_map()["method"], ["\"bitcoin\" is not a valid choice."]);
        let ok = PaymentInput {
            amount: Some(money(100)),
            payee: Some(Some(Payee::Text(" Ace Plumbing ".into()))),
            ..Default::default()
        };
        let p = PaymentDetails::parse(ok, None, today).unwrap();
        assert_eq!((p.paid_on, p.method, p.payee.as_str()), (today, PaymentMethod::Other, "Ace Plumbing"));
        // Naming a contractor replaces the text; an update keeps what it does not name.
        let named = PaymentInput { payee: Some(Some(Payee::Contractor(7))), ..Default::default() };
        let q = PaymentDetails::parse(named, Some(&p), today).unwrap();
        assert_eq!((q.payee.as_str(), q.contractor_id, q.amount), ("", Some(7), money(100)));
    }

    #[test]
    fn change_orders_count_only_when_approved_and_only_with_an_award() {
        let today = day(TODAY);
        let input = ChangeOrderInput {
            description: Some("Extra outlet run".into()),
            amount: SignedMoney::from_cents(-50_000),
            ..Default::default()
        };
        let c = ChangeOrderDetails::parse(input, None, today).unwrap();
        assert_eq!((c.status, c.date, c.approved_cents()), (ChangeOrderStatus::Proposed, today, 0));
        let approved = ChangeOrderDetails { status: ChangeOrderStatus::Approved, ..c };
        assert_eq!(approved.approved_cents(), -50_000);
        assert_eq!(committed_cents(Some(1_000_000), -50_000), Some(950_000));
        assert_eq!(committed_cents(None, 250_000), None);
        assert_eq!(committed_cents(Some(10), -50_000), Some(0), "never below zero");
        let e = ChangeOrderDetails::parse(
            ChangeOrderInput { description: Some("  ".into()), ..Default::default() },
            None,
            today,
        )
        .unwrap_err();
        assert_eq!(e.fields().as_map()["description"], ["This field may not be blank."]);
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
    }

    fn order(id: i64, date: &str, cents: i64, status: ChangeOrderStatus) -> (ChangeOrder, String) {
        let details = ChangeOrderDetails {
            description: format!("CO {id}"),
            amount: SignedMoney::from_cents(cents).unwrap(),
            status,
            date: day(date),
            contractor_id: None,
            document_id: None,
        };
        (ChangeOrder { id, task_id: 1, project_id: 1, details, contractor_name: None }, "Framing".into())
    }

    #[test]
    fn the_register_runs_approved_totals_in_date_order_and_warns_past_ten_percent() {
        let orders = vec![
            order(3, "2026-03-01", 250_000, ChangeOrderStatus::Approved),
            order(1, "2026-01-01", 100_000, ChangeOrderStatus::Approved),
            order(2, "2026-02-01", 900_000, ChangeOrderStatus::Rejected),
        ];
        let r = ChangeOrderRegister::build(orders.clone(), 3_500_000);
        let running: Vec<(i64, i64)> = r.lines.iter().map(|l| (l.change_order.id, l.running_total_cents)).collect();
        assert_eq!(running, [(1, 100_000), (2, 100_000), (3, 350_000)]);
        assert_eq!(
            (r.approved_total_cents, r.approved_percent, r.warning),
            (350_000, Some(10.0), false),
            "exactly 10%"
        );
        let r = ChangeOrderRegister::build(orders, 3_499_999);
        assert!(r.warning, "just above 10%");
        let none = ChangeOrderRegister::build(vec![], 0);
        assert_eq!((none.approved_percent, none.warning), (None, false));
    }

    #[test]
    fn work_to_date_is_paid_or_the_actual_cost_of_a_paid_task() {
        assert_eq!(work_to_date_cents(TaskStatus::InProgress, Some(money(900)), 300), 300);
        assert_eq!(work_to_date_cents(TaskStatus::Paid, Some(money(900)), 300), 900);
        assert_eq!(work_to_date_cents(TaskStatus::Paid, Some(money(900)), 1200), 1200);
        assert_eq!(work_to_date_cents(TaskStatus::ToDo, None, 0), 0);
    }

    #[test]
    fn a_draw_covers_the_work_not_yet_drawn() {
        let tasks = [
            DrawableTask {
                task_id: 1,
                title: "Framing".into(),
                work_to_date_cents: 500_000,
                already_drawn_cents: 200_000,
            },
            DrawableTask {
                task_id: 2,
                title: "Roof".into(),
                work_to_date_cents: 100_000,
                already_drawn_cents: 100_000,
            },
            DrawableTask { task_id: 3, title: "Siding".into(), work_to_date_cents: 0, already_drawn_cents: 50_000 },
        ];
        let (items, total) = draw_items(&tasks);
        assert_eq!(items.iter().map(|i| i.amount.cents()).collect::<Vec<_>>(), [300_000, 0, 0]);
        assert_eq!(total.cents(), 300_000);
        assert_eq!(next_draw(&tasks).iter().map(|t| t.task_id).collect::<Vec<_>>(), [1]);
    }

    fn drawable() -> Vec<DrawableTask> {
        vec![
            DrawableTask { task_id: 1, title: "Framing".into(), work_to_date_cents: 500_000, already_drawn_cents: 0 },
            DrawableTask { task_id: 2, title: "Roof".into(), work_to_date_cents: 100_000, already_drawn_cents: 0 },
        ]
    }

    fn stored_draw(status: DrawStatus) -> Draw {
        let funded = status == DrawStatus::Funded;
        Draw {
            id: 7,
            project_id: 1,
            number: 1,
            requested_on: day("2026-11-01"),
            status,
            items: vec![DrawItem { task_id: Some(1), title: "Framing".into(), amount: money(500_000) }],
            total: money(500_000),
            funded_amount: funded.then(|| money(450_000)),
            funded_on: funded.then(|| day("2026-11-10")),
            note: String::new(),
        }
    }

    #[test]
    fn a_draw_names_some_of_its_projects_tasks_in_board_order() {
        let picked = select_draw_tasks(&drawable(), &[2, 1, 2]).unwrap();
        assert_eq!(picked.iter().map(|t| t.task_id).collect::<Vec<_>>(), [1, 2]);
        for (ids, message) in [(vec![], MSG_NO_DRAW_TASKS), (vec![1, 99], MSG_DRAW_TASK_OF_ANOTHER_PROJECT)] {
            let e = select_draw_tasks(&drawable(), &ids).unwrap_err();
            assert_eq!(e.fields().as_map()["tasks"], [message]);
        }
        let new = NewDraw::parse(&drawable(), &[1], DrawInput::default(), day(TODAY)).unwrap();
        assert_eq!((new.items.len(), new.items[0].amount, new.fields.status), (1, money(500_000), DrawStatus::Draft));
        let bad = DrawInput { status: Some("paid".into()), ..Default::default() };
        assert!(NewDraw::parse(&drawable(), &[1], bad, day(TODAY)).unwrap_err().fields().contains("status"));
    }

    #[test]
    fn a_funded_draw_stays_and_only_a_drafts_lines_change() {
        let e = stored_draw(DrawStatus::Funded).check_delete().unwrap_err();
        assert_eq!(e, DomainError::conflict("status", MSG_FUNDED_DRAW));
        assert!(e.fields().is_empty());
        for status in [DrawStatus::Draft, DrawStatus::Submitted] {
            stored_draw(status).check_delete().unwrap();
        }
        let today = day(TODAY);
        let e = stored_draw(DrawStatus::Submitted).change(Some(&[2]), &drawable(), DrawInput::default(), today);
        assert_eq!(e.unwrap_err(), DomainError::conflict("tasks", MSG_DRAW_TASKS_FIXED));
        let draft = stored_draw(DrawStatus::Draft);
        let u = draft.change(Some(&[2]), &drawable(), DrawInput::default(), today).unwrap();
        assert_eq!(u.items.map(|i| i.iter().map(|l| l.task_id).collect::<Vec<_>>()), Some(vec![Some(2)]));
        // Funding a draft with new lines defaults to their total.
        let fund = DrawInput { status: Some("funded".into()), ..Default::default() };
        let u = draft.change(Some(&[2]), &drawable(), fund, today).unwrap();
        assert_eq!(u.fields.funded_amount, Some(money(100_000)));
        // Without lines, an edit keeps them and what it does not name.
        let note = DrawInput { note: Some("called".into()), ..Default::default() };
        let u = stored_draw(DrawStatus::Funded).change(None, &[], note, today).unwrap();
        assert_eq!(u.items, None);
        assert_eq!((u.fields.status, u.fields.funded_amount), (DrawStatus::Funded, Some(money(450_000))));
    }

    #[test]
    fn an_approved_change_order_needs_an_award_and_others_do_not() {
        let details = |status| ChangeOrderDetails {
            description: "Beam".into(),
            amount: SignedMoney::from_cents(100).unwrap(),
            status,
            date: day(TODAY),
            contractor_id: None,
            document_id: None,
        };
        let e = details(ChangeOrderStatus::Approved).check_award(false).unwrap_err();
        assert_eq!(e, DomainError::conflict("status", MSG_APPROVE_NEEDS_AWARD));
        details(ChangeOrderStatus::Approved).check_award(true).unwrap();
        details(ChangeOrderStatus::Proposed).check_award(false).unwrap();
        details(ChangeOrderStatus::Rejected).check_award(false).unwrap();
    }

    #[test]
    fn a_funded_draw_has_an_amount_and_a_date_and_others_have_neither() {
        let today = day(TODAY);
        let total = money(300_000);
        let draft = DrawFields::parse(DrawInput::default(), None, total, today).unwrap();
        assert_eq!((draft.status, draft.funded_amount, draft.requested_on), (DrawStatus::Draft, None, today));
        let funded = DrawFields::parse(
            DrawInput { status: Some("funded".into()), ..Default::default() },
            Some(&draft),
            total,
            today,
        )
        .unwrap();
        assert_eq!((funded.funded_amount, funded.funded_on), (Some(total), Some(today)));
        let back = DrawFields::parse(
            DrawInput { status: Some("submitted".into()), ..Default::default() },
            Some(&funded),
            total,
            today,
        )
        .unwrap();
        assert_eq!((back.funded_amount, back.funded_on), (None, None));
        let e = DrawFields::parse(
            DrawInput { funded_amount: Some(Some(total)), ..Default::default() },
            Some(&draft),
            total,
            today,
        )
        .unwrap_err();
        assert!(e.fields().contains("funded_amount"));
        let early = DrawInput {
            status: Some("funded".into()),
            requested_on: Some("2026-11-20".into()),
            funded_on: Some(Some("2026-11-01".into())),
            ..Default::default()
        };
        assert!(DrawFields::parse(early, None, total, today).unwrap_err().fields().contains("funded_on"));
    }

    #[test]
    fn the_summary_of_a_worked_example() {
        // Budget 100,000.00, 10% contingency. Framing awarded 41,800 (+2,500 approved change
        // order = 44,300 committed), paid 20,000 twice; Roof predicted 10.00 x 100 sq ft; Site
        // work paid and done at 5,000.
        let mut framing = line(TaskStatus::InProgress, None, Some(4_430_000), Some(50_000), 4_000_000);
        framing.change_order_cents = 250_000;
        let lines = [
            framing,
            line(TaskStatus::ToDo, None, None, Some(100_000), 0),
            line(TaskStatus::Paid, Some(500_000), None, None, 500_000),
        ];
        let s = MoneySummary::compute(
            LedgerSettings { loan_amount: Some(money(8_000_000)), drawn_cents: 3_000_000, ..settings(10_000_000, 10) },
            lines,
        );
        assert_eq!(s.predicted_total_cents, 4_430_000 + 10_000_000 + 500_000);
        assert_eq!(s.committed_cents, 4_430_000);
        assert_eq!(s.change_orders_approved_cents, 250_000);
        assert_eq!(s.paid_to_date_cents, 4_500_000);
        assert_eq!(s.remaining_to_pay_cents, 430_000);
        assert_eq!(s.uncommitted_cents, 10_500_000);
        assert_eq!(s.contingency_reserve_cents, 1_000_000);
        assert_eq!(s.contingency_left_cents, 10_000_000 - 14_930_000);
        assert_eq!(s.status, MoneyStatus::Over);
        assert_eq!((s.loan_amount_cents, s.loan_left_cents), (Some(8_000_000), Some(5_000_000)));
    }

    #[test]
    fn the_status_turns_amber_below_half_the_reserve_then_red_above_the_budget() {
        let status = |predicted: i64| {
            MoneySummary::compute(settings(1_000_000, 10), [line(TaskStatus::ToDo, Some(predicted), None, None, 0)])
                .status
        };
        // Reserve 100,000 cents: amber once less than 50,000 is left.
        assert_eq!(status(950_000), MoneyStatus::Ok);
        assert_eq!(status(950_001), MoneyStatus::Warning);
        assert_eq!(status(1_000_000), MoneyStatus::Warning);
        assert_eq!(status(1_000_001), MoneyStatus::Over);
        let none =
            MoneySummary::compute(settings(1_000_000, 0), [line(TaskStatus::ToDo, Some(1_000_000), None, None, 0)]);
        assert_eq!(none.status, MoneyStatus::Ok, "no reserve, exactly on budget");
    }

    #[test]
    fn an_overpaid_task_does_not_lower_what_is_owed_on_another() {
        let lines = [
            line(TaskStatus::Paid, None, Some(100_000), None, 150_000),
            line(TaskStatus::InProgress, None, Some(200_000), None, 50_000),
        ];
        assert_eq!(MoneySummary::compute(settings(0, 10), lines).remaining_to_pay_cents, 150_000);
    }

    fn arb_line() -> impl Strategy<Value = LedgerLine> {
        (
            0usize..3,
            proptest::option::of(0i64..10_000_000),
            proptest::option::of(0i64..10_000_000),
            proptest::option::of(0i64..100_000),
            0i64..10_000_000,
        )
            .prop_map(|(s, actual, committed, rate, paid)| line(TaskStatus::ALL[s], actual, committed, rate, paid))
    }

    proptest! {
        /// Totals equal the sums of their parts, to the cent, whatever the ledger.
        #[test]
        fn summary_totals_are_the_sums_of_the_parts(lines in proptest::collection::vec(arb_line(), 0..60), budget in 0i64..1_000_000_000, pct in 0i32..=50) {
            let s = MoneySummary::compute(settings(budget, pct), lines.clone());
            let best: Vec<i64> = lines.iter().map(|l| l.cost.best_known_cents()).collect();
            prop_assert_eq!(s.predicted_total_cents, best.iter().sum::<i64>());
            prop_assert_eq!(s.paid_to_date_cents, lines.iter().map(|l| l.paid_cents).sum::<i64>());
            let committed: i64 = lines.iter().filter_map(|l| l.cost.committed).map(Money::cents).sum();
            prop_assert_eq!(s.committed_cents, committed);
            let committed_tasks_best: i64 = lines.iter().zip(&best).filter(|(l, _)| l.cost.committed.is_some()).map(|(_, b)| b).sum();
            prop_assert_eq!(s.uncommitted_cents + committed_tasks_best, s.predicted_total_cents);
            prop_assert!(s.remaining_to_pay_cents >= 0);
            prop_assert_eq!(s.contingency_left_cents, budget - s.predicted_total_cents);
            prop_assert_eq!(s.status == MoneyStatus::Over, s.predicted_total_cents > budget);
        }
    }
}
