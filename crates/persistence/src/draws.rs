//! Lender draws (docs/money.md, "Lender draws"): a draw's row and its lines, and the draws of a
//! project with what they cover of each task. Every write takes the project's lock first
//! ([`bump_version`]), reads what the draw's rules need under it (the draw as it is now, what the
//! project's other draws cover), checks them and writes, all in one transaction ([`Guarded`]), then
//! recomputes the project's drawn total (its funded draws). A draw is read with its project's
//! retainage and the paperwork it still needs (`paperwork`, a few queries per project).

mod paperwork;

use buildledger_application::error::RepoError;
use buildledger_application::ports::{DrawRepository, Rule};
use buildledger_domain::ids::{DrawId, TypedId, UserId};
use buildledger_domain::ledger::{
    work_to_date_cents, Draw, DrawContext, DrawFields, DrawItem, DrawStatus, DrawUpdate, DrawableTask, NewDraw,
    ProjectPaperwork,
};
use buildledger_domain::task::TaskStatus;
use buildledger_domain::Money;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::ledger::{corrupt, date, money, refused, Guarded};
use crate::projects::bump_version;
use crate::schema::{draw_items, draws, projects, tasks};
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = draws)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DrawRow {
    id: i64,
    project_id: i64,
    number: i32,
    requested_on: String,
    status: String,
    total_cents: i64,
    funded_cents: Option<i64>,
    funded_on: Option<String>,
    note: String,
    is_final: bool,
    inspected_on: Option<String>,
    inspector: String,
    inspection_note: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = draw_items)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DrawItemRow {
    draw_id: i64,
    task_id: Option<i64>,
    title: String,
    amount_cents: i64,
    scheduled_cents: i64,
    previous_cents: i64,
    inspected_percent_tenths: Option<i32>,
}

/// The columns a draw's fields set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = draws, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DrawChanges<'a> {
    /// `YYYY-MM-DD`.
    requested_on: String,
    status: &'static str,
    funded_cents: Option<i64>,
    /// `YYYY-MM-DD`.
    funded_on: Option<String>,
    note: &'a str,
    is_final: bool,
    /// `YYYY-MM-DD`.
    inspected_on: Option<String>,
    inspector: &'a str,
    inspection_note: &'a str,
    updated_at: NaiveDateTime,
}

impl<'a> DrawChanges<'a> {
    fn new(f: &'a DrawFields, t: NaiveDateTime) -> Self {
        DrawChanges {
            requested_on: f.requested_on.to_string(),
            status: f.status.code(),
            funded_cents: f.funded_amount.map(Money::cents),
            funded_on: f.funded_on.map(|d| d.to_string()),
            note: &f.note,
            is_final: f.is_final,
            inspected_on: f.inspected_on.map(|d| d.to_string()),
            inspector: &f.inspector,
            inspection_note: &f.inspection_note,
            updated_at: t,
        }
    }
}

/// A new draw's row.
#[derive(Insertable)]
#[diesel(table_name = draws)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewDrawRow<'a> {
    project_id: i64,
    number: i32,
    total_cents: i64,
    #[diesel(embed)]
    fields: DrawChanges<'a>,
    created_at: NaiveDateTime,
}

/// One line of a draw.
#[derive(Insertable)]
#[diesel(table_name = draw_items, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewDrawItemRow<'a> {
    draw_id: i64,
    task_id: Option<i64>,
    title: &'a str,
    amount_cents: i64,
    scheduled_cents: i64,
    previous_cents: i64,
    inspected_percent_tenths: Option<i32>,
}

fn into_draw(r: DrawRow, items: Vec<DrawItem>, retainage: i32) -> Result<Draw, DieselError> {
    Ok(Draw {
        id: r.id,
        project_id: r.project_id,
        number: r.number,
        requested_on: date(&r.requested_on)?,
        status: DrawStatus::parse(&r.status).ok_or_else(|| corrupt("draw status"))?,
        items,
        total: money(r.total_cents, "draw total")?,
        funded_amount: r.funded_cents.map(|c| money(c, "funded amount")).transpose()?,
        funded_on: r.funded_on.as_deref().map(date).transpose()?,
        note: r.note,
        is_final: r.is_final,
        inspected_on: r.inspected_on.as_deref().map(date).transpose()?,
        inspector: r.inspector,
        inspection_note: r.inspection_note,
        retainage_basis_points: retainage,
        paperwork: Default::default(),
    })
}

