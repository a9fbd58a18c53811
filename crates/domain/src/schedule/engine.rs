//! The schedule: forward pass (earliest dates), backward pass (latest dates, float), critical
//! path, variance against a baseline and the slip's carrying cost. docs/schedule.md.
//!
//! How it computes (the rules of issue 33, and the decisions they leave open):
//! - All arithmetic is on working-day indices of the project's calendar (`DayIndex`), so it is
//!   exact and never walks day by day. Computed dates fall on working days: a project start or a
//!   planned start on a non-working day moves to the next working day (so does `Schedule::start`).
//!   Actual dates are kept as given, even on a non-working day; for arithmetic such a start counts
//!   from the next working day and such a finish from the working day before it.
//! - Out-of-range input is clamped, never trusted: durations to 0..=1000, lags to -365..=365, each
//!   delay to 0..=365 working days. Sums saturate and dates saturate to chrono's range.
//! - A task is scheduled when it has a duration. When an id appears twice, the first row counts.
//!   Links touching an unscheduled or unknown task, or a task to itself, are ignored. Links inside a
//!   cycle (both ends in one strongly connected component) are ignored too; each task of the
//!   cycle keeps its other constraints. Then tasks are taken in topological order (Kahn).
//! - Forward pass: the start is the latest of the project start, the planned start, each
//!   predecessor's constraint (FS: `release + 1 + lag`; SS: `start + lag`; FF: the finish is at
//!   least `release + lag`), then pushed by the task's delays. `release` is what successors see of
//!   the predecessor's finish: see inspections below. The finish is the start plus `duration - 1`
//!   working days (a milestone finishes on its start).
//! - Delays: before an actual start they push the start; once the task has an actual start they
//!   push its finish (a delay during the work extends it). `delay_days` is their sum.
//! - Actual dates override: with an actual start, start = actual start and finish =
//!   `finish_of(actual start, duration)` plus the delays, unless an actual finish is set; with an
//!   actual finish, finish = actual finish and, without an actual start, a computed start later
//!   than it becomes the actual finish.
//! - Inspections (ordered by date, then as given) hold FS and FF successors: `release` is the
//!   latest of the finish and the latest inspection's date. A failed or partial inspection with no
//!   passed one after it (a later pending one does not resolve it) is unresolved: `release` is also
//!   at least today, so successors start no earlier than the working day after today.
//!   `held_by_inspection` is set when `release` is later than the finish or a failure is
//!   unresolved. SS links ignore inspections.
//! - Backward pass from the project finish (the latest finish): `late_finish` is the earliest of the
//!   project finish and each successor's constraint (FS: `LS(s) - 1 - lag`; SS: `LS(s) - lag +
//!   span`; FF: `LF(s) - lag`); `late_start = late_finish - span`, where the span is the task's own
//!   working days from start to finish (`duration - 1` unless actual dates or delays during the work
//!   say otherwise). `total_float = late_start - start` in working days, negative when actual dates
//!   break constraints; critical when it is 0 or less. Without actual dates every float is ≥ 0 and
//!   the task finishing last is critical.
//! - Tasks and the critical path are ordered by start, finish, id; `unscheduled` keeps input order.
//! - Baseline (the first entry of a task counts for the task; every entry counts for the baseline
//!   finish, the latest of them): variances are `working_days_between(baseline, actual)`, positive
//!   when late; the slip is also given in calendar days and, with a monthly carrying cost, its cost
//!   (`Some(0)` when the project is not late).

use std::collections::{HashMap, HashSet, VecDeque};

use chrono::NaiveDate;

use super::calendar::{DayIndex, WorkCalendar};
use super::records::{Dependency, InspectionResult, LinkType, DELAY_DAYS_MAX, DURATION_DAYS_MAX, LAG_DAYS_MAX};

/// A task's timing fields (from the task row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskTiming {
    pub task: i64,
    /// Working days; `None`: the task is not scheduled.
    pub duration_days: Option<i32>,
    /// Start no earlier than.
    pub planned_start: Option<NaiveDate>,
    pub actual_start: Option<NaiveDate>,
    pub actual_finish: Option<NaiveDate>,
}

/// One task's dates in a baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaselineEntry {
    pub task: i64,
    pub start: NaiveDate,
    pub finish: NaiveDate,
}

