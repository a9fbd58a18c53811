//! Lender draws (docs/money.md, "Lender draws"): a draw request's lines, fixed when it is made
//! from each task's work to date not yet covered by the project's other draws (or the lender
//! inspector's percent complete), its fields, and the rules of its changes (only a draft's lines
//! change; a funded draw stays; a draw goes to the lender with its lien waivers).
//!
//! Layout: this file holds the draw, its lines and fields and their rules; `continuation` the
//! continuation sheet's columns (issue 34); `paperwork` the lien waivers a draw still needs.

mod continuation;
mod paperwork;

use chrono::NaiveDate;

use crate::bid::NOTES_MAX;
use crate::error::{DomainError, FieldErrors};
use crate::money::{Money, MAX_CENTS};
use crate::task::TaskStatus;

use super::fields::{code_enum, text};

pub use continuation::{
    continuation_totals, inspected_amount_cents, percent_complete_tenths, retainage_cents, ContinuationLine,
    ContinuationTotals, FULL_PERCENT_TENTHS,
};
pub use paperwork::{
    usd, DrawPaperwork, MissingFinalWaiver, MissingWaiver, ProjectPaperwork, MSG_FINAL_WAIVERS_MISSING,
    MSG_WAIVERS_MISSING,
};

pub const MSG_NO_DRAW_TASKS: &str = "Choose at least one task.";
pub const MSG_DRAW_TASK_OF_ANOTHER_PROJECT: &str = "Choose tasks of this draw's project.";
pub const MSG_DRAW_TASKS_FIXED: &str =
    "Only a draft draw's tasks can change: set it back to draft first, or make a new draw.";
pub const MSG_DRAW_ITEMS_FIXED: &str =
    "Only a draft draw's percent complete can change: set it back to draft first, or make a new draw.";
pub const MSG_ITEM_NOT_ON_DRAW: &str = "Choose tasks of this draw.";
pub const MSG_PERCENT_ONE_DECIMAL: &str = "Ensure that there are no more than 1 decimal places.";
pub const MSG_FUNDED_DRAW: &str = "A funded draw cannot be deleted: set it back to submitted first.";
pub const MSG_FUNDED_AMOUNT_UNFUNDED: &str = "Only a funded draw has a funded amount: set its status to funded.";
pub const MSG_FUNDED_ON_UNFUNDED: &str = "Only a funded draw has a funded date: set its status to funded.";
pub const MSG_FUNDED_BEFORE_REQUESTED: &str = "A draw cannot be funded before it was requested.";
/// The longest inspector's name.
pub const INSPECTOR_MAX: usize = 120;

code_enum!(
    /// Where a lender draw request stands; only funded ones count as drawn.
    DrawStatus { Draft => "draft", Submitted => "submitted", Funded => "funded" }
);

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
    pub is_final: bool,
    pub inspected_on: Option<NaiveDate>,
    pub inspector: String,
    pub inspection_note: String,
    /// The project's retainage now (500 = 5 %), read with the draw.
    pub retainage_basis_points: i32,
    /// The lien waivers it still needs, as found with the draw.
    pub paperwork: DrawPaperwork,
}

/// One task's line in a draw, fixed when the draw is made (the title outlives the task).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawItem {
    pub task_id: Option<i64>,
    pub title: String,
    pub amount: Money,
    /// The task's scheduled value when the line was made.
    pub scheduled_cents: i64,
    /// What the project's other draws covered of the task when the line was made.
    pub previous_cents: i64,
    /// The lender inspector's percent complete in tenths (0..=1000); `None`: the work to date.
    pub inspected_percent_tenths: Option<i32>,
}

impl DrawItem {
    /// The line's continuation columns at the project's retainage (`basis_points`, 500 = 5 %).
    pub fn continuation(&self, basis_points: i32) -> ContinuationLine {
        ContinuationLine::of(self.scheduled_cents, self.previous_cents, self.amount.cents(), basis_points)
    }
}

impl Draw {
    /// The draw's continuation sheet at the project's current retainage, and its totals.
    pub fn continuation(&self) -> (Vec<ContinuationLine>, ContinuationTotals) {
        let lines: Vec<ContinuationLine> =
            self.items.iter().map(|i| i.continuation(self.retainage_basis_points)).collect();
        let totals = continuation_totals(&lines);
        (lines, totals)
    }
}

