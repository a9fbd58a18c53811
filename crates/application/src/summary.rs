//! A project's money summary (docs/money.md, issue 29): the board's sums with the predictions the
//! project shows, the ledger figures (committed, Paid, Remaining, contingency, loan), the
//! calibration and the whole-house estimate, computed from one board read. Every screen, export
//! and share link shows these figures.

use buildledger_domain::budget::BudgetSummary;
use buildledger_domain::ids::{ProjectId, UserId};
use buildledger_domain::ledger::{LedgerLine, LedgerSettings, MoneySummary};

use buildledger_domain::member::Need;

use crate::access::Target;
use crate::calibration::ProjectCalibration;
use crate::error::UseCaseError;
use crate::tasks::{TaskService, TaskView};

/// A project's money figures: the board's sums, and how the board compares with the
/// whole-house estimate. One definition per figure (docs/money.md): `budget` and `money` use the
/// predictions the project shows (calibrated when it uses calibration and has a ratio).
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectSummary {
    /// The project version the figures describe.
    pub version: i64,
    /// The project's setting.
    pub use_calibration: bool,
    /// The board's sums with the predictions the project shows.
    pub budget: BudgetSummary,
    /// The same sums with regional predictions.
    pub regional: BudgetSummary,
    /// Committed / paid / remaining, contingency and loan (issue 19, docs/money.md).
    pub money: MoneySummary,
    /// `None` when the catalogue has no estimate for the project (an unknown zip code).
    pub estimate: Option<EstimateCoverage>,
    /// The project's local ratio and the sums with it (issue 20), once enough tasks have a
    /// known price, whether or not the project uses it; `None` before.
    pub calibrated: Option<CalibratedSummary>,
}

/// The board's sums with every task still without a known cost predicted at regional x the
/// project's local ratio.
#[derive(Debug, Clone, PartialEq)]
pub struct CalibratedSummary {
    pub calibration: ProjectCalibration,
    pub budget: BudgetSummary,
}

/// The whole-house estimate (standard quality, the landing page's figure) and the part of it
/// whose tasks are on the board (each estimate line counts once, whatever the number of tasks
/// that name it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EstimateCoverage {
    pub full_build_cents: i64,
    pub covered_cents: i64,
}

impl TaskService {
    /// The board's money figures, summed on the server in cents (domain/budget.rs), beside the
    /// whole-house estimate: for the owner and the project's members.
    pub fn summary(&self, user_id: UserId, project_id: ProjectId) -> Result<ProjectSummary, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.summary_for_owner(grant.owner_id, project_id)
    }

    /// [`Self::summary`] of one of `owner_id`'s projects, without the caller's check (a share
    /// link's page).
    pub(crate) fn summary_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<ProjectSummary, UseCaseError> {
        let board = self.board_for_owner(owner_id, project_id)?;
        let details = &board.project.details;
        let lines = board.tasks.iter().map(TaskView::cost_line);
        let calibration = ProjectCalibration::of(&board.tasks);
        let ratio = calibration.ratio_per_mille();
        // The ratio the project's figures use: its own, when it uses calibration.
        let shown_ratio = ratio.filter(|_| details.use_calibration);
        let sums =
            |ratio| BudgetSummary::compute_calibrated(details.budget, details.square_footage, lines.clone(), ratio);
        let regional = sums(None);
        let calibrated = ratio.map(|r| CalibratedSummary { budget: sums(Some(r)), calibration: calibration.clone() });
        let budget = match (&calibrated, shown_ratio) {
            (Some(c), Some(_)) => c.budget.clone(),
            _ => regional.clone(),
        };
        let ledger = lines.clone().zip(&board.tasks).map(|(cost, v)| LedgerLine {
            cost,
            paid_cents: v.task.ledger.paid_cents,
            change_order_cents: v.task.ledger.change_order_cents,
        });
        let money = MoneySummary::compute(
            LedgerSettings {
                budget: details.budget,
                square_footage: details.square_footage,
                contingency_percent: details.contingency_percent,
                loan_amount: details.loan_amount,
                drawn_cents: board.project.drawn_cents,
            },
            ledger,
            shown_ratio,
        );
        let estimate = self.rates.whole_house_estimate(details).map(|whole| {
            let on_board: std::collections::HashSet<String> =
                board.tasks.iter().filter_map(|v| self.rates.catalogue_name(&v.task.title)).collect();
            let covered_cents =
                whole.lines.iter().filter(|(name, _)| on_board.contains(name)).map(|(_, cents)| cents).sum();
            EstimateCoverage { full_build_cents: whole.total_cents, covered_cents }
        });
        Ok(ProjectSummary {
            version: board.project.version,
            use_calibration: details.use_calibration,
            budget,
            regional,
            money,
            estimate,
            calibrated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockProjectRepository, MockTaskRepository};
    use crate::tasks::tests::{project, service, task, team_service, STRANGER, VIEWER};
    use buildledger_domain::ids::{ProjectId, TypedId, UserId};
    use buildledger_domain::money::Money;
    use buildledger_domain::task::{Task, TaskStatus};
    use mockall::predicate::eq;

    #[test]
    fn the_summary_sums_best_known_costs_in_cents() {
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let mut tasks = MockTaskRepository::new();
        tasks.expect_list_for_project().with(eq(1)).times(1).returning(|_| {
            Ok(vec![
                task(1, TaskStatus::ToDo),
                Task { actual_cost: Money::from_cents(12_345), ..task(2, TaskStatus::Paid) },
                Task { title: "Moat".into(), ..task(3, TaskStatus::InProgress) },
            ])
        });
        let summary = service(projects, tasks).summary(UserId::new(3), ProjectId::new(1)).unwrap();
        let s = summary.budget;
        assert_eq!(summary.version, 4);
        // The whole-house estimate, and the part of it the board names (Framing, once).
        assert_eq!(summary.estimate, Some(EstimateCoverage { full_build_cents: 90_000, covered_cents: 50_000 }));
        // Framing at 25.00/sqft x 2,000 sqft predicted; the paid one counts its actual cost.
        assert_eq!(s.column_totals.map(|(_, m)| m.cents()), [5_000_000, 0, 12_345]);
        assert_eq!(s.predicted_total.cents(), 5_012_345);
        assert_eq!(s.cost_per_sqft_cents, Some(2506));
        assert!(s.is_over_budget());
    }

    #[test]
    fn another_users_project_has_no_summary() {
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().returning(|_, _| Ok(None));
        let mut tasks = MockTaskRepository::new();
        tasks.expect_list_for_project().never();
        let err = service(projects, tasks).summary(UserId::new(3), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { .. }));
    }

    #[test]
    fn a_viewer_reads_the_owners_summary_and_a_stranger_does_not() {
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(1)
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let mut tasks = MockTaskRepository::new();
        tasks.expect_list_for_project().with(eq(1)).times(1).returning(|_| Ok(vec![task(1, TaskStatus::ToDo)]));
        let svc = team_service(projects, tasks);
        assert_eq!(svc.summary(UserId::new(VIEWER), ProjectId::new(1)).unwrap().version, 4);
        let err = svc.summary(UserId::new(STRANGER), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }), "{err:?}");
    }
}