/// Everything the schedule is computed from: one read of the board and its links.
#[derive(Debug, Clone, Default)]
pub struct ScheduleInput {
    /// The project's start date.
    pub start: NaiveDate,
    pub calendar: WorkCalendar,
    pub tasks: Vec<TaskTiming>,
    pub links: Vec<Dependency>,
    /// (task, working days) of each recorded delay.
    pub delays: Vec<(i64, i32)>,
    /// (task, scheduled on, result) of each inspection.
    pub inspections: Vec<(i64, NaiveDate, InspectionResult)>,
    /// The baseline's entries, empty without one.
    pub baseline: Vec<BaselineEntry>,
    /// Today, for a failed inspection's hold.
    pub today: NaiveDate,
    /// The project's monthly carrying cost in cents, when set.
    pub monthly_carrying_cost_cents: Option<i64>,
}

/// One scheduled task's computed dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduledTask {
    pub task: i64,
    pub start: NaiveDate,
    pub finish: NaiveDate,
    pub late_start: NaiveDate,
    pub late_finish: NaiveDate,
    /// Working days.
    pub total_float: i32,
    pub critical: bool,
    pub baseline_start: Option<NaiveDate>,
    pub baseline_finish: Option<NaiveDate>,
    /// Working days from its baseline finish to its finish (positive: late).
    pub variance_days: Option<i32>,
    /// Sum of its recorded delays, working days.
    pub delay_days: i32,
    /// Its inspections hold its successors (a pending one after its finish, or a failure not yet passed).
    pub held_by_inspection: bool,
}

/// The computed schedule of a project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    pub start: NaiveDate,
    /// The latest finish of a scheduled task; `None` when none is scheduled.
    pub finish: Option<NaiveDate>,
    pub baseline_finish: Option<NaiveDate>,
    /// Working days from the baseline finish to the finish.
    pub variance_days: Option<i32>,
    /// Calendar days from the baseline finish to the finish.
    pub slip_calendar_days: Option<i64>,
    /// Cents: slip calendar days (when positive) x monthly carrying cost / 30, rounded half up.
    pub carrying_cost_of_slip_cents: Option<i64>,
    /// Critical tasks' ids in order of start.
    pub critical_path: Vec<i64>,
    /// Tasks without a duration.
    pub unscheduled: Vec<i64>,
    /// Scheduled tasks in order of start (then finish, then id).
    pub tasks: Vec<ScheduledTask>,
}

/// Computes the schedule. Links touching an unscheduled task, and links left in a cycle (never
/// stored: `would_close_cycle` refuses them), are ignored.
pub fn compute(input: &ScheduleInput) -> Schedule {
    let days = DayIndex::new(&input.calendar);
    let project_start = days.index_on_or_after(input.start);
    let (mut nodes, unscheduled, position) = collect_tasks(input);
    add_delays(&mut nodes, &position, &input.delays);
    let holds = inspection_holds(&days, input, &position, nodes.len());
    let edges = acyclic_edges(&input.links, &position, nodes.len());
    let order = topological_order(nodes.len(), &edges);

    forward_pass(&days, project_start, &mut nodes, &holds, &edges, &order);
    let finish = nodes.iter().map(|n| n.finish).max();
    if let Some(project_finish) = finish {
        backward_pass(days.index(project_finish), &mut nodes, &edges, &order);
    }
    let tasks = scheduled_tasks(&days, input, &nodes, &holds);
    summarize(&days, input, finish, tasks, unscheduled)
}

/// Whether adding `predecessor -> successor` to `links` would close a cycle (or links a task to itself).
/// True when `successor` already reaches `predecessor` through the links (breadth-first search).
pub fn would_close_cycle(links: &[Dependency], predecessor: i64, successor: i64) -> bool {
    if predecessor == successor {
        return true;
    }
    let mut next: HashMap<i64, Vec<i64>> = HashMap::new();
    for link in links {
        next.entry(link.predecessor).or_default().push(link.successor);
    }
    let mut seen = HashSet::from([successor]);
    let mut queue = VecDeque::from([successor]);
    while let Some(task) = queue.pop_front() {
        for &after in next.get(&task).map(Vec::as_slice).unwrap_or_default() {
            if after == predecessor {
                return true;
            }
            if seen.insert(after) {
                queue.push_back(after);
            }
        }
    }
    false
}