/// What a task has done so far, in money: its Paid (`task::paid_to_date_cents`), the same
/// figure the summary, the board and the exports show.
pub fn work_to_date_cents(status: TaskStatus, actual_cost: Option<Money>, paid_cents: i64) -> i64 {
    crate::task::paid_to_date_cents(status, actual_cost, paid_cents)
}

/// A task as a draw sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawableTask {
    pub task_id: i64,
    pub title: String,
    pub work_to_date_cents: i64,
    /// What the project's other draws already cover of this task.
    pub already_drawn_cents: i64,
    /// The task's scheduled value: its committed cost, else its best-known cost.
    pub scheduled_cents: i64,
}

impl DrawableTask {
    /// The work not yet covered by another draw, never below zero.
    pub fn amount_cents(&self) -> i64 {
        (self.work_to_date_cents - self.already_drawn_cents).clamp(0, MAX_CENTS)
    }

    /// The task's line: its work not yet drawn, or at the inspector's `percent_tenths`
    /// scheduled x percent less what other draws cover.
    pub fn line(&self, percent_tenths: Option<i32>) -> DrawItem {
        let amount = match percent_tenths {
            Some(p) => inspected_amount_cents(self.scheduled_cents, self.already_drawn_cents, p),
            None => self.amount_cents(),
        };
        DrawItem {
            task_id: Some(self.task_id),
            title: self.title.clone(),
            amount: Money::from_cents(amount).unwrap_or(Money::ZERO),
            scheduled_cents: self.scheduled_cents.clamp(0, MAX_CENTS),
            previous_cents: self.already_drawn_cents.clamp(0, MAX_CENTS),
            inspected_percent_tenths: percent_tenths,
        }
    }

    /// `tasks` with each scheduled value found in `scheduled` (by task id); the others keep theirs.
    pub fn with_scheduled(
        tasks: &[DrawableTask],
        scheduled: &std::collections::HashMap<i64, i64>,
    ) -> Vec<DrawableTask> {
        tasks
            .iter()
            .map(|t| DrawableTask {
                scheduled_cents: scheduled.get(&t.task_id).copied().unwrap_or(t.scheduled_cents),
                ..t.clone()
            })
            .collect()
    }
}

/// The lender inspector's percent complete per task (`None`: cleared), as a request lists them.
pub type PercentLines = [(i64, Option<i32>)];

/// The draw's net: this period less the retainage of each line at `basis_points`.
fn net_of(items: &[DrawItem], basis_points: i32) -> Money {
    let lines: Vec<ContinuationLine> = items.iter().map(|i| i.continuation(basis_points)).collect();
    Money::from_cents(continuation_totals(&lines).net_cents).unwrap_or(Money::ZERO)
}

fn total_of(items: &[DrawItem]) -> Money {
    let total = items.iter().fold(0i64, |s, i| s.saturating_add(i.amount.cents())).min(MAX_CENTS);
    Money::from_cents(total).unwrap_or(Money::ZERO)
}

/// The lines and total of a draw covering `tasks`, each for its work not yet drawn.
pub fn draw_items(tasks: &[DrawableTask]) -> (Vec<DrawItem>, Money) {
    let items: Vec<DrawItem> = tasks.iter().map(|t| t.line(None)).collect();
    let total = total_of(&items);
    (items, total)
}

/// Every task `percents` names must be one of `task_ids` (a line of the draw).
fn check_percent_tasks(percents: &PercentLines, task_ids: &[i64]) -> Result<(), DomainError> {
    if percents.iter().any(|(task, _)| !task_ids.contains(task)) {
        return Err(FieldErrors::single("items", MSG_ITEM_NOT_ON_DRAW));
    }
    Ok(())
}

