//! Lender draws: what a new draw would cover, and draws made, changed and deleted under the
//! rules the write checks under the project's lock (two draws never cover the same work; only a
//! draft's lines change; a funded draw stays).

use buildledger_domain::ids::{DrawId, ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{next_draw, Draw, DrawInput, DrawStatus, DrawUpdate, DrawableTask, NewDraw};
use buildledger_domain::{DomainError, FieldErrors};

use super::{not_found, LedgerService};
use crate::error::UseCaseError;

pub const MSG_OTHER_PROJECT: &str = "A draw cannot be moved to another project.";

/// A draw's fields as domain input: its tasks besides its own fields, and on an update the
/// project the body names (it must be the draw's own). A create's project is the use case's
/// argument. `None`: absent (a create) or unchanged (an update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawChange {
    pub project: Option<i64>,
    pub tasks: Option<Vec<i64>>,
    pub input: DrawInput,
}

/// What a new draw would cover.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextDraw {
    pub tasks: Vec<DrawableTask>,
    pub total_cents: i64,
}

impl LedgerService {
    pub fn draws(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Draw>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.draws.list_for_project(project.id)?)
    }

    pub fn draw(&self, owner_id: UserId, id: DrawId) -> Result<Draw, UseCaseError> {
        self.ports.draws.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("draw"))
    }

    /// What a new draw would cover: the work not yet drawn, task by task, in board order.
    pub fn next_draw(&self, owner_id: UserId, project_id: ProjectId) -> Result<NextDraw, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        let tasks = next_draw(&self.ports.draws.drawable_tasks(project.id, None)?);
        let total_cents = tasks.iter().fold(0i64, |s, t| s.saturating_add(t.amount_cents()));
        Ok(NextDraw { tasks, total_cents })
    }

    /// A draw of the project `project_id`'s tasks `change.tasks`, each for its work not yet
    /// drawn as found under the lock of the write that numbers it: two draws made at once never
    /// cover the same work. `project_id`: the project the body names, if any; `change`: the body
    /// as read, problems included. Another user's project is not found whatever the rest of the
    /// body says, so it is checked first.
    pub fn create_draw(
        &self,
        owner_id: UserId,
        project_id: Option<i64>,
        change: Result<DrawChange, DomainError>,
    ) -> Result<Draw, UseCaseError> {
        let project = project_id.map(|id| self.own_project(owner_id, ProjectId::new(id))).transpose()?;
        let change = change?;
        let mut errors = FieldErrors::new();
        if project.is_none() {
            errors.add("project", buildledger_domain::messages::REQUIRED);
        }
        if change.tasks.is_none() {
            errors.add("tasks", buildledger_domain::messages::REQUIRED);
        }
        let (Some(project), Some(ids)) = (project, change.tasks) else {
            return Err(DomainError::Validation(errors).into());
        };
        let (input, today) = (change.input, self.today());
        let rule = move |drawable: &[DrawableTask]| NewDraw::parse(drawable, &ids, input.clone(), today);
        rule(&self.ports.draws.drawable_tasks(project.id, None)?)?;
        self.ports.draws.create(project.id, Box::new(rule)).map_err(|e| not_found(e, "project"))
    }

    /// The draw's fields from `change` over the stored ones, and new lines for a draft, as
    /// found under the lock (a draw funded or submitted meanwhile is seen). `change` is the body
    /// as read, problems included: another user's draw is not found whatever the body says, so
    /// it is checked first.
    pub fn update_draw(
        &self,
        owner_id: UserId,
        id: DrawId,
        change: Result<DrawChange, DomainError>,
    ) -> Result<Draw, UseCaseError> {
        let current = self.draw(owner_id, id)?;
        let change = change?;
        if change.project.is_some_and(|p| p != current.project_id) {
            return Err(FieldErrors::single("project", MSG_OTHER_PROJECT).into());
        }
        // The project's tasks only when they are needed: new lines for a draft.
        let drawable = match change.tasks {
            Some(_) if current.status == DrawStatus::Draft => {
                self.ports.draws.drawable_tasks(current.project_id, Some(id.get()))?
            }
            _ => Vec::new(),
        };
        let (tasks, input, today) = (change.tasks, change.input, self.today());
        let rule = move |(draw, drawable): &(Draw, Vec<DrawableTask>)| -> Result<DrawUpdate, _> {
            draw.change(tasks.as_deref(), drawable, input.clone(), today)
        };
        rule(&(current, drawable))?;
        self.ports.draws.update(id.get(), Box::new(rule)).map_err(|e| not_found(e, "draw"))
    }

    /// Deletes the draw unless it is funded, as found under the lock of the delete.
    pub fn delete_draw(&self, owner_id: UserId, id: DrawId) -> Result<(), UseCaseError> {
        self.draw(owner_id, id)?.check_delete()?;
        self.ports.draws.delete(id.get()).map_err(|e| not_found(e, "draw"))
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::ids::{DrawId, ProjectId, TypedId, UserId};
    use buildledger_domain::ledger::{
        DrawItem, MSG_DRAW_TASKS_FIXED, MSG_DRAW_TASK_OF_ANOTHER_PROJECT, MSG_FUNDED_DRAW, MSG_NO_DRAW_TASKS,
    };
    use buildledger_domain::Money;
    use mockall::predicate::{always, eq};

    use super::super::fixtures::{day, project, Mocks};
    use super::*;
    use crate::error::RepoError;
    use crate::ports::Rule;

    fn drawable() -> Vec<DrawableTask> {
        vec![
            DrawableTask {
                task_id: 10,
                title: "Framing".into(),
                work_to_date_cents: 4_000_000,
                already_drawn_cents: 1_000_000,
            },
            DrawableTask { task_id: 11, title: "Roof".into(), work_to_date_cents: 0, already_drawn_cents: 0 },
        ]
    }

    /// What the draw repository's `create` stores: the draw its rule makes of `found`.
    fn created(project_id: i64, rule: Rule<[DrawableTask], NewDraw>, found: &[DrawableTask]) -> Draw {
        let NewDraw { items, fields: f } = rule(found).unwrap();
        let total = Money::from_cents(items.iter().map(|i| i.amount.cents()).sum()).unwrap();
        Draw {
            id: 1,
            project_id,
            number: 1,
            requested_on: f.requested_on,
            status: f.status,
            items,
            total,
            funded_amount: f.funded_amount,
            funded_on: f.funded_on,
            note: f.note,
        }
    }

    #[test]
    fn a_draw_covers_the_undrawn_work_of_its_tasks_in_board_order() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.draws.expect_drawable_tasks().with(eq(1), eq(None)).returning(|_, _| Ok(drawable()));
        m.draws
            .expect_create()
            .withf(|project, _| *project == 1)
            .times(1)
            .returning(|project_id, rule| Ok(created(project_id, rule, &drawable())));
        let change = DrawChange { tasks: Some(vec![11, 10, 10]), ..Default::default() };
        let d = m.service().create_draw(UserId::new(3), Some(1), Ok(change)).unwrap();
        let lines: Vec<(Option<i64>, i64)> = d.items.iter().map(|i| (i.task_id, i.amount.cents())).collect();
        assert_eq!(lines, [(Some(10), 3_000_000), (Some(11), 0)], "board order, each once");
        assert_eq!((d.status, d.requested_on), (DrawStatus::Draft, day("2026-11-24")), "today by default");
    }

    #[test]
    fn a_draw_covers_only_what_no_draw_made_meanwhile_covers() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
        // Under the lock the write finds Framing's work drawn in full by another draw.
        m.draws.expect_create().times(1).returning(|project_id, rule| {
            let mut now = drawable();
            now[0].already_drawn_cents = now[0].work_to_date_cents;
            Ok(created(project_id, rule, &now))
        });
        let change = DrawChange { tasks: Some(vec![10]), ..Default::default() };
        assert_eq!(m.service().create_draw(UserId::new(3), Some(1), Ok(change)).unwrap().total, Money::ZERO);
    }

    #[test]
    fn a_draw_refuses_a_task_of_another_project_and_an_empty_list() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
        m.draws.expect_create().never();
        let svc = m.service();
        for (tasks, message) in [(vec![10, 99], MSG_DRAW_TASK_OF_ANOTHER_PROJECT), (vec![], MSG_NO_DRAW_TASKS)] {
            let err = svc
                .create_draw(UserId::new(3), Some(1), Ok(DrawChange { tasks: Some(tasks), ..Default::default() }))
                .unwrap_err();
            let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
            assert_eq!(e.fields().as_map()["tasks"], [message]);
        }
    }

    fn stored_draw(status: DrawStatus) -> Draw {
        Draw {
            id: 7,
            project_id: 1,
            number: 1,
            requested_on: day("2026-11-01"),
            status,
            items: vec![DrawItem {
                task_id: Some(10),
                title: "Framing".into(),
                amount: Money::from_cents(100).unwrap(),
            }],
            total: Money::from_cents(100).unwrap(),
            funded_amount: (status == DrawStatus::Funded).then(|| Money::from_cents(100).unwrap()),
            funded_on: None,
            note: String::new(),
        }
    }

    #[test]
    fn a_submitted_draws_tasks_are_fixed_and_a_funded_draw_stays() {
        let mut m = Mocks::new();
        m.draws
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(DrawId::new(7)))
            .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
        m.draws
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(DrawId::new(8)))
            .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Funded))));
        m.draws.expect_update().never();
        m.draws.expect_delete().never();
        let svc = m.service();
        let err = svc
            .update_draw(UserId::new(3), DrawId::new(7), Ok(DrawChange { tasks: Some(vec![10]), ..Default::default() }))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_DRAW_TASKS_FIXED));
        let err = svc.delete_draw(UserId::new(3), DrawId::new(8)).unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_FUNDED_DRAW));
    }

    #[test]
    fn a_draw_funded_meanwhile_is_not_deleted_nor_unfunded_by_a_stale_edit() {
        let mut m = Mocks::new();
        m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
        // The read says submitted; the write finds it funded under the lock.
        m.draws
            .expect_delete()
            .with(eq(7))
            .times(1)
            .returning(|_| Err(RepoError::Refused(stored_draw(DrawStatus::Funded).check_delete().unwrap_err())));
        m.draws.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let update = rule(&(stored_draw(DrawStatus::Funded), Vec::new())).unwrap();
            assert_eq!((update.fields.status, update.fields.note.as_str()), (DrawStatus::Funded, "called the bank"));
            assert_eq!(update.fields.funded_amount.map(Money::cents), Some(100), "the funding stays");
            Ok(stored_draw(DrawStatus::Funded))
        });
        let svc = m.service();
        let err = svc.delete_draw(UserId::new(3), DrawId::new(7)).unwrap_err();
        assert!(
            matches!(err, UseCaseError::Conflict { ref field, ref message } if field == "status" && message == MSG_FUNDED_DRAW),
            "{err:?}"
        );
        let note = DrawChange {
            input: DrawInput { note: Some("called the bank".into()), ..Default::default() },
            ..Default::default()
        };
        svc.update_draw(UserId::new(3), DrawId::new(7), Ok(note)).unwrap();
    }

    #[test]
    fn marking_a_draw_funded_defaults_to_its_total_and_today() {
        let mut m = Mocks::new();
        m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
        m.draws.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let DrawUpdate { items, fields: f } = rule(&(stored_draw(DrawStatus::Submitted), Vec::new())).unwrap();
            assert_eq!(items, None, "its lines stay");
            assert_eq!((f.funded_amount.map(Money::cents), f.funded_on), (Some(100), Some(day("2026-11-24"))));
            Ok(stored_draw(DrawStatus::Funded))
        });
        let change = DrawChange {
            input: DrawInput { status: Some(DrawStatus::Funded), ..Default::default() },
            ..Default::default()
        };
        m.service().update_draw(UserId::new(3), DrawId::new(7), Ok(change)).unwrap();
    }

    fn bad_body() -> Result<DrawChange, DomainError> {
        Err(FieldErrors::single("funded_on", buildledger_domain::messages::DATE_FORMAT))
    }

    #[test]
    fn another_users_project_or_draw_is_not_found_before_the_bodys_problems() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().with(eq(UserId::new(3)), eq(ProjectId::new(2))).returning(|_, _| Ok(None));
        m.projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(Some(project())));
        m.draws.expect_find_for_owner().with(eq(UserId::new(3)), eq(DrawId::new(9))).returning(|_, _| Ok(None));
        m.draws
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(DrawId::new(7)))
            .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Draft))));
        m.draws.expect_drawable_tasks().never();
        m.draws.expect_create().never();
        m.draws.expect_update().never();
        let svc = m.service();
        assert!(matches!(
            svc.create_draw(UserId::new(3), Some(2), bad_body()),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
        assert!(matches!(
            svc.update_draw(UserId::new(3), DrawId::new(9), bad_body()),
            Err(UseCaseError::NotFound { entity: "draw" })
        ));
        // The caller's own project or draw: the body's problems, nothing read further or written.
        let invalid = |r: Result<Draw, UseCaseError>| matches!(r, Err(UseCaseError::Invalid(ref e)) if e.fields().contains("funded_on"));
        assert!(invalid(svc.create_draw(UserId::new(3), Some(1), bad_body())));
        assert!(invalid(svc.update_draw(UserId::new(3), DrawId::new(7), bad_body())));
        // Neither project nor tasks: both said at once.
        let err = svc.create_draw(UserId::new(3), None, Ok(DrawChange::default())).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert!(e.fields().contains("project") && e.fields().contains("tasks"), "{e:?}");
    }
}
