//! How this project's own prices compare with the regional predictions (issue 20,
//! docs/cost-model.md): the tasks with both a prediction and a known price for their original
//! scope (an actual cost, else the awarded bid, approved change orders taken out; issue 29) go
//! through the domain's robust ratio; fees and permits are not compared
//! (`buildledger_domain::calibration`). The inputs travel with the result, so the product can
//! show exactly which tasks the ratio is made of.

use buildledger_domain::calibration::{calibrate, original_scope_cents, Calibration, PricedTask, MIN_TASKS};
use buildledger_domain::ids::{ProjectId, UserId};
use buildledger_domain::known_cost::KnownCost;
pub use buildledger_domain::known_cost::KnownFrom;

use buildledger_domain::member::Need;

use crate::access::Target;
use crate::error::UseCaseError;
use crate::tasks::{TaskService, TaskView};

/// One task compared: its regional prediction and its known price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalibrationInput {
    pub task_id: i64,
    pub title: String,
    pub predicted_cents: i64,
    pub known_cents: i64,
    pub known_from: KnownFrom,
}

/// The project's calibration: every comparable task, and the ratio once there are
/// [`MIN_TASKS`] of them.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectCalibration {
    /// Tasks with a prediction above 0 that is not a fee and a price for their original scope
    /// above 0, in board order.
    pub inputs: Vec<CalibrationInput>,
    /// `None` under [`MIN_TASKS`] comparable tasks.
    pub result: Option<Calibration>,
}

impl ProjectCalibration {
    /// Tasks needed before a ratio is given.
    pub const MIN_TASKS: usize = MIN_TASKS;

    /// The calibration of a board's tasks.
    pub fn of(tasks: &[TaskView]) -> ProjectCalibration {
        let inputs: Vec<CalibrationInput> = tasks
            .iter()
            .filter_map(|v| {
                let predicted_cents = v.prediction.filter(|p| !p.fee).map(|p| p.cents).filter(|c| *c > 0)?;
                let t = &v.task;
                let cost = KnownCost::of(t.actual_cost, t.bids.committed)?;
                let (known_from, known) = (cost.from, original_scope_cents(Some(cost), t.ledger.change_order_cents)?);
                (known > 0).then(|| CalibrationInput {
                    task_id: t.id,
                    title: t.title.clone(),
                    predicted_cents,
                    known_cents: known,
                    known_from,
                })
            })
            .collect();
        let priced: Vec<PricedTask> = inputs
            .iter()
            .map(|i| PricedTask { task_id: i.task_id, predicted_cents: i.predicted_cents, known_cents: i.known_cents })
            .collect();
        let result = calibrate(&priced);
        ProjectCalibration { inputs, result }
    }

    /// The ratio in per mille, when there is one.
    pub fn ratio_per_mille(&self) -> Option<u32> {
        self.result.as_ref().map(Calibration::ratio_per_mille)
    }

    /// The inputs the ratio uses (all of them before there is a ratio), and those it left out.
    pub fn used_and_left_out(&self) -> (Vec<&CalibrationInput>, Vec<&CalibrationInput>) {
        match &self.result {
            None => (self.inputs.iter().collect(), Vec::new()),
            Some(c) => self.inputs.iter().partition(|i| !c.left_out.contains(&i.task_id)),
        }
    }
}

impl TaskService {
    /// The project's local ratio with its inputs, for the owner and the project's members
    /// (another user's project is not found).
    pub fn calibration(&self, user_id: UserId, project_id: ProjectId) -> Result<ProjectCalibration, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        let board = self.board_for_owner(grant.owner_id, project_id)?;
        Ok(ProjectCalibration::of(&board.tasks))
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::ids::{ProjectId, TypedId, UserId};
    use std::sync::Arc;

    use buildledger_domain::cost::Prediction;
    use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
    use buildledger_domain::Money;
    use mockall::predicate::eq;

    use super::*;
    use crate::ports::{MockCostRates, MockDocumentStore, MockKnownState, MockProjectRepository, MockTaskRepository};