/// The inspector's percent for `task` in `percents` (the last one named wins), if named.
fn percent_for(percents: &PercentLines, task: i64) -> Option<Option<i32>> {
    percents.iter().rev().find(|(t, _)| *t == task).map(|(_, p)| *p)
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

/// What a draw's rules read under the lock of its write: the project's tasks in board order
/// with what its other draws cover and their scheduled values, and its paperwork.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawContext {
    pub drawable: Vec<DrawableTask>,
    pub paperwork: ProjectPaperwork,
}

/// What a request asks of a draw's lines: its tasks, and the inspector's percents (draft only).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LinesChange<'a> {
    pub tasks: Option<&'a [i64]>,
    pub percents: Option<&'a PercentLines>,
    /// Send the draw to the lender without its lien waivers (never stored).
    pub allow_missing_waivers: bool,
}

/// A draw goes from draft to submitted with its paperwork, unless the request says otherwise.
fn check_paperwork(
    was_draft: bool,
    fields: &DrawFields,
    items: &[DrawItem],
    paperwork: &ProjectPaperwork,
    allow_missing_waivers: bool,
) -> Result<(), DomainError> {
    if !was_draft || fields.status != DrawStatus::Submitted || allow_missing_waivers {
        return Ok(());
    }
    let task_ids: Vec<i64> = items.iter().filter_map(|i| i.task_id).collect();
    paperwork.for_draw(&task_ids, fields.requested_on, fields.is_final).check_submit()
}

/// A draw to store: its lines, fixed now, and its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDraw {
    pub items: Vec<DrawItem>,
    pub fields: DrawFields,
}

impl NewDraw {
    /// A draw of the tasks `lines.tasks`, each for its work not yet drawn or at the inspector's
    /// percent. `ctx`: as found under the lock of the write that numbers the draw (two draws
    /// made at once never cover the same work). A draw made submitted needs its paperwork.
    pub fn parse(
        ctx: &DrawContext,
        lines: LinesChange<'_>,
        input: DrawInput,
        today: NaiveDate,
    ) -> Result<NewDraw, DomainError> {
        let tasks = select_draw_tasks(&ctx.drawable, lines.tasks.unwrap_or_default())?;
        let percents = lines.percents.unwrap_or_default();
        check_percent_tasks(percents, &tasks.iter().map(|t| t.task_id).collect::<Vec<_>>())?;
        let items: Vec<DrawItem> = tasks.iter().map(|t| t.line(percent_for(percents, t.task_id).flatten())).collect();
        let fields = DrawFields::parse(input, None, total_of(&items), today)?;
        check_paperwork(true, &fields, &items, &ctx.paperwork, lines.allow_missing_waivers)?;
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
            is_final: self.is_final,
            inspected_on: self.inspected_on,
            inspector: self.inspector.clone(),
            inspection_note: self.inspection_note.clone(),
        }
    }

    /// A funded draw stays: the lender has paid it.
    pub fn check_delete(&self) -> Result<(), DomainError> {
        if self.status == DrawStatus::Funded {
            return Err(DomainError::conflict("status", MSG_FUNDED_DRAW));
        }
        Ok(())
    }

    /// The draft's lines after `lines`: new tasks make new lines (a line that stays keeps its
    /// inspector's percent unless `percents` names it); percents alone change the lines they
    /// name (a cleared one asks for the task's work not yet drawn, as found in `drawable`).
    fn new_lines(
        &self,
        lines: LinesChange<'_>,
        drawable: &[DrawableTask],
    ) -> Result<Option<Vec<DrawItem>>, DomainError> {
        let stored = |task: i64| self.items.iter().find(|i| i.task_id == Some(task));
        let percents = lines.percents.unwrap_or_default();
        match lines.tasks {
            Some(ids) => {
                let tasks = select_draw_tasks(drawable, ids)?;
                check_percent_tasks(percents, &tasks.iter().map(|t| t.task_id).collect::<Vec<_>>())?;
                let percent = |t: &DrawableTask| {
                    percent_for(percents, t.task_id)
                        .unwrap_or_else(|| stored(t.task_id).and_then(|i| i.inspected_percent_tenths))
                };
                Ok(Some(tasks.iter().map(|t| t.line(percent(t))).collect()))
            }
            None if lines.percents.is_some() => {
                check_percent_tasks(percents, &self.items.iter().filter_map(|i| i.task_id).collect::<Vec<_>>())?;
                let relined = self.items.iter().map(|i| {
                    let Some(percent) = i.task_id.and_then(|t| percent_for(percents, t)) else { return i.clone() };
                    let amount = match percent {
                        Some(p) => inspected_amount_cents(i.scheduled_cents, i.previous_cents, p),
                        None => drawable
                            .iter()
                            .find(|t| Some(t.task_id) == i.task_id)
                            .map_or(i.amount.cents(), DrawableTask::amount_cents),
                    };
                    let amount = Money::from_cents(amount).unwrap_or(Money::ZERO);
                    DrawItem { amount, inspected_percent_tenths: percent, ..i.clone() }
                });
                Ok(Some(relined.collect()))
            }
            None => Ok(None),
        }
    }

    /// The draw after `input` and `lines` (only a draft's lines change). `self` and `ctx` (the
    /// project's tasks with what its other draws cover, its paperwork) are as found under the
    /// lock of the write that stores the change. Draft to submitted needs the paperwork.
    pub fn change(
        &self,
        lines: LinesChange<'_>,
        ctx: &DrawContext,
        input: DrawInput,
        today: NaiveDate,
    ) -> Result<DrawUpdate, DomainError> {
        if self.status != DrawStatus::Draft {
            if lines.tasks.is_some() {
                return Err(DomainError::conflict("tasks", MSG_DRAW_TASKS_FIXED));
            }
            if lines.percents.is_some() {
                return Err(DomainError::conflict("items", MSG_DRAW_ITEMS_FIXED));
            }
        }
        let items = self.new_lines(lines, &ctx.drawable)?;
        let lines_now = items.as_deref().unwrap_or(&self.items);
        // What the lender pays when it funds the draw in full: the request less the retainage
        // it holds back (the draw's net), at the project's retainage as read with the draw.
        let net = net_of(lines_now, self.retainage_basis_points);
        let fields = DrawFields::parse(input, Some(&self.fields()), net, today)?;
        let was_draft = self.status == DrawStatus::Draft;
        check_paperwork(was_draft, &fields, lines_now, &ctx.paperwork, lines.allow_missing_waivers)?;
        Ok(DrawUpdate { items, fields })
    }
}