/// Cents: `slip_calendar_days` (when positive) x `monthly_cents` / 30, rounded half up; 0 for no slip.
/// Computed in `i128`, saturated to `i64`.
pub fn carrying_cost_of_slip_cents(slip_calendar_days: i64, monthly_cents: i64) -> i64 {
    if slip_calendar_days <= 0 {
        return 0;
    }
    let twice = i128::from(slip_calendar_days) * i128::from(monthly_cents) * 2;
    let cents = (twice + 30).div_euclid(60);
    i64::try_from(cents).unwrap_or(if cents < 0 { i64::MIN } else { i64::MAX })
}

/// One scheduled task while computing; indices are working-day indices of `DayIndex`.
#[derive(Debug, Clone)]
struct Node {
    timing: TaskTiming,
    duration: i64,
    delay: i64,
    start: NaiveDate,
    finish: NaiveDate,
    start_ix: i64,
    finish_ix: i64,
    late_finish_ix: i64,
    late_start_ix: i64,
}

impl Node {
    /// Working days from start to finish, the task's own (0 for a milestone).
    fn span(&self) -> i64 {
        (self.finish_ix - self.start_ix).max(0)
    }
}

/// What successors see of a task's finish, from its inspections.
#[derive(Debug, Clone, Copy, Default)]
struct Hold {
    /// Index before which FS and FF successors see the task as unfinished (the latest inspection, or today).
    until_ix: Option<i64>,
    /// A failed or partial inspection with no passed one after it.
    unresolved: bool,
}

/// A link kept for the computation, between positions in the node list.
#[derive(Debug, Clone, Copy)]
struct Edge {
    predecessor: usize,
    successor: usize,
    link: LinkType,
    lag: i64,
}

fn collect_tasks(input: &ScheduleInput) -> (Vec<Node>, Vec<i64>, HashMap<i64, usize>) {
    let mut nodes = Vec::new();
    let mut unscheduled = Vec::new();
    let mut position = HashMap::new();
    let mut seen = HashSet::new();
    for timing in &input.tasks {
        if !seen.insert(timing.task) {
            continue;
        }
        match timing.duration_days {
            Some(duration) => {
                position.insert(timing.task, nodes.len());
                nodes.push(Node {
                    timing: *timing,
                    duration: i64::from(duration.clamp(0, DURATION_DAYS_MAX)),
                    delay: 0,
                    start: input.start,
                    finish: input.start,
                    start_ix: 0,
                    finish_ix: 0,
                    late_finish_ix: 0,
                    late_start_ix: 0,
                });
            }
            None => unscheduled.push(timing.task),
        }
    }
    (nodes, unscheduled, position)
}

fn add_delays(nodes: &mut [Node], position: &HashMap<i64, usize>, delays: &[(i64, i32)]) {
    for (task, days) in delays {
        if let Some(&at) = position.get(task) {
            let node = &mut nodes[at];
            node.delay = node.delay.saturating_add(i64::from((*days).clamp(0, DELAY_DAYS_MAX)));
        }
    }
}

fn inspection_holds(days: &DayIndex, input: &ScheduleInput, position: &HashMap<i64, usize>, count: usize) -> Vec<Hold> {
    let mut per_task: Vec<Vec<(NaiveDate, InspectionResult)>> = vec![Vec::new(); count];
    for (task, on, result) in &input.inspections {
        if let Some(&at) = position.get(task) {
            per_task[at].push((*on, *result));
        }
    }
    per_task
        .into_iter()
        .map(|mut list| {
            // Stable: inspections on the same date keep the order given.
            list.sort_by_key(|(on, _)| *on);
            let unresolved = list.iter().fold(false, |open, (_, result)| match result {
                InspectionResult::Failed | InspectionResult::Partial => true,
                InspectionResult::Passed => false,
                InspectionResult::Pending => open,
            });
            let latest = list.last().map(|(on, _)| days.index(*on));
            let until_ix = match (latest, unresolved) {
                (Some(ix), true) => Some(ix.max(days.index(input.today))),
                (latest, _) => latest,
            };
            Hold { until_ix, unresolved }
        })
        .collect()
}