/// Draws with their lines, their project's retainage and the paperwork each still needs: two
/// queries whatever their number, and five per project ([`paperwork::project_paperwork`]).
fn load_draws(conn: &mut DbConnection, rows: Vec<DrawRow>) -> Result<Vec<Draw>, DieselError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let items: Vec<DrawItemRow> = draw_items::table
        .filter(draw_items::draw_id.eq_any(&ids))
        .order((draw_items::draw_id, draw_items::id))
        .select(DrawItemRow::as_select())
        .load(conn)?;
    let mut by_draw: std::collections::HashMap<i64, Vec<DrawItem>> = Default::default();
    for i in items {
        let amount = money(i.amount_cents, "draw line")?;
        by_draw.entry(i.draw_id).or_default().push(DrawItem {
            task_id: i.task_id,
            title: i.title,
            amount,
            scheduled_cents: i.scheduled_cents,
            previous_cents: i.previous_cents,
            inspected_percent_tenths: i.inspected_percent_tenths,
        });
    }
    let mut projects: std::collections::HashMap<i64, (i32, ProjectPaperwork)> = Default::default();
    for r in &rows {
        if let std::collections::hash_map::Entry::Vacant(e) = projects.entry(r.project_id) {
            e.insert(paperwork::project_paperwork(conn, r.project_id)?);
        }
    }
    rows.into_iter()
        .map(|r| {
            let items = by_draw.remove(&r.id).unwrap_or_default();
            let (retainage, work) = &projects[&r.project_id];
            let mut draw = into_draw(r, items, *retainage)?;
            let task_ids: Vec<i64> = draw.items.iter().filter_map(|i| i.task_id).collect();
            draw.paperwork = work.for_draw(&task_ids, draw.requested_on, draw.is_final);
            Ok(draw)
        })
        .collect()
}

fn load_draw(conn: &mut DbConnection, id: i64) -> Result<Draw, DieselError> {
    let row = draws::table.find(id).select(DrawRow::as_select()).first(conn)?;
    load_draws(conn, vec![row])?.pop().ok_or(DieselError::NotFound)
}

fn insert_items(conn: &mut DbConnection, draw_id: i64, items: &[DrawItem]) -> Result<(), DieselError> {
    // One statement per line: batch inserts are not available over diesel's MultiConnection,
    // and a draw has a few dozen lines at most.
    for i in items {
        diesel::insert_into(draw_items::table)
            .values(NewDrawItemRow {
                draw_id,
                task_id: i.task_id,
                title: i.title.as_str(),
                amount_cents: i.amount.cents(),
                scheduled_cents: i.scheduled_cents,
                previous_cents: i.previous_cents,
                inspected_percent_tenths: i.inspected_percent_tenths,
            })
            .execute(conn)?;
    }
    Ok(())
}

/// Recomputes the project's drawn total (its funded draws), in the transaction that changed
/// them (which has bumped the project's version: the lock).
fn recompute_drawn(conn: &mut DbConnection, project_id: i64) -> Result<(), DieselError> {
    let funded: Vec<Option<i64>> = draws::table
        .filter(draws::project_id.eq(project_id).and(draws::status.eq(DrawStatus::Funded.code())))
        .select(draws::funded_cents)
        .load(conn)?;
    let drawn = funded.into_iter().flatten().fold(0i64, |s, c| s.saturating_add(c));
    diesel::update(projects::table.find(project_id)).set(projects::drawn_cents.eq(drawn)).execute(conn)?;
    Ok(())
}

fn total_of(items: &[DrawItem]) -> i64 {
    items.iter().fold(0i64, |s, i| s.saturating_add(i.amount.cents()))
}

/// Every task of the project in board order, with its work to date, what the project's draws
/// (but `except_draw`) already cover of it, and as its scheduled value its stored committed
/// cost, else its actual cost (the use case gives the board's figure in place): two queries.
fn drawable(
    conn: &mut DbConnection,
    project_id: i64,
    except_draw: Option<i64>,
) -> Result<Vec<DrawableTask>, DieselError> {
    type TaskRow = (i64, String, String, Option<i64>, i64, Option<i64>);
    let rows: Vec<TaskRow> = tasks::table
        .filter(tasks::project_id.eq(project_id))
        .order((tasks::status, tasks::sort_key, tasks::id))
        .select((
            tasks::id,
            tasks::title,
            tasks::status,
            tasks::actual_cost_cents,
            tasks::paid_cents,
            tasks::committed_cents,
        ))
        .load(conn)?;
    let drawn: Vec<(Option<i64>, i64)> = draw_items::table
        .inner_join(draws::table)
        .filter(draws::project_id.eq(project_id).and(draws::id.ne(except_draw.unwrap_or(0))))
        .select((draw_items::task_id, draw_items::amount_cents))
        .load(conn)?;
    let mut already: std::collections::HashMap<i64, i64> = Default::default();
    for (task, amount) in drawn {
        if let Some(task) = task {
            *already.entry(task).or_default() += amount;
        }
    }
    let mut out: Vec<(usize, DrawableTask)> = rows
        .into_iter()
        .map(|(id, title, status, actual_cents, paid, committed)| {
            let status = TaskStatus::parse(&status).ok_or_else(|| corrupt("status"))?;
            let column = TaskStatus::ALL.iter().position(|s| *s == status).unwrap_or(0);
            let actual = actual_cents.and_then(Money::from_cents);
            let task = DrawableTask {
                scheduled_cents: committed.or(actual_cents).unwrap_or(0).max(0),
                task_id: id,
                title,
                work_to_date_cents: work_to_date_cents(status, actual, paid),
                already_drawn_cents: already.get(&id).copied().unwrap_or(0),
            };
            Ok((column, task))
        })
        .collect::<Result<_, DieselError>>()?;
    out.sort_by_key(|(column, _)| *column); // board order: columns as shown, stable
    Ok(out.into_iter().map(|(_, t)| t).collect())
}