/// A draw's own fields, each read and checked on its own: dates as dates, the status as a
/// [`DrawStatus`] ([`DrawInput::status`]), the texts trimmed ([`DrawInput::note`],
/// [`DrawInput::inspector`]). `None`: absent or unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawInput {
    /// `Some(None)`: today (sent as null or empty).
    pub requested_on: Option<Option<NaiveDate>>,
    pub status: Option<DrawStatus>,
    /// `Some(None)`: cleared (a funded draw's then defaults to the total).
    pub funded_amount: Option<Option<Money>>,
    /// `Some(None)`: cleared (a funded draw's then defaults to today).
    pub funded_on: Option<Option<NaiveDate>>,
    pub note: Option<String>,
    pub is_final: Option<bool>,
    /// `Some(None)`: cleared.
    pub inspected_on: Option<Option<NaiveDate>>,
    pub inspector: Option<String>,
    pub inspection_note: Option<String>,
}

impl DrawInput {
    /// One of the statuses' codes.
    pub fn status(raw: &str) -> Result<DrawStatus, DomainError> {
        DrawStatus::parse(raw.trim()).ok_or_else(|| FieldErrors::single("status", crate::messages::not_a_choice(raw)))
    }

    /// A note trimmed, at most 5000 characters; empty for none.
    pub fn note(raw: &str) -> Result<String, DomainError> {
        Self::text("note", raw, NOTES_MAX)
    }

    /// The inspector's name trimmed, at most 120 characters; empty for none.
    pub fn inspector(raw: &str) -> Result<String, DomainError> {
        Self::text("inspector", raw, INSPECTOR_MAX)
    }

    /// The inspection's note trimmed, at most 5000 characters; empty for none.
    pub fn inspection_note(raw: &str) -> Result<String, DomainError> {
        Self::text("inspection_note", raw, NOTES_MAX)
    }