/// The links between scheduled tasks that are in no cycle.
fn acyclic_edges(links: &[Dependency], position: &HashMap<i64, usize>, count: usize) -> Vec<Edge> {
    let edges: Vec<Edge> = links
        .iter()
        .filter_map(|link| {
            let predecessor = *position.get(&link.predecessor)?;
            let successor = *position.get(&link.successor)?;
            (predecessor != successor).then_some(Edge {
                predecessor,
                successor,
                link: link.link,
                lag: i64::from(link.lag_days.clamp(-LAG_DAYS_MAX, LAG_DAYS_MAX)),
            })
        })
        .collect();
    let mut out = vec![Vec::new(); count];
    for edge in &edges {
        out[edge.predecessor].push(edge.successor);
    }
    let component = strongly_connected_components(&out);
    edges.into_iter().filter(|e| component[e.predecessor] != component[e.successor]).collect()
}

/// Tarjan's algorithm without recursion: the component of each node.
fn strongly_connected_components(out: &[Vec<usize>]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let count = out.len();
    let (mut index, mut low, mut component) = (vec![UNSEEN; count], vec![0; count], vec![UNSEEN; count]);
    let mut on_stack = vec![false; count];
    let (mut stack, mut calls) = (Vec::new(), Vec::<(usize, usize)>::new());
    let (mut next_index, mut next_component) = (0, 0);
    for root in 0..count {
        if index[root] != UNSEEN {
            continue;
        }
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        calls.push((root, 0));
        while let Some(frame) = calls.last_mut() {
            let node = frame.0;
            if let Some(&after) = out[node].get(frame.1) {
                frame.1 += 1;
                if index[after] == UNSEEN {
                    index[after] = next_index;
                    low[after] = next_index;
                    next_index += 1;
                    stack.push(after);
                    on_stack[after] = true;
                    calls.push((after, 0));
                } else if on_stack[after] {
                    low[node] = low[node].min(index[after]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = next_component;
                    if member == node {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    component
}

/// Kahn's algorithm over acyclic edges (ties in input order): every node once.
fn topological_order(count: usize, edges: &[Edge]) -> Vec<usize> {
    let mut incoming = vec![0usize; count];
    let mut out = vec![Vec::new(); count];
    for edge in edges {
        incoming[edge.successor] += 1;
        out[edge.predecessor].push(edge.successor);
    }
    let mut ready: VecDeque<usize> = (0..count).filter(|n| incoming[*n] == 0).collect();
    let mut order = Vec::with_capacity(count);
    while let Some(node) = ready.pop_front() {
        order.push(node);
        for &after in &out[node] {
            incoming[after] -= 1;
            if incoming[after] == 0 {
                ready.push_back(after);
            }
        }
    }
    order
}

fn forward_pass(
    days: &DayIndex,
    project_start: i64,
    nodes: &mut [Node],
    holds: &[Hold],
    edges: &[Edge],
    order: &[usize],
) {
    let mut incoming: Vec<Vec<Edge>> = vec![Vec::new(); nodes.len()];
    for edge in edges {
        incoming[edge.successor].push(*edge);
    }
    let release = |node: &Node, hold: &Hold| hold.until_ix.map_or(node.finish_ix, |h| h.max(node.finish_ix));
    for &at in order {
        let length = (nodes[at].duration - 1).max(0);
        let mut earliest = project_start;
        if let Some(planned) = nodes[at].timing.planned_start {
            earliest = earliest.max(days.index_on_or_after(planned));
        }
        for edge in &incoming[at] {
            let before = &nodes[edge.predecessor];
            let bound = match edge.link {
                LinkType::FinishToStart => release(before, &holds[edge.predecessor]) + 1 + edge.lag,
                LinkType::StartToStart => before.start_ix + edge.lag,
                LinkType::FinishToFinish => release(before, &holds[edge.predecessor]) + edge.lag - length,
            };
            earliest = earliest.max(bound);
        }
        let node = &mut nodes[at];
        let (start, finish) = match (node.timing.actual_start, node.timing.actual_finish) {
            (Some(started), Some(finished)) => (started, finished),
            (Some(started), None) if node.duration == 0 && node.delay == 0 => (started, started),
            (Some(started), None) => {
                let from = days.index_on_or_after(started);
                (started, days.date(from.saturating_add(length).saturating_add(node.delay)))
            }
            (None, actual_finish) => {
                let start_ix = earliest.saturating_add(node.delay);
                let start = days.date(start_ix);
                let finish = days.date(start_ix.saturating_add(length));
                match actual_finish {
                    Some(finished) => (start.min(finished), finished),
                    None => (start, finish),
                }
            }
        };
        node.start = start;
        node.finish = finish;
        node.start_ix = days.index_on_or_after(start);
        node.finish_ix = days.index(finish);
    }
}

fn backward_pass(project_finish: i64, nodes: &mut [Node], edges: &[Edge], order: &[usize]) {
    let mut outgoing: Vec<Vec<Edge>> = vec![Vec::new(); nodes.len()];
    for edge in edges {
        outgoing[edge.predecessor].push(*edge);
    }
    for &at in order.iter().rev() {
        let span = nodes[at].span();
        let mut late_finish = project_finish;
        for edge in &outgoing[at] {
            let after = &nodes[edge.successor];
            let bound = match edge.link {
                LinkType::FinishToStart => after.late_start_ix - 1 - edge.lag,
                LinkType::StartToStart => after.late_start_ix - edge.lag + span,
                LinkType::FinishToFinish => after.late_finish_ix - edge.lag,
            };
            late_finish = late_finish.min(bound);
        }
        nodes[at].late_finish_ix = late_finish;
        nodes[at].late_start_ix = late_finish - span;
    }
}

fn saturate_i32(value: i64) -> i32 {
    i32::try_from(value).unwrap_or(if value < 0 { i32::MIN } else { i32::MAX })
}

fn scheduled_tasks(days: &DayIndex, input: &ScheduleInput, nodes: &[Node], holds: &[Hold]) -> Vec<ScheduledTask> {
    let mut baseline: HashMap<i64, BaselineEntry> = HashMap::new();
    for entry in &input.baseline {
        baseline.entry(entry.task).or_insert(*entry);
    }
    let mut tasks: Vec<ScheduledTask> = nodes
        .iter()
        .zip(holds)
        .map(|(node, hold)| {
            let total_float = saturate_i32(node.late_start_ix - node.start_ix);
            let entry = baseline.get(&node.timing.task);
            ScheduledTask {
                task: node.timing.task,
                start: node.start,
                finish: node.finish,
                late_start: days.date(node.late_start_ix),
                late_finish: days.date(node.late_finish_ix),
                total_float,
                critical: total_float <= 0,
                baseline_start: entry.map(|e| e.start),
                baseline_finish: entry.map(|e| e.finish),
                variance_days: entry.map(|e| days.between(e.finish, node.finish)),
                delay_days: saturate_i32(node.delay),
                held_by_inspection: hold.unresolved || hold.until_ix.is_some_and(|h| h > node.finish_ix),
            }
        })
        .collect();
    tasks.sort_by_key(|t| (t.start, t.finish, t.task));
    tasks
}

fn summarize(
    days: &DayIndex,
    input: &ScheduleInput,
    finish: Option<NaiveDate>,
    tasks: Vec<ScheduledTask>,
    unscheduled: Vec<i64>,
) -> Schedule {
    let baseline_finish = input.baseline.iter().map(|e| e.finish).max();
    let (variance_days, slip_calendar_days) = match (baseline_finish, finish) {
        (Some(planned), Some(actual)) => {
            (Some(days.between(planned, actual)), Some(actual.signed_duration_since(planned).num_days()))
        }
        _ => (None, None),
    };
    let carrying_cost_of_slip_cents = slip_calendar_days
        .zip(input.monthly_carrying_cost_cents)
        .map(|(slip, monthly)| carrying_cost_of_slip_cents(slip, monthly));
    Schedule {
        start: days.date(days.index_on_or_after(input.start)),
        finish,
        baseline_finish,
        variance_days,
        slip_calendar_days,
        carrying_cost_of_slip_cents,
        critical_path: tasks.iter().filter(|t| t.critical).map(|t| t.task).collect(),
        unscheduled,
        tasks,
    }
}

#[cfg(test)]
mod tests;
