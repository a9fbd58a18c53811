//! Reminder mails (issue 35): users' settings, what their day reads (a fixed number of queries
//! for a batch of users, whatever their number of projects, memberships and tasks), and the
//! claims that send each user's mail once a day across instances. A user is reminded of their
//! own projects and of those they joined as a partner or viewer, while the project's owner has an
//! active subscription (it covers every member).

use std::collections::{HashMap, HashSet};

use buildledger_application::error::RepoError;
use buildledger_application::reminders::{ReminderRecipient, ReminderRepository};
use buildledger_domain::bid::BidStatus;
use buildledger_domain::ledger::{missing_waivers, DrawStatus, WaiverCover, WaiverKind, WaiverPayment, WaiverState};
use buildledger_domain::reminder::{
    ReminderBid, ReminderContractor, ReminderData, ReminderDraw, ReminderFrequency, ReminderInspection,
    ReminderProject, ReminderTask,
};
use buildledger_domain::schedule::{InspectionResult, WorkCalendar, WorkWeek};
use buildledger_domain::subscription::SubscriptionStatus;
use buildledger_domain::task::TaskStatus;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::DbConnection;
use crate::db::Db;
use crate::ledger::{corrupt, date};
use crate::schema::{
    bids, contractors, draw_items, draws, inspections, lien_waivers, project_members, projects, reminder_sends,
    reminder_settings, subscriptions, task_payments, tasks, users,
};

/// Whether the user `$user` (a column) has a subscription that gives access at `$now`: active or
/// trialing, its period not over. A correlated `EXISTS`, part of the query it is used in.
macro_rules! subscribed_at {
    ($user:expr, $now:expr) => {
        diesel::dsl::exists(
            subscriptions::table
                .filter(subscriptions::user_id.eq($user))
                .filter(
                    subscriptions::status
                        .eq_any([SubscriptionStatus::Active.code(), SubscriptionStatus::Trialing.code()]),
                )
                .filter(subscriptions::current_period_end.is_null().or(subscriptions::current_period_end.gt($now))),
        )
    };
}

pub struct DieselReminderRepository {
    db: Db,
}

impl DieselReminderRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

fn day_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

fn optional_date(raw: Option<String>) -> Result<Option<NaiveDate>, DieselError> {
    raw.as_deref().map(date).transpose()
}

fn items(raw: &str) -> impl Iterator<Item = &str> {
    raw.split(',').map(str::trim).filter(|s| !s.is_empty())
}

fn calendar(work_week: &str, non_working_days: &str) -> Result<WorkCalendar, DieselError> {
    let codes: Vec<String> = items(work_week).map(str::to_owned).collect();
    let week = WorkWeek::parse(&codes).ok_or_else(|| corrupt("work week"))?;
    let days = items(non_working_days).map(date).collect::<Result<Vec<_>, _>>()?;
    Ok(WorkCalendar::new(week, days))
}

impl ReminderRepository for DieselReminderRepository {
    fn frequency(&self, user_id: i64) -> Result<ReminderFrequency, RepoError> {
        let stored: Option<String> = self.db.read(|conn| {
            reminder_settings::table.find(user_id).select(reminder_settings::frequency).first(conn).optional()
        })?;
        Ok(stored.as_deref().and_then(ReminderFrequency::parse).unwrap_or_default())
    }

    fn set_frequency(&self, user_id: i64, frequency: ReminderFrequency, now: NaiveDateTime) -> Result<(), RepoError> {
        self.db.write(move |conn| set_frequency(conn, user_id, frequency, now))
    }

    fn recipients(&self, day: NaiveDate, now: NaiveDateTime) -> Result<Vec<ReminderRecipient>, RepoError> {
        self.db.read(|conn| {
            // Subscribed owners of a project, and joined members of a subscribed owner's project.
            let owns = diesel::dsl::exists(projects::table.filter(projects::owner_id.eq(users::id)))
                .and(subscribed_at!(users::id, now));
            let joined = diesel::dsl::exists(
                project_members::table
                    .inner_join(projects::table)
                    .filter(project_members::user_id.eq(users::id.nullable()))
                    .filter(project_members::joined_at.is_not_null())
                    .filter(subscribed_at!(projects::owner_id, now)),
            );
            let subscribed: Vec<(i64, String, String)> = users::table
                .filter(owns.or(joined))
                .order(users::id)
                .select((users::id, users::username, users::email))
                .load(conn)?;
            let ids: Vec<i64> = subscribed.iter().map(|u| u.0).collect();
            let settings: HashMap<i64, String> = reminder_settings::table
                .filter(reminder_settings::user_id.eq_any(&ids))
                .select((reminder_settings::user_id, reminder_settings::frequency))
                .load::<(i64, String)>(conn)?
                .into_iter()
                .collect();
            let claimed: HashSet<i64> = reminder_sends::table
                .filter(reminder_sends::day.eq(day_text(day)).and(reminder_sends::user_id.eq_any(&ids)))
                .select(reminder_sends::user_id)
                .load::<i64>(conn)?
                .into_iter()
                .collect();
            Ok(subscribed
                .into_iter()
                .filter(|(id, _, _)| !claimed.contains(id))
                .map(|(user_id, username, email)| {
                    let frequency =
                        settings.get(&user_id).and_then(|f| ReminderFrequency::parse(f)).unwrap_or_default();
                    ReminderRecipient { user_id, username, email, frequency }
                })
                .filter(|r| r.frequency != ReminderFrequency::Off)
                .collect())
        })
    }