/// The draw's project, taking that project's lock (the board's row lock on PostgreSQL), then
/// the draw as it is now, with the project's owner (the activity trail's actor). NotFound when
/// the draw is gone, then or meanwhile.
fn lock_draw(conn: &mut DbConnection, id: i64) -> Result<(Draw, i64), DieselError> {
    let project_id: i64 = draws::table.find(id).select(draws::project_id).first(conn)?;
    let bumped = bump_version(conn, project_id)?;
    Ok((load_draw(conn, id)?, bumped.owner_id))
}

pub struct DieselDrawRepository {
    db: Db,
}

impl DieselDrawRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl DrawRepository for DieselDrawRepository {
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Draw>, RepoError> {
        self.db.read(|conn| {
            let rows = draws::table
                .filter(draws::project_id.eq(project_id))
                .order(draws::number)
                .select(DrawRow::as_select())
                .load(conn)?;
            load_draws(conn, rows)
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: DrawId) -> Result<Option<Draw>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            let row = draws::table
                .inner_join(projects::table.on(projects::id.eq(draws::project_id)))
                .filter(draws::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select(DrawRow::as_select())
                .first(conn)
                .optional()?;
            match row {
                Some(r) => Ok(load_draws(conn, vec![r])?.pop()),
                None => Ok(None),
            }
        })
    }

    fn drawable_tasks(&self, project_id: i64, except_draw: Option<i64>) -> Result<Vec<DrawableTask>, RepoError> {
        self.db.read(|conn| drawable(conn, project_id, except_draw))
    }

    fn create(&self, project_id: i64, draw: Rule<DrawContext, NewDraw>) -> Result<Draw, RepoError> {
        self.db
            .write_project(project_id, move |conn| -> Guarded<Draw> {
                // The lock first: numbers are handed out, and what other draws cover is read, under it.
                let bumped = bump_version(conn, project_id)?;
                let ctx = DrawContext {
                    drawable: drawable(conn, project_id, None)?,
                    paperwork: paperwork::project_paperwork(conn, project_id)?.1,
                };
                let NewDraw { items, fields: f } = match draw(&ctx) {
                    Ok(new) => new,
                    Err(e) => return refused(e),
                };
                let last: Option<i32> = draws::table
                    .filter(draws::project_id.eq(project_id))
                    .select(diesel::dsl::max(draws::number))
                    .first(conn)?;
                let t = now();
                let id: i64 = diesel::insert_into(draws::table)
                    .values(NewDrawRow {
                        project_id,
                        number: last.unwrap_or(0) + 1,
                        total_cents: total_of(&items),
                        fields: DrawChanges::new(&f, t),
                        created_at: t,
                    })
                    .returning(draws::id)
                    .get_result(conn)?;
                insert_items(conn, id, &items)?;
                recompute_drawn(conn, project_id)?;
                let created = load_draw(conn, id)?;
                activity::record(conn, project_id, bumped.owner_id, [trail::draw_created(&created)])?;
                Ok(Ok(created))
            })
            .and_then(|r| r)
    }

    fn update(&self, id: i64, change: Rule<(Draw, DrawContext), DrawUpdate>) -> Result<Draw, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Draw> {
                let (current, actor) = lock_draw(conn, id)?;
                let project_id = current.project_id;
                let ctx = DrawContext {
                    drawable: drawable(conn, project_id, Some(id))?,
                    paperwork: paperwork::project_paperwork(conn, project_id)?.1,
                };
                let before = current.clone();
                let found = (current, ctx);
                let DrawUpdate { items, fields: f } = match change(&found) {
                    Ok(update) => update,
                    Err(e) => return refused(e),
                };
                if let Some(items) = &items {
                    diesel::delete(draw_items::table.filter(draw_items::draw_id.eq(id))).execute(conn)?;
                    insert_items(conn, id, items)?;
                    diesel::update(draws::table.find(id)).set(draws::total_cents.eq(total_of(items))).execute(conn)?;
                }
                diesel::update(draws::table.find(id)).set(DrawChanges::new(&f, now())).execute(conn)?;
                recompute_drawn(conn, project_id)?;
                let updated = load_draw(conn, id)?;
                activity::record(conn, project_id, actor, trail::draw_changed(&before, &updated))?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db
            .write(move |conn| -> Guarded<()> {
                let (current, actor) = lock_draw(conn, id)?;
                if let Err(e) = current.check_delete() {
                    return refused(e);
                }
                activity::record(conn, current.project_id, actor, [trail::draw_deleted(&current)])?;
                diesel::delete(draws::table.find(id)).execute(conn)?;
                recompute_drawn(conn, current.project_id).map(Ok)
            })
            .and_then(|r| r)
    }
}
