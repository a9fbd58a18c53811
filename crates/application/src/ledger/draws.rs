//! Lender draws: what a new draw would cover, and draws made, changed and deleted under the
//! rules the write checks under the project's lock (two draws never cover the same work; only a
//! draft's lines change; a funded draw stays; a draft goes to the lender with its lien waivers).

use std::collections::HashMap;

use buildledger_domain::ids::{DrawId, ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{
    next_draw, Draw, DrawContext, DrawInput, DrawItem, DrawStatus, DrawUpdate, DrawableTask, LinesChange, NewDraw,
};
use buildledger_domain::member::Need;
use buildledger_domain::{DomainError, FieldErrors};

use super::{not_found, LedgerService};
use crate::access::{self, Grant, Target};
use crate::calibration::ProjectCalibration;
use crate::error::UseCaseError;
use crate::ports::ScheduledValues;
use crate::tasks::{TaskService, TaskView};

pub const MSG_OTHER_PROJECT: &str = "A draw cannot be moved to another project.";

/// The figure the money summary counts for each task (`summary.rs`), with the ratio the project
/// shows: the ledger's [`ScheduledValues`] port in the binary.
impl ScheduledValues for TaskService {
    fn scheduled_values(&self, owner_id: UserId, project_id: ProjectId) -> Result<HashMap<i64, i64>, UseCaseError> {
        // The draw's use case holds the caller's grant already: the owner's board as it is.
        let board = self.board_for_owner(owner_id, project_id)?;
        // The ratio the summary's figures use (summary.rs): the project's own, when it uses
        // calibration. One board read.
        let ratio =
            ProjectCalibration::of(&board.tasks).ratio_per_mille().filter(|_| board.project.details.use_calibration);
        Ok(board
            .tasks
            .iter()
            .map(|v: &TaskView| {
                let line = v.cost_line();
                let cents = line.committed.map_or_else(|| line.best_known(ratio).cents, |c| c.cents());
                (v.task.id, cents)
            })
            .collect())
    }
}

/// No scheduled values of its own: each line's is the task's stored committed cost, else its
/// actual cost, as the draws' store finds them (for tools and tests without a board).
pub struct StoredCosts;

impl ScheduledValues for StoredCosts {
    fn scheduled_values(&self, _: UserId, _: ProjectId) -> Result<HashMap<i64, i64>, UseCaseError> {
        Ok(HashMap::new())
    }
}

/// A draw's fields as domain input: its tasks and the inspector's percents besides its own
/// fields, and on an update the project the body names (it must be the draw's own). A create's
/// project is the use case's argument. `None`: absent (a create) or unchanged (an update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawChange {
    pub project: Option<i64>,
    pub tasks: Option<Vec<i64>>,
    /// The lender inspector's percent complete per task, in tenths (`None`: cleared).
    pub items: Option<Vec<(i64, Option<i32>)>>,
    /// Submit without the lien waivers the draw still needs (never stored).
    pub allow_missing_waivers: bool,
    pub input: DrawInput,
}

/// What a new draw would cover.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextDraw {
    pub tasks: Vec<DrawableTask>,
    pub total_cents: i64,
    /// Its lines as a draw would make them now.
    pub items: Vec<DrawItem>,
    /// The project's retainage (500 = 5 %).
    pub retainage_basis_points: i32,
}

/// `ctx` with the scheduled values of `scheduled` (the task use cases' figure).
fn scheduled_context(ctx: &DrawContext, scheduled: &HashMap<i64, i64>) -> DrawContext {
    DrawContext { drawable: DrawableTask::with_scheduled(&ctx.drawable, scheduled), paperwork: ctx.paperwork.clone() }
}

impl LedgerService {
    pub fn draws(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<Draw>, UseCaseError> {
        let grant = self.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.draws_for_owner(grant.owner_id, project_id)
    }

    /// The draws of one of `owner_id`'s projects, without the caller's check: for the use cases
    /// that act for the owner themself (a share link, the data export).
    pub(crate) fn draws_for_owner(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Draw>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.draws.list_for_project(project.id)?)
    }

    pub fn draw(&self, user_id: UserId, id: DrawId) -> Result<Draw, UseCaseError> {
        let grant = self.authorize(user_id, Target::Draw(id), Need::Read)?;
        self.own_draw(grant.owner_id, id)
    }