    fn data_for(&self, user_ids: &[i64], now: NaiveDateTime) -> Result<HashMap<i64, ReminderData>, RepoError> {
        let user_ids = user_ids.to_vec();
        self.db.read(move |conn| data_for(conn, &user_ids, now))
    }

    fn claim(&self, user_id: i64, day: NaiveDate, token_hash: &str, now: NaiveDateTime) -> Result<bool, RepoError> {
        let (day, token_hash) = (day_text(day), token_hash.to_owned());
        let claimed = self.db.write(move |conn| {
            let taken: i64 = reminder_sends::table
                .filter(reminder_sends::user_id.eq(user_id).and(reminder_sends::day.eq(&day)))
                .count()
                .get_result(conn)?;
            if taken > 0 {
                return Ok(false);
            }
            diesel::insert_into(reminder_sends::table)
                .values((
                    reminder_sends::user_id.eq(user_id),
                    reminder_sends::day.eq(&day),
                    reminder_sends::token_hash.eq(&token_hash),
                    reminder_sends::claimed_at.eq(now),
                ))
                .execute(conn)?;
            Ok(true)
        });
        match claimed {
            // Another instance inserted the same user and day between the check and the insert
            // (PostgreSQL): its claim wins, this transaction wrote nothing.
            Err(RepoError::Conflict(_)) => Ok(false),
            other => other,
        }
    }

    fn release(&self, user_id: i64, day: NaiveDate) -> Result<(), RepoError> {
        let day = day_text(day);
        self.db.write(move |conn| {
            diesel::delete(
                reminder_sends::table.filter(reminder_sends::user_id.eq(user_id).and(reminder_sends::day.eq(&day))),
            )
            .execute(conn)
            .map(|_| ())
        })
    }

    fn unsubscribe(&self, token_hash: &str, now: NaiveDateTime) -> Result<bool, RepoError> {
        let token_hash = token_hash.to_owned();
        self.db.write(move |conn| {
            let user: Option<i64> = reminder_sends::table
                .filter(reminder_sends::token_hash.eq(&token_hash))
                .select(reminder_sends::user_id)
                .first(conn)
                .optional()?;
            match user {
                Some(user_id) => set_frequency(conn, user_id, ReminderFrequency::Off, now).map(|_| true),
                None => Ok(false),
            }
        })
    }
}