    fn text(field: &str, raw: &str, max: usize) -> Result<String, DomainError> {
        let mut errors = FieldErrors::new();
        let t = text(&mut errors, field, raw, max);
        errors.into_result().map(|()| t)
    }

    /// A percent complete (0-100, at most one decimal) in tenths, its problems under `field`.
    pub fn percent_tenths(field: &str, percent: f64) -> Result<i32, DomainError> {
        if !percent.is_finite() {
            return Err(FieldErrors::single(field, crate::messages::NOT_A_NUMBER));
        }
        if percent < 0.0 {
            return Err(FieldErrors::single(field, crate::messages::NOT_NEGATIVE));
        }
        if percent > 100.0 {
            return Err(FieldErrors::single(field, crate::messages::at_most(100)));
        }
        let tenths = (percent * 10.0).round();
        if (percent * 10.0 - tenths).abs() > 1e-6 {
            return Err(FieldErrors::single(field, MSG_PERCENT_ONE_DECIMAL));
        }
        Ok(tenths as i32)
    }
}

/// A draw's own fields (its tasks and total are computed elsewhere).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawFields {
    pub requested_on: NaiveDate,
    pub status: DrawStatus,
    pub funded_amount: Option<Money>,
    pub funded_on: Option<NaiveDate>,
    pub note: String,
    pub is_final: bool,
    pub inspected_on: Option<NaiveDate>,
    pub inspector: String,
    pub inspection_note: String,
}

impl DrawFields {
    /// The fields after `input` over `current`. A funded draw has a funded amount (default:
    /// `full_funding`, the draw's net of retainage) and date (default: today); any other status
    /// has neither. Each field was checked when it was read.
    pub fn parse(
        input: DrawInput,
        current: Option<&DrawFields>,
        full_funding: Money,
        today: NaiveDate,
    ) -> Result<DrawFields, DomainError> {
        let mut errors = FieldErrors::new();
        let requested_on = match input.requested_on {
            Some(date) => date.unwrap_or(today),
            None => current.map_or(today, |c| c.requested_on),
        };
        let status = input.status.unwrap_or(current.map_or(DrawStatus::Draft, |c| c.status));
        let kept = |f: fn(&DrawFields) -> String| current.map(f).unwrap_or_default();
        let note = input.note.unwrap_or_else(|| kept(|c| c.note.clone()));
        let is_final = input.is_final.unwrap_or(current.is_some_and(|c| c.is_final));
        let inspected_on = input.inspected_on.unwrap_or(current.and_then(|c| c.inspected_on));
        let inspector = input.inspector.unwrap_or_else(|| kept(|c| c.inspector.clone()));
        let inspection_note = input.inspection_note.unwrap_or_else(|| kept(|c| c.inspection_note.clone()));
        let was_funded = current.is_some_and(|c| c.status == DrawStatus::Funded);
        let (funded_amount, funded_on) = if status == DrawStatus::Funded {
            let keep = |c: &DrawFields| if was_funded { (c.funded_amount, c.funded_on) } else { (None, None) };
            let (old_amount, old_on) = current.map(keep).unwrap_or((None, None));
            let amount = input.funded_amount.unwrap_or(old_amount).unwrap_or(full_funding);
            let on = match input.funded_on {
                Some(on) => on.unwrap_or(today),
                None => old_on.unwrap_or(today),
            };
            (Some(amount), Some(on))
        } else {
            if matches!(input.funded_amount, Some(Some(_))) {
                errors.add("funded_amount", MSG_FUNDED_AMOUNT_UNFUNDED);
            }
            if matches!(input.funded_on, Some(Some(_))) {
                errors.add("funded_on", MSG_FUNDED_ON_UNFUNDED);
            }
            (None, None)
        };
        if let (Some(on), true) = (funded_on, status == DrawStatus::Funded) {
            if on < requested_on {
                errors.add("funded_on", MSG_FUNDED_BEFORE_REQUESTED);
            }
        }
        errors.into_result()?;
        Ok(DrawFields {
            requested_on,
            status,
            funded_amount,
            funded_on,
            note,
            is_final,
            inspected_on,
            inspector,
            inspection_note,
        })
    }
}

#[cfg(test)]
mod tests;
