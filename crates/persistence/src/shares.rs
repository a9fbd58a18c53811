//! Read-only share links of projects (issue 21).

use buildledger_application::error::RepoError;
use buildledger_application::ports::ShareRepository;
use buildledger_domain::ids::{ShareId, TypedId, UserId};
use buildledger_domain::share::{NewShare, Share, MAX_SHARES_PER_PROJECT};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::db::Db;
use crate::schema::project_shares;
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = project_shares)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct ShareRow {
    id: i64,
    project_id: i64,
    owner_id: i64,
    label: String,
    expires_on: Option<String>,
    include_documents: bool,
    include_bids: bool,
    include_payments: bool,
    include_draws: bool,
    created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = project_shares)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewShareRow<'a> {
    project_id: i64,
    owner_id: i64,
    label: &'a str,
    token_hash: &'a str,
    /// `YYYY-MM-DD`.
    expires_on: Option<String>,
    include_documents: bool,
    include_bids: bool,
    include_payments: bool,
    include_draws: bool,
    created_at: NaiveDateTime,
}

impl From<ShareRow> for Share {
    fn from(r: ShareRow) -> Self {
        Share {
            id: r.id,
            project_id: r.project_id,
            owner_id: r.owner_id,
            label: r.label,
            // Written by this module as `YYYY-MM-DD`; anything else reads as no end date.
            expires_on: r.expires_on.and_then(|d| NaiveDate::parse_from_str(&d, "%Y-%m-%d").ok()),
            include_documents: r.include_documents,
            include_bids: r.include_bids,
            include_payments: r.include_payments,
            include_draws: r.include_draws,
            created_at: r.created_at,
        }
    }
}

pub struct DieselShareRepository {
    db: Db,
}

impl DieselShareRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ShareRepository for DieselShareRepository {
    fn create(&self, new: &NewShare, owner_id: i64, token_hash: &str, now: NaiveDateTime) -> Result<Share, RepoError> {
        let (new, token_hash) = (new.clone(), token_hash.to_owned());
        self.db
            .write(move |conn| {
                let existing: i64 = project_shares::table
                    .filter(project_shares::project_id.eq(new.project_id))
                    .count()
                    .get_result(conn)?;
                if existing >= MAX_SHARES_PER_PROJECT {
                    return Ok(Err(RepoError::Conflict("shares".into())));
                }
                let id: i64 = diesel::insert_into(project_shares::table)
                    .values(NewShareRow {
                        project_id: new.project_id,
                        owner_id,
                        label: &new.label,
                        token_hash: &token_hash,
                        expires_on: new.expires_on.map(|d| d.format("%Y-%m-%d").to_string()),
                        include_documents: new.include_documents,
                        include_bids: new.include_bids,
                        include_payments: new.include_payments,
                        include_draws: new.include_draws,
                        created_at: now,
                    })
                    .returning(project_shares::id)
                    .get_result(conn)?;
                let share: Share = project_shares::table.find(id).select(ShareRow::as_select()).first(conn)?.into();
                activity::record(conn, share.project_id, owner_id, [trail::share_created(&share)])?;
                Ok(Ok(share))
            })
            .and_then(|created| created)
    }

    fn list_for_project(&self, project_id: i64) -> Result<Vec<Share>, RepoError> {
        self.db.read(|conn| {
            project_shares::table
                .filter(project_shares::project_id.eq(project_id))
                .order(project_shares::id.asc())
                .select(ShareRow::as_select())
                .load(conn)
                .map(|rows| rows.into_iter().map(Share::from).collect())
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: ShareId) -> Result<Option<Share>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            project_shares::table
                .filter(project_shares::id.eq(id).and(project_shares::owner_id.eq(owner_id)))
                .select(ShareRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Share::from))
        })
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let share: Share = project_shares::table.find(id).select(ShareRow::as_select()).first(conn)?.into();
            match diesel::delete(project_shares::table.find(id)).execute(conn)? {
                0 => Err(DieselError::NotFound),
                _ => activity::record(conn, share.project_id, share.owner_id, [trail::share_revoked(&share)]),
            }
        })
    }

    fn find_by_token_hash(&self, token_hash: &str) -> Result<Option<Share>, RepoError> {
        self.db.read(|conn| {
            project_shares::table
                .filter(project_shares::token_hash.eq(token_hash))
                .select(ShareRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Share::from))
        })
    }
}
