//! Lender draws (docs/money.md, "Lender draws"): a draw request's lines, fixed when it is made
//! from each task's work to date not yet covered by the project's other draws, its fields, and
//! the rules of its changes (only a draft's lines change; a funded draw stays).

use chrono::NaiveDate;

use crate::bid::NOTES_MAX;
use crate::error::{DomainError, FieldErrors};
use crate::money::{Money, MAX_CENTS};
use crate::task::TaskStatus;

use super::fields::{code_enum, text};

pub const MSG_NO_DRAW_TASKS: &str = "Choose at least one task.";
pub const MSG_DRAW_TASK_OF_ANOTHER_PROJECT: &str = "Choose tasks of this draw's project.";
pub const MSG_DRAW_TASKS_FIXED: &str =
    "Only a draft draw's tasks can change: set it back to draft first, or make a new draw.";
pub const MSG_FUNDED_DRAW: &str = "A funded draw cannot be deleted: set it back to submitted first.";
pub const MSG_FUNDED_AMOUNT_UNFUNDED: &str = "Only a funded draw has a funded amount: set its status to funded.";
pub const MSG_FUNDED_ON_UNFUNDED: &str = "Only a funded draw has a funded date: set its status to funded.";
pub const MSG_FUNDED_BEFORE_REQUESTED: &str = "A draw cannot be funded before it was requested.";

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
}

/// One task's line in a draw, fixed when the draw is made (the title outlives the task).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawItem {
    pub task_id: Option<i64>,
    pub title: String,
    pub amount: Money,
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

/// A draw's own fields, each read and checked on its own: dates as dates, the status as a
/// [`DrawStatus`] ([`DrawInput::status`]), the note trimmed ([`DrawInput::note`]). `None`: absent
/// or unchanged.
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
}

impl DrawInput {
    /// One of the statuses' codes.
    pub fn status(raw: &str) -> Result<DrawStatus, DomainError> {
        DrawStatus::parse(raw.trim()).ok_or_else(|| FieldErrors::single("status", crate::messages::not_a_choice(raw)))
    }

    /// A note trimmed, at most 5000 characters; empty for none.
    pub fn note(raw: &str) -> Result<String, DomainError> {
        let mut errors = FieldErrors::new();
        let t = text(&mut errors, "note", raw, NOTES_MAX);
        errors.into_result().map(|()| t)
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
}

impl DrawFields {
    /// The fields after `input` over `current`. A funded draw has a funded amount (default: the
    /// total) and date (default: today); any other status has neither. Each field was checked
    /// when it was read.
    pub fn parse(
        input: DrawInput,
        current: Option<&DrawFields>,
        total: Money,
        today: NaiveDate,
    ) -> Result<DrawFields, DomainError> {
        let mut errors = FieldErrors::new();
        let requested_on = match input.requested_on {
            Some(date) => date.unwrap_or(today),
            None => current.map_or(today, |c| c.requested_on),
        };
        let status = input.status.unwrap_or(current.map_or(DrawStatus::Draft, |c| c.status));
        let note = input.note.unwrap_or_else(|| current.map(|c| c.note.clone()).unwrap_or_default());
        let was_funded = current.is_some_and(|c| c.status == DrawStatus::Funded);
        let (funded_amount, funded_on) = if status == DrawStatus::Funded {
            let keep = |c: &DrawFields| if was_funded { (c.funded_amount, c.funded_on) } else { (None, None) };
            let (old_amount, old_on) = current.map(keep).unwrap_or((None, None));
            let amount = input.funded_amount.unwrap_or(old_amount).unwrap_or(total);
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
        Ok(DrawFields { requested_on, status, funded_amount, funded_on, note })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(c: i64) -> Money {
        Money::from_cents(c).unwrap()
    }
    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }
    const TODAY: &str = "2026-11-24";

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
        let e = DrawInput::status("paid").unwrap_err();
        assert_eq!(e.fields().as_map()["status"], [crate::messages::not_a_choice("paid")]);
        assert_eq!(DrawInput::status(" funded "), Ok(DrawStatus::Funded));
        assert_eq!(DrawInput::note("  called the bank ").unwrap(), "called the bank");
        let long = DrawInput::note(&"x".repeat(NOTES_MAX + 1)).unwrap_err();
        assert_eq!(long.fields().as_map()["note"], [crate::messages::too_long(NOTES_MAX)]);
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
        let fund = DrawInput { status: Some(DrawStatus::Funded), ..Default::default() };
        let u = draft.change(Some(&[2]), &drawable(), fund, today).unwrap();
        assert_eq!(u.fields.funded_amount, Some(money(100_000)));
        // Without lines, an edit keeps them and what it does not name.
        let note = DrawInput { note: Some("called".into()), ..Default::default() };
        let u = stored_draw(DrawStatus::Funded).change(None, &[], note, today).unwrap();
        assert_eq!(u.items, None);
        assert_eq!((u.fields.status, u.fields.funded_amount), (DrawStatus::Funded, Some(money(450_000))));
    }

    #[test]
    fn a_funded_draw_has_an_amount_and_a_date_and_others_have_neither() {
        let today = day(TODAY);
        let total = money(300_000);
        let draft = DrawFields::parse(DrawInput::default(), None, total, today).unwrap();
        assert_eq!((draft.status, draft.funded_amount, draft.requested_on), (DrawStatus::Draft, None, today));
        let funded = DrawFields::parse(
            DrawInput { status: Some(DrawStatus::Funded), ..Default::default() },
            Some(&draft),
            total,
            today,
        )
        .unwrap();
        assert_eq!((funded.funded_amount, funded.funded_on), (Some(total), Some(today)));
        let back = DrawFields::parse(
            DrawInput { status: Some(DrawStatus::Submitted), ..Default::default() },
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
            status: Some(DrawStatus::Funded),
            requested_on: Some(Some(day("2026-11-20"))),
            funded_on: Some(Some(day("2026-11-01"))),
            ..Default::default()
        };
        let e = DrawFields::parse(early, None, total, today).unwrap_err();
        assert_eq!(e.fields().as_map()["funded_on"], [MSG_FUNDED_BEFORE_REQUESTED]);
        // A funded date on a draw that is not funded is refused; a cleared one is not.
        let dated = DrawInput { funded_on: Some(Some(today)), ..Default::default() };
        let e = DrawFields::parse(dated, Some(&draft), total, today).unwrap_err();
        assert_eq!(e.fields().as_map()["funded_on"], [MSG_FUNDED_ON_UNFUNDED]);
        let cleared = DrawInput { funded_on: Some(None), requested_on: Some(None), ..Default::default() };
        let kept = DrawFields::parse(cleared, Some(&draft), total, today).unwrap();
        assert_eq!((kept.funded_on, kept.requested_on), (None, today));
        // Funding with a cleared date: today.
        let fund = DrawInput { status: Some(DrawStatus::Funded), funded_on: Some(None), ..Default::default() };
        assert_eq!(DrawFields::parse(fund, Some(&draft), total, today).unwrap().funded_on, Some(today));
    }
}