    fn task(id: i64, title: &str, actual: Option<i64>, committed: Option<i64>) -> Task {
        let mut t = Task {
            id,
            project_id: 1,
            title: title.into(),
            description: String::new(),
            status: TaskStatus::ToDo,
            material_quality: MaterialQuality::Standard,
            actual_cost: actual.and_then(Money::from_cents),
            due_date: None,
            position: id as i32,
            bids: Default::default(),
            ledger: Default::default(),
            schedule: Default::default(),
        };
        t.bids.committed = committed.and_then(Money::from_cents);
        t
    }

    /// Every known title predicts $5.00/sq ft x 2,000 sq ft = $10,000; "Moat" is unknown;
    /// "Building Permits" is a fee.
    fn service(tasks: Vec<Task>) -> TaskService {
        service_for(tasks, true)
    }

    fn service_for(tasks: Vec<Task>, use_calibration: bool) -> TaskService {
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().with(eq(UserId::new(3)), eq(ProjectId::new(1))).returning(move |o, id| {
            let mut p = crate::tasks::tests::project(id.get(), o.get());
            p.details.use_calibration = use_calibration;
            Ok(Some(p))
        });
        projects.expect_find_for_owner().returning(|_, _| Ok(None));
        let mut repo = MockTaskRepository::new();
        repo.expect_list_for_project().returning(move |_| Ok(tasks.clone()));
        let mut rates = MockCostRates::new();
        rates.expect_predict().returning(|title, _, _, sqft| {
            (title != "Moat")
                .then(|| Prediction { fee: title == "Building Permits", ..Prediction::per_sqft(500, sqft) })
        });
        rates.expect_whole_house_estimate().returning(|_| None);
        TaskService::new(
            Arc::new(projects),
            Arc::new(repo),
            Arc::new(MockDocumentStore::new()),
            Arc::new(rates),
            Arc::new(MockKnownState::new()),
            crate::tasks::tests::team(),
        )
    }