    fn own_draw(&self, owner_id: UserId, id: DrawId) -> Result<Draw, UseCaseError> {
        self.ports.draws.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("draw"))
    }

    /// Each task's scheduled value, read as the project's owner. The board read behind it may
    /// authorize the owner on this thread: the caller stays the one the activity trail names.
    fn scheduled(&self, grant: &Grant) -> Result<HashMap<i64, i64>, UseCaseError> {
        let acting = access::acting_snapshot();
        let values = self.ports.scheduled.scheduled_values(grant.owner_id, grant.project_id);
        access::set_acting(acting);
        values
    }

    /// What a new draw would cover: the work not yet drawn, task by task, in board order.
    pub fn next_draw(&self, user_id: UserId, project_id: ProjectId) -> Result<NextDraw, UseCaseError> {
        let grant = self.authorize(user_id, Target::Project(project_id), Need::Read)?;
        let project = self.own_project(grant.owner_id, project_id)?;
        let scheduled = self.scheduled(&grant)?;
        let found = self.ports.draws.drawable_tasks(project.id, None)?;
        let tasks = next_draw(&DrawableTask::with_scheduled(&found, &scheduled));
        let total_cents = tasks.iter().fold(0i64, |s, t| s.saturating_add(t.amount_cents()));
        let items = tasks.iter().map(|t| t.line(None)).collect();
        let retainage_basis_points = project.details.retainage_basis_points;
        Ok(NextDraw { tasks, total_cents, items, retainage_basis_points })
    }

    /// A draw of the project `project_id`'s tasks `change.tasks`, each for its work not yet
    /// drawn (or at the inspector's percent) as found under the lock of the write that numbers
    /// it: two draws made at once never cover the same work. `project_id`: the project the body
    /// names, if any; `change`: the body as read, problems included. A project the caller may
    /// not change is not found (or forbidden) whatever the rest of the body says, so it is
    /// checked first.
    pub fn create_draw(
        &self,
        user_id: UserId,
        project_id: Option<i64>,
        change: Result<DrawChange, DomainError>,
    ) -> Result<Draw, UseCaseError> {
        let grant =
            self.authorize_named(user_id, project_id.map(|id| Target::Project(ProjectId::new(id))), Need::Write)?;
        let project = grant.map(|g| self.own_project(g.owner_id, g.project_id)).transpose()?;
        let change = change?;
        let mut errors = FieldErrors::new();
        if project.is_none() {
            errors.add("project", buildledger_domain::messages::REQUIRED);
        }
        if change.tasks.is_none() {
            errors.add("tasks", buildledger_domain::messages::REQUIRED);
        }
        let (Some(grant), Some(project), Some(ids)) = (grant, project, change.tasks) else {
            return Err(DomainError::Validation(errors).into());
        };
        let scheduled = self.scheduled(&grant)?;
        let (input, today, allow) = (change.input, self.today(), change.allow_missing_waivers);
        let percents = change.items.unwrap_or_default();
        let rule = move |ctx: &DrawContext| {
            let lines = LinesChange { tasks: Some(&ids), percents: Some(&percents), allow_missing_waivers: allow };
            NewDraw::parse(&scheduled_context(ctx, &scheduled), lines, input.clone(), today)
        };
        // At once on what was read (no paperwork: that is checked under the lock only).
        rule(&DrawContext { drawable: self.ports.draws.drawable_tasks(project.id, None)?, ..Default::default() })?;
        self.ports.draws.create(project.id, Box::new(rule)).map_err(|e| not_found(e, "project"))
    }

    /// The draw's fields from `change` over the stored ones, and new lines or percents for a
    /// draft, as found under the lock (a draw funded or submitted meanwhile is seen; a draft
    /// submitted needs its paperwork as found there). `change` is the body as read, problems
    /// included: a draw the caller may not change is not found (or forbidden) whatever the body
    /// says, so it is checked first.
    pub fn update_draw(
        &self,
        user_id: UserId,
        id: DrawId,
        change: Result<DrawChange, DomainError>,
    ) -> Result<Draw, UseCaseError> {
        let grant = self.authorize(user_id, Target::Draw(id), Need::Write)?;
        let current = self.own_draw(grant.owner_id, id)?;
        let change = change?;
        if change.project.is_some_and(|p| p != current.project_id) {
            return Err(FieldErrors::single("project", MSG_OTHER_PROJECT).into());
        }
        // The project's tasks and scheduled values only when they are needed: a draft's lines.
        let relines = (change.tasks.is_some() || change.items.is_some()) && current.status == DrawStatus::Draft;
        let (drawable, scheduled) = if relines {
            (self.ports.draws.drawable_tasks(current.project_id, Some(id.get()))?, self.scheduled(&grant)?)
        } else {
            (Vec::new(), HashMap::new())
        };
        let DrawChange { tasks, items, allow_missing_waivers, input, .. } = change;
        let today = self.today();
        let rule = move |(draw, ctx): &(Draw, DrawContext)| -> Result<DrawUpdate, _> {
            let lines = LinesChange { tasks: tasks.as_deref(), percents: items.as_deref(), allow_missing_waivers };
            draw.change(lines, &scheduled_context(ctx, &scheduled), input.clone(), today)
        };
        rule(&(current, DrawContext { drawable, ..Default::default() }))?;
        self.ports.draws.update(id.get(), Box::new(rule)).map_err(|e| not_found(e, "draw"))
    }

    /// Deletes the draw unless it is funded, as found under the lock of the delete.
    pub fn delete_draw(&self, user_id: UserId, id: DrawId) -> Result<(), UseCaseError> {
        let grant = self.authorize(user_id, Target::Draw(id), Need::Write)?;
        self.own_draw(grant.owner_id, id)?.check_delete()?;
        self.ports.draws.delete(id.get()).map_err(|e| not_found(e, "draw"))
    }
}

#[cfg(test)]
mod tests;
