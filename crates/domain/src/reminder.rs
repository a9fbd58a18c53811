//! Reminder mails (issue 35): how often a user wants them, and what a user's day has to say.
//!
//! The selection is pure: the caller loads the user's projects (their own and those they joined
//! as a partner or viewer, each of an owner whose subscription is active), their tasks,
//! inspections, pending bids and open draws, the user's contractors, and [`select`] keeps only
//! what needs attention on `today`, grouped by project. Nothing selected: no mail.

use chrono::{Datelike, Duration, NaiveDate, Weekday};

use crate::schedule::WorkCalendar;

/// Tasks starting within this many days (today included) are reminded.
pub const START_WITHIN_DAYS: i64 = 7;
/// Inspections within this many days (today included).
pub const INSPECTION_WITHIN_DAYS: i64 = 2;
/// Contractor insurance expiring within this many days.
pub const INSURANCE_WITHIN_DAYS: i64 = 30;
/// Bids whose `valid_until` is within this many days.
pub const BID_WITHIN_DAYS: i64 = 7;

/// How often a user gets reminders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReminderFrequency {
    #[default]
    Daily,
    /// Mondays only.
    Weekly,
    Off,
}

impl ReminderFrequency {
    pub const ALL: [ReminderFrequency; 3] = [Self::Daily, Self::Weekly, Self::Off];
    pub const MSG_INVALID: &'static str = "Choose daily, weekly or off.";

    pub fn code(self) -> &'static str {
        match self {
            Self::Daily => "daily",
            Self::Weekly => "weekly",
            Self::Off => "off",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.code() == raw.trim())
    }

    /// Whether a mail may go out on `day`.
    pub fn is_due(self, day: NaiveDate) -> bool {
        match self {
            Self::Daily => true,
            Self::Weekly => day.weekday() == Weekday::Mon,
            Self::Off => false,
        }
    }
}

/// A project of the user, with its working calendar (for planned finishes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderProject {
    pub id: i64,
    pub name: String,
    pub calendar: WorkCalendar,
    /// The owner's username when the user joined it as a member; `None` for their own.
    pub shared_by: Option<String>,
}

impl ReminderProject {
    /// The project's heading in the mail: its name, and whose it is when it is shared.
    pub fn title(&self) -> String {
        match &self.shared_by {
            Some(owner) => format!("{} (shared by {owner})", self.name),
            None => self.name.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderTask {
    pub project_id: i64,
    pub title: String,
    /// The task is Paid (finished for the money).
    pub paid: bool,
    pub planned_start: Option<NaiveDate>,
    pub duration_days: Option<i32>,
    pub actual_start: Option<NaiveDate>,
    pub actual_finish: Option<NaiveDate>,
    /// The spec's due date (the board's), when one is set.
    pub due_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderInspection {
    pub project_id: i64,
    pub task_title: String,
    pub kind: String,
    pub scheduled_on: NaiveDate,
    pub passed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderContractor {
    pub name: String,
    pub insurance_expires: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderBid {
    pub project_id: i64,
    pub task_title: String,
    pub contractor_name: String,
    pub valid_until: Option<NaiveDate>,
    pub pending: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderDraw {
    pub project_id: i64,
    pub number: i32,
    /// Draft or submitted (not funded).
    pub open: bool,
    /// Payments of the draw still missing a lien waiver (`ledger::missing_waivers`).
    pub waivers_missing: usize,
}

/// Everything one user's reminder reads.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReminderData {
    pub projects: Vec<ReminderProject>,
    pub tasks: Vec<ReminderTask>,
    pub inspections: Vec<ReminderInspection>,
    pub contractors: Vec<ReminderContractor>,
    pub bids: Vec<ReminderBid>,
    pub draws: Vec<ReminderDraw>,
}

/// What needs attention in one project (`project` None: the user's contractors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderGroup {
    pub project_id: Option<i64>,
    pub title: String,
    pub lines: Vec<String>,
}

fn date(d: NaiveDate) -> String {
    d.format("%b %-d").to_string()
}

fn within(day: NaiveDate, today: NaiveDate, days: i64) -> bool {
    day >= today && day < today + Duration::days(days)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What needs attention on `today`, grouped by project (in the order of `data.projects`), the
/// user's contractors last. Empty: nothing to say.
pub fn select(today: NaiveDate, data: &ReminderData) -> Vec<ReminderGroup> {
    let mut groups = Vec::new();
    for project in &data.projects {
        let mut lines = Vec::new();
        for t in data.tasks.iter().filter(|t| t.project_id == project.id && !t.paid) {
            let planned = t.planned_start.map(|s| (s, project.calendar.finish_of(s, t.duration_days.unwrap_or(0))));
            // One line a task: late against the plan, else past its due date, else starting soon.
            match (planned, t.due_date) {
                (Some((_, finish)), _) if t.actual_finish.is_none() && finish < today => {
                    lines.push(format!("Late: {} was planned to finish on {}.", t.title, date(finish)));
                }
                (_, Some(due)) if due < today => {
                    lines.push(format!("Overdue: {} was due on {}.", t.title, date(due)));
                }
                (Some((start, _)), _) if t.actual_start.is_none() && within(start, today, START_WITHIN_DAYS) => {
                    lines.push(format!("Starts this week: {} on {}.", t.title, date(start)));
                }
                _ => {}
            }
        }
        for i in data.inspections.iter().filter(|i| i.project_id == project.id && !i.passed) {
            if within(i.scheduled_on, today, INSPECTION_WITHIN_DAYS) {
                let when =
                    if i.scheduled_on == today { "today".to_owned() } else { format!("on {}", date(i.scheduled_on)) };
                lines.push(format!("Inspection {when}: {} ({}).", i.kind, i.task_title));
            }
        }
        for b in data.bids.iter().filter(|b| b.project_id == project.id && b.pending) {
            if let Some(until) = b.valid_until.filter(|d| within(*d, today, BID_WITHIN_DAYS)) {
                lines.push(format!(
                    "Bid from {} for {} is valid until {}.",
                    b.contractor_name,
                    b.task_title,
                    date(until)
                ));
            }
        }
        for d in data.draws.iter().filter(|d| d.project_id == project.id && d.open && d.waivers_missing > 0) {
            lines.push(format!(
                "Draw {} is waiting on paperwork: {} missing.",
                d.number,
                plural(d.waivers_missing, "lien waiver", "lien waivers")
            ));
        }
        if !lines.is_empty() {
            groups.push(ReminderGroup { project_id: Some(project.id), title: project.title(), lines });
        }
    }
    let insurance: Vec<String> = data
        .contractors
        .iter()
        .filter_map(|c| {
            let expires = c.insurance_expires.filter(|d| within(*d, today, INSURANCE_WITHIN_DAYS))?;
            Some(format!("{}'s insurance expires on {}.", c.name, date(expires)))
        })
        .collect();
    if !insurance.is_empty() {
        groups.push(ReminderGroup { project_id: None, title: "Your contractors".into(), lines: insurance });
    }
    groups
}

/// The number of things in `groups`.
pub fn count(groups: &[ReminderGroup]) -> usize {
    groups.iter().map(|g| g.lines.len()).sum()
}

/// The mail's subject.
pub fn subject(count: usize) -> String {
    if count == 1 {
        "BuildLedger: 1 thing needs attention today".to_owned()
    } else {
        format!("BuildLedger: {count} things need attention today")
    }
}

#[cfg(test)]
#[path = "reminder_tests.rs"]
mod tests;