fn set_frequency(
    conn: &mut DbConnection,
    user_id: i64,
    frequency: ReminderFrequency,
    now: NaiveDateTime,
) -> Result<(), DieselError> {
    let updated = diesel::update(reminder_settings::table.find(user_id))
        .set((reminder_settings::frequency.eq(frequency.code()), reminder_settings::updated_at.eq(now)))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(reminder_settings::table)
            .values((
                reminder_settings::user_id.eq(user_id),
                reminder_settings::frequency.eq(frequency.code()),
                reminder_settings::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

type ProjectRow = (i64, i64, String, String, String, i64, String, Option<i64>);
type TaskRow = (i64, i64, String, String, Option<String>, Option<i32>, Option<String>, Option<String>, Option<String>);

/// Who of the batch reads each project: its owner and its joined members among `user_ids`.
#[derive(Default)]
struct Readers(HashMap<i64, Vec<i64>>);

impl Readers {
    fn of(&self, project_id: i64) -> &[i64] {
        self.0.get(&project_id).map_or(&[], Vec::as_slice)
    }

    /// Gives each reader of `project_id` its copy of `item`.
    fn share<T: Clone>(
        &self,
        out: &mut HashMap<i64, ReminderData>,
        project_id: i64,
        item: T,
        list: fn(&mut ReminderData) -> &mut Vec<T>,
    ) {
        for user in self.of(project_id) {
            list(out.entry(*user).or_default()).push(item.clone());
        }
    }
}

/// Ten queries for any number of users, projects and memberships.
fn data_for(
    conn: &mut DbConnection,
    user_ids: &[i64],
    now: NaiveDateTime,
) -> Result<HashMap<i64, ReminderData>, DieselError> {
    let mut out: HashMap<i64, ReminderData> = HashMap::new();
    // One query: the batch's own projects and those its users joined (one row per joined member
    // of the batch, none for the others), of owners subscribed at `now`.
    let project_rows: Vec<ProjectRow> = projects::table
        .inner_join(users::table)
        .left_join(
            project_members::table.on(project_members::project_id
                .eq(projects::id)
                .and(project_members::joined_at.is_not_null())
                .and(project_members::user_id.eq_any(user_ids))),
        )
        .filter(projects::owner_id.eq_any(user_ids).or(project_members::user_id.is_not_null()))
        .filter(subscribed_at!(projects::owner_id, now))
        .order(projects::id)
        .select((
            projects::id,
            projects::owner_id,
            projects::name,
            projects::work_week,
            projects::non_working_days,
            projects::waiver_threshold_cents,
            users::username,
            project_members::user_id.nullable(),
        ))
        .load(conn)?;
    let batch: HashSet<i64> = user_ids.iter().copied().collect();
    let mut readers = Readers::default();
    let mut threshold: HashMap<i64, i64> = HashMap::new();
    for (id, owner, name, week, days, waiver_threshold, owner_name, member) in project_rows {
        threshold.insert(id, waiver_threshold);
        let base = ReminderProject { id, name, calendar: calendar(&week, &days)?, shared_by: None };
        let seen = readers.0.entry(id).or_default();
        let mut add = |user: i64, shared_by: Option<String>| {
            if !seen.contains(&user) {
                seen.push(user);
                out.entry(user).or_default().projects.push(ReminderProject { shared_by, ..base.clone() });
            }
        };
        if batch.contains(&owner) {
            add(owner, None);
        }
        if let Some(member) = member.filter(|m| *m != owner) {
            add(member, Some(owner_name));
        }
    }
    // Each user's own projects first, then the shared ones, each by id.
    for data in out.values_mut() {
        data.projects.sort_by_key(|p| (p.shared_by.is_some(), p.id));
    }
    let project_ids: Vec<i64> = readers.0.keys().copied().collect();
    let task_rows: Vec<TaskRow> = tasks::table
        .filter(tasks::project_id.eq_any(&project_ids))
        .order(tasks::id)
        .select((
            tasks::id,
            tasks::project_id,
            tasks::title,
            tasks::status,
            tasks::planned_start,
            tasks::duration_days,
            tasks::actual_start,
            tasks::actual_finish,
            tasks::due_date,
        ))
        .load(conn)?;
    let mut title_of: HashMap<i64, String> = HashMap::new();
    for (id, project_id, title, status, start, duration, actual_start, actual_finish, due) in task_rows {
        title_of.insert(id, title.clone());
        let task = ReminderTask {
            project_id,
            title,
            paid: status == TaskStatus::Paid.label(),
            planned_start: optional_date(start)?,
            duration_days: duration,
            actual_start: optional_date(actual_start)?,
            actual_finish: optional_date(actual_finish)?,
            due_date: optional_date(due)?,
        };
        readers.share(&mut out, project_id, task, |d| &mut d.tasks);
    }
    let title = |task_id: i64| title_of.get(&task_id).cloned().unwrap_or_default();
    let inspection_rows: Vec<(i64, i64, String, String, String)> = inspections::table
        .filter(inspections::project_id.eq_any(&project_ids))
        .order((inspections::scheduled_on, inspections::id))
        .select((
            inspections::project_id,
            inspections::task_id,
            inspections::kind,
            inspections::scheduled_on,
            inspections::result,
        ))
        .load(conn)?;
    for (project_id, task_id, kind, on, result) in inspection_rows {
        let inspection = ReminderInspection {
            project_id,
            task_title: title(task_id),
            kind,
            scheduled_on: date(&on)?,
            passed: result == InspectionResult::Passed.code(),
        };
        readers.share(&mut out, project_id, inspection, |d| &mut d.inspections);
    }
    // The user's own contractors (their roster page needs their own subscription).
    let contractor_rows: Vec<(i64, String, Option<String>)> = contractors::table
        .filter(contractors::owner_id.eq_any(user_ids))
        .filter(subscribed_at!(contractors::owner_id, now))
        .order(contractors::id)
        .select((contractors::owner_id, contractors::name, contractors::insurance_expires))
        .load(conn)?;
    for (owner, name, expires) in contractor_rows {
        // A stored date this module cannot read reads as none: nothing to remind.
        let insurance_expires = expires.as_deref().and_then(|d| date(d).ok());
        out.entry(owner).or_default().contractors.push(ReminderContractor { name, insurance_expires });
    }
    // A bid names the project owner's contractor, whoever reads it.
    let bid_rows: Vec<(i64, i64, String, Option<String>)> = bids::table
        .inner_join(contractors::table)
        .filter(bids::project_id.eq_any(&project_ids).and(bids::status.eq(BidStatus::Pending.code())))
        .filter(bids::valid_until.is_not_null())
        .order((bids::valid_until, bids::id))
        .select((bids::project_id, bids::task_id, contractors::name, bids::valid_until))
        .load(conn)?;
    for (project_id, task_id, contractor_name, valid_until) in bid_rows {
        let bid = ReminderBid {
            project_id,
            task_title: title(task_id),
            contractor_name,
            valid_until: optional_date(valid_until)?,
            pending: true,
        };
        readers.share(&mut out, project_id, bid, |d| &mut d.bids);
    }
    for draw in open_draws(conn, &project_ids, &threshold)? {
        let project_id = draw.project_id;
        readers.share(&mut out, project_id, draw, |d| &mut d.draws);
    }
    Ok(out)
}

/// Draft and submitted draws with the number of their payments missing a lien waiver.
fn open_draws(
    conn: &mut DbConnection,
    project_ids: &[i64],
    threshold: &HashMap<i64, i64>,
) -> Result<Vec<ReminderDraw>, DieselError> {
    let open = [DrawStatus::Draft.code(), DrawStatus::Submitted.code()];
    let draw_rows: Vec<(i64, i64, i32, String)> = draws::table
        .filter(draws::project_id.eq_any(project_ids).and(draws::status.eq_any(open)))
        .order(draws::id)
        .select((draws::id, draws::project_id, draws::number, draws::requested_on))
        .load(conn)?;
    if draw_rows.is_empty() {
        return Ok(Vec::new());
    }
    let draw_ids: Vec<i64> = draw_rows.iter().map(|d| d.0).collect();
    let mut draw_projects: Vec<i64> = draw_rows.iter().map(|d| d.1).collect();
    draw_projects.sort_unstable();
    draw_projects.dedup();
    let mut lines: HashMap<i64, Vec<i64>> = HashMap::new();
    for (draw_id, task_id) in draw_items::table
        .filter(draw_items::draw_id.eq_any(&draw_ids))
        .select((draw_items::draw_id, draw_items::task_id))
        .load::<(i64, Option<i64>)>(conn)?
    {
        lines.entry(draw_id).or_default().extend(task_id);
    }
    let mut payments: HashMap<i64, Vec<WaiverPayment>> = HashMap::new();
    for (payment_id, project_id, task_id, contractor_id, amount_cents, paid_on) in task_payments::table
        .filter(task_payments::project_id.eq_any(&draw_projects))
        .order(task_payments::id)
        .select((
            task_payments::id,
            task_payments::project_id,
            task_payments::task_id,
            task_payments::contractor_id,
            task_payments::amount_cents,
            task_payments::paid_on,
        ))
        .load::<(i64, i64, i64, Option<i64>, i64, String)>(conn)?
    {
        let payment = WaiverPayment { payment_id, task_id, contractor_id, amount_cents, paid_on: date(&paid_on)? };
        payments.entry(project_id).or_default().push(payment);
    }
    let mut covers: HashMap<i64, Vec<WaiverCover>> = HashMap::new();
    for (project_id, contractor_id, payment_id, kind, status, through) in lien_waivers::table
        .filter(lien_waivers::project_id.eq_any(&draw_projects))
        .order(lien_waivers::id)
        .select((
            lien_waivers::project_id,
            lien_waivers::contractor_id,
            lien_waivers::payment_id,
            lien_waivers::kind,
            lien_waivers::status,
            lien_waivers::through_date,
        ))
        .load::<(i64, i64, Option<i64>, String, String, Option<String>)>(conn)?
    {
        covers.entry(project_id).or_default().push(WaiverCover {
            contractor_id,
            payment_id,
            kind: WaiverKind::parse(&kind).ok_or_else(|| corrupt("waiver kind"))?,
            status: WaiverState::parse(&status).ok_or_else(|| corrupt("waiver status"))?,
            through_date: optional_date(through)?,
        });
    }
    let none = Vec::new();
    draw_rows
        .into_iter()
        .map(|(id, project_id, number, requested_on)| {
            let missing = missing_waivers(
                lines.get(&id).unwrap_or(&none),
                date(&requested_on)?,
                payments.get(&project_id).map_or(&[][..], Vec::as_slice),
                threshold.get(&project_id).copied().unwrap_or(0),
                covers.get(&project_id).map_or(&[][..], Vec::as_slice),
            );
            Ok(ReminderDraw { project_id, number, open: true, waivers_missing: missing.len() })
        })
        .collect()
}
