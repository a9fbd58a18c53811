//! How this project's own prices compare with the regional predictions (issue 20,
//! docs/cost-model.md): the tasks with both a prediction and a known price (an actual cost,
//! else an awarded bid with its approved change orders) go through the domain's robust ratio
//! (`buildledger_domain::calibration`). The inputs travel with the result, so the product can
//! show exactly which tasks the ratio is made of.

use buildledger_domain::calibration::{calibrate, Calibration, PricedTask, MIN_TASKS};

use crate::error::UseCaseError;
use crate::tasks::{TaskService, TaskView};

/// Where a task's known price comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownFrom {
    ActualCost,
    /// The awarded bid plus its approved change orders.
    Committed,
}

impl KnownFrom {
    pub fn code(self) -> &'static str {
        match self {
            KnownFrom::ActualCost => "actual_cost",
            KnownFrom::Committed => "committed",
        }
    }
}

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
    /// Tasks with a prediction above 0 and a known price above 0, in board order.
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
                let predicted_cents = v.prediction.map(|p| p.cents).filter(|c| *c > 0)?;
                let (known, known_from) = match (v.task.actual_cost, v.task.bids.committed) {
                    (Some(actual), _) => (actual, KnownFrom::ActualCost),
                    (None, Some(committed)) => (committed, KnownFrom::Committed),
                    (None, None) => return None,
                };
                (known.cents() > 0).then(|| CalibrationInput {
                    task_id: v.task.id,
                    title: v.task.title.clone(),
                    predicted_cents,
                    known_cents: known.cents(),
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
    /// The project's local ratio with its inputs (another user's project is not found).
    pub fn calibration(&self, owner_id: i64, project_id: i64) -> Result<ProjectCalibration, UseCaseError> {
        let board = self.board(owner_id, project_id)?;
        Ok(ProjectCalibration::of(&board.tasks))
    }
}

#[cfg(test)]
mod tests {
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
        };
        t.bids.committed = committed.and_then(Money::from_cents);
        t
    }

    /// Every known title predicts $5.00/sq ft x 2,000 sq ft = $10,000; "Moat" is unknown.
    fn service(tasks: Vec<Task>) -> TaskService {
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(1), eq(3))
            .returning(|id, o| Ok(Some(crate::tasks::tests::project(id, o))));
        projects.expect_find_for_owner().returning(|_, _| Ok(None));
        let mut repo = MockTaskRepository::new();
        repo.expect_list_for_project().returning(move |_| Ok(tasks.clone()));
        let mut rates = MockCostRates::new();
        rates
            .expect_predict()
            .returning(|title, _, _, sqft| (title != "Moat").then(|| Prediction::per_sqft(500, sqft)));
        rates.expect_whole_house_estimate().returning(|_| None);
        TaskService::new(
            Arc::new(projects),
            Arc::new(repo),
            Arc::new(MockDocumentStore::new()),
            Arc::new(rates),
            Arc::new(MockKnownState::new()),
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
        let c = svc.calibration(3, 1).unwrap();
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
        let c = svc.calibration(3, 1).unwrap();
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
        let s = svc.summary(3, 1).unwrap();
        assert_eq!(s.budget.predicted_total.cents(), 3_600_000 + 1_000_000);
        let calibrated = s.calibrated.expect("three known prices");
        // Drywall: $10,000 x 1.2.
        assert_eq!(calibrated.budget.predicted_total.cents(), 3_600_000 + 1_200_000);
    }

    #[test]
    fn another_users_project_has_no_calibration() {
        let err = service(vec![]).calibration(4, 1).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { .. }));
    }
}