    #[test]
    fn three_bids_twenty_percent_above_give_a_ratio_of_one_point_two() {
        let svc = service(vec![
            task(1, "Framing", None, Some(1_200_000)),
            task(2, "Roofing", Some(1_200_000), Some(900_000)), // the actual cost wins over the award
            task(3, "Siding", None, Some(1_200_000)),
            task(4, "Drywall", None, None),         // nothing known yet: not an input
            task(5, "Moat", Some(5_000_000), None), // no prediction: not comparable
        ]);
        let c = svc.calibration(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(c.inputs.iter().map(|i| i.task_id).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(c.inputs[1].known_from, KnownFrom::ActualCost);
        assert_eq!(c.inputs[0].known_from, KnownFrom::Committed);
        assert_eq!(c.ratio_per_mille(), Some(1200));
        let (used, left_out) = c.used_and_left_out();
        assert_eq!((used.len(), left_out.len()), (3, 0));
    }

    #[test]
    fn under_three_known_prices_there_is_no_ratio_but_the_inputs_show() {
        let svc = service(vec![task(1, "Framing", None, Some(1_200_000)), task(2, "Roofing", None, Some(1_100_000))]);
        let c = svc.calibration(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!((c.result.clone(), c.inputs.len()), (None, 2));
        assert_eq!(c.used_and_left_out().0.len(), 2);
    }

    #[test]
    fn the_summary_predicts_the_rest_of_the_build_at_the_local_ratio() {
        let svc = service(vec![
            task(1, "Framing", None, Some(1_200_000)),
            task(2, "Roofing", None, Some(1_200_000)),
            task(3, "Siding", None, Some(1_200_000)),
            task(4, "Drywall", None, None),
        ]);
        let s = svc.summary(UserId::new(3), ProjectId::new(1)).unwrap();
        // Drywall: $10,000 x 1.2; the project uses calibration (the default), so every sum does.
        assert_eq!(s.budget.predicted_total.cents(), 3_600_000 + 1_200_000);
        assert_eq!(s.money.predicted_total_cents, 3_600_000 + 1_200_000);
        assert_eq!(s.regional.predicted_total.cents(), 3_600_000 + 1_000_000);
        let calibrated = s.calibrated.expect("three known prices");
        assert_eq!(calibrated.budget.predicted_total.cents(), 3_600_000 + 1_200_000);
    }

    fn with_change_order(mut t: Task, cents: i64) -> Task {
        t.ledger.change_order_cents = cents;
        t.bids.committed = t.bids.committed.and_then(|c| Money::from_cents(c.cents() + cents));
        t
    }

    #[test]
    fn a_project_without_calibration_shows_regional_figures_everywhere() {
        let tasks = vec![
            task(1, "Framing", None, Some(1_200_000)),
            task(2, "Roofing", None, Some(1_200_000)),
            task(3, "Siding", None, Some(1_200_000)),
            task(4, "Drywall", None, None),
        ];
        let s = service_for(tasks, false).summary(UserId::new(3), ProjectId::new(1)).unwrap();
        assert!(!s.use_calibration);
        assert_eq!(s.budget.predicted_total.cents(), 3_600_000 + 1_000_000);
        assert_eq!(s.money.predicted_total_cents, 3_600_000 + 1_000_000);
        // The ratio is still there, for the switch to show what it would do.
        assert_eq!(s.calibrated.unwrap().budget.predicted_total.cents(), 3_600_000 + 1_200_000);
    }

    #[test]
    fn a_change_order_moves_the_total_by_its_amount_and_never_the_ratio() {
        let board = |co: i64| {
            vec![
                with_change_order(task(1, "Framing", None, Some(1_200_000)), co),
                task(2, "Roofing", None, Some(1_200_000)),
                task(3, "Siding", None, Some(1_200_000)),
                task(4, "Drywall", None, None),
            ]
        };
        let before = service(board(0)).summary(UserId::new(3), ProjectId::new(1)).unwrap();
        let after = service(board(250_000)).summary(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(after.money.predicted_total_cents - before.money.predicted_total_cents, 250_000);
        let ratio = |s: &crate::summary::ProjectSummary| s.calibrated.as_ref().unwrap().calibration.ratio_per_mille();
        assert_eq!((ratio(&before), ratio(&after)), (Some(1200), Some(1200)));
        // An actual cost that includes the change order is compared without it too.
        let paid = Task {
            actual_cost: Money::from_cents(1_450_000),
            ..with_change_order(task(1, "Framing", None, Some(1_200_000)), 250_000)
        };
        let c =
            service(vec![paid, task(2, "Roofing", None, Some(1_200_000)), task(3, "Siding", None, Some(1_200_000))])
                .calibration(UserId::new(3), ProjectId::new(1))
                .unwrap();
        assert_eq!((c.inputs[0].known_cents, c.ratio_per_mille()), (1_200_000, Some(1200)));
    }

    #[test]
    fn fees_are_neither_inputs_nor_scaled() {
        let s = service(vec![
            task(1, "Framing", None, Some(1_200_000)),
            task(2, "Roofing", None, Some(1_200_000)),
            task(3, "Siding", None, Some(1_200_000)),
            task(4, "Building Permits", None, None), // predicted $10,000: stays $10,000
            task(5, "Building Permits", Some(3_000_000), None), // a fee paid at 3x: not an input
        ])
        .summary(UserId::new(3), ProjectId::new(1))
        .unwrap();
        let c = s.calibrated.expect("three known prices");
        assert_eq!(c.calibration.inputs.iter().map(|i| i.task_id).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(s.budget.predicted_total.cents(), 3_600_000 + 1_000_000 + 3_000_000);
    }

    #[test]
    fn another_users_project_has_no_calibration() {
        let err = service(vec![]).calibration(UserId::new(4), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { .. }));
    }

    #[test]
    fn members_read_the_owners_calibration() {
        let svc = service(vec![
            task(1, "Framing", None, Some(1_200_000)),
            task(2, "Roofing", None, Some(1_200_000)),
            task(3, "Siding", None, Some(1_200_000)),
        ]);
        for member in [crate::tasks::tests::PARTNER, crate::tasks::tests::VIEWER] {
            assert_eq!(svc.calibration(UserId::new(member), ProjectId::new(1)).unwrap().ratio_per_mille(), Some(1200));
        }
    }
}
