use buildledger_application::error::RepoError;
use buildledger_application::ports::ProjectRepository;
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::member::Role;
use buildledger_domain::money::Money;
use buildledger_domain::project::{ConversionOption, OwnerBuilder, Project, ProjectDetails, ProjectType, PropertyType};
use buildledger_domain::schedule::WorkWeek;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::effects::{record, Effect};
use crate::memo::Bumped;
use crate::schema::{documents, project_members, projects, users};
use crate::statements::BumpVersion;
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = projects)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub(crate) struct ProjectRow {
    id: i64,
    owner_id: i64,
    name: String,
    zip_code: String,
    project_type: String,
    property_type: Option<String>,
    units: Option<i32>,
    renovation_options: String,
    addition_options: String,
    conversion_option: Option<String>,
    square_footage: i64,
    start_date: String,
    end_date: String,
    budget_cents: i64,
    owner_builder: String,
    version: i64,
    created_at: chrono::NaiveDateTime,
    contingency_percent: i32,
    loan_amount_cents: Option<i64>,
    drawn_cents: i64,
    use_calibration: bool,
    work_week: String,
    non_working_days: String,
    monthly_carrying_cost_cents: Option<i64>,
    address: String,
    lender_name: String,
    loan_number: String,
    retainage_basis_points: i32,
    waiver_threshold_cents: i64,
}

/// A stored value that the schema's CHECK constraints should have made impossible.
fn corrupt(what: &str) -> DieselError {
    DieselError::DeserializationError(format!("invalid stored {what}").into())
}

impl ProjectRow {
    pub(crate) fn into_domain(self) -> Result<Project, DieselError> {
        let date = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| corrupt("date"));
        let list = |s: &str| serde_json::from_str::<Vec<String>>(s).map_err(|_| corrupt("option list"));
        let details = ProjectDetails {
            name: self.name,
            zip_code: self.zip_code,
            project_type: ProjectType::parse(&self.project_type).ok_or_else(|| corrupt("project_type"))?,
            property_type: self
                .property_type
                .as_deref()
                .map(|p| PropertyType::parse(p).ok_or_else(|| corrupt("property_type")))
                .transpose()?,
            units: self.units,
            renovation_options: list(&self.renovation_options)?,
            addition_options: list(&self.addition_options)?,
            conversion_option: self
                .conversion_option
                .as_deref()
                .map(|c| ConversionOption::parse(c).ok_or_else(|| corrupt("conversion_option")))
                .transpose()?,
            square_footage: self.square_footage,
            start_date: date(&self.start_date)?,
            end_date: date(&self.end_date)?,
            budget: Money::from_cents(self.budget_cents).ok_or_else(|| corrupt("budget"))?,
            owner_builder: OwnerBuilder::parse(&self.owner_builder).ok_or_else(|| corrupt("owner_builder"))?,
            contingency_percent: self.contingency_percent,
            loan_amount: self
                .loan_amount_cents
                .map(|c| Money::from_cents(c).ok_or_else(|| corrupt("loan_amount")))
                .transpose()?,
            use_calibration: self.use_calibration,
            work_week: WorkWeek::parse(&split_list(&self.work_week)).ok_or_else(|| corrupt("work_week"))?,
            non_working_days: split_list(&self.non_working_days).iter().map(|d| date(d)).collect::<Result<_, _>>()?,
            monthly_carrying_cost: self
                .monthly_carrying_cost_cents
                .map(|c| Money::from_cents(c).ok_or_else(|| corrupt("monthly_carrying_cost")))
                .transpose()?,
            address: self.address,
            lender_name: self.lender_name,
            loan_number: self.loan_number,
            retainage_basis_points: self.retainage_basis_points,
            waiver_threshold: Money::from_cents(self.waiver_threshold_cents)
                .ok_or_else(|| corrupt("waiver_threshold"))?,
        };
        Ok(Project {
            id: self.id,
            owner_id: self.owner_id,
            details,
            version: self.version,
            created_at: self.created_at,
            drawn_cents: self.drawn_cents,
        })
    }
}

#[derive(AsChangeset, Insertable, Clone)]
#[diesel(table_name = projects, treat_none_as_null = true)]
struct ProjectChanges {
    name: String,
    zip_code: String,
    project_type: &'static str,
    property_type: Option<&'static str>,
    units: Option<i32>,
    renovation_options: String,
    addition_options: String,
    conversion_option: Option<&'static str>,
    square_footage: i64,
    start_date: String,
    end_date: String,
    budget_cents: i64,
    owner_builder: &'static str,
    contingency_percent: i32,
    loan_amount_cents: Option<i64>,
    use_calibration: bool,
    work_week: String,
    non_working_days: String,
    monthly_carrying_cost_cents: Option<i64>,
    address: String,
    lender_name: String,
    loan_number: String,
    retainage_basis_points: i32,
    waiver_threshold_cents: i64,
}

/// A comma-separated column (work week codes, non-working dates) as its items.
fn split_list(raw: &str) -> Vec<String> {
    raw.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect()
}

impl From<&ProjectDetails> for ProjectChanges {
    fn from(d: &ProjectDetails) -> Self {
        ProjectChanges {
            name: d.name.clone(),
            zip_code: d.zip_code.clone(),
            project_type: d.project_type.code(),
            property_type: d.property_type.map(|p| p.code()),
            units: d.units,
            renovation_options: serde_json::to_string(&d.renovation_options).unwrap_or_else(|_| "[]".into()),
            addition_options: serde_json::to_string(&d.addition_options).unwrap_or_else(|_| "[]".into()),
            conversion_option: d.conversion_option.map(|c| c.code()),
            square_footage: d.square_footage,
            start_date: d.start_date.to_string(),
            end_date: d.end_date.to_string(),
            budget_cents: d.budget.cents(),
            owner_builder: d.owner_builder.code(),
            contingency_percent: d.contingency_percent,
            loan_amount_cents: d.loan_amount.map(Money::cents),
            use_calibration: d.use_calibration,
            work_week: d.work_week.codes().join(","),
            non_working_days: d.non_working_days.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(","),
            monthly_carrying_cost_cents: d.monthly_carrying_cost.map(Money::cents),
            address: d.address.clone(),
            lender_name: d.lender_name.clone(),
            loan_number: d.loan_number.clone(),
            retainage_basis_points: d.retainage_basis_points,
            waiver_threshold_cents: d.waiver_threshold.cents(),
        }
    }
}

/// A new project's row: its details and its first version.
#[derive(Insertable)]
#[diesel(table_name = projects)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewProjectRow {
    #[diesel(embed)]
    details: ProjectChanges,
    owner_id: i64,
    version: i64,
    created_at: chrono::NaiveDateTime,
    updated_at: chrono::NaiveDateTime,
}

/// Loads one project of an owner, or `None`.
pub(crate) fn find_owned(conn: &mut DbConnection, id: i64, owner_id: i64) -> Result<Option<Project>, DieselError> {
    projects::table
        .filter(projects::id.eq(id).and(projects::owner_id.eq(owner_id)))
        .select(ProjectRow::as_select())
        .first(conn)
        .optional()?
        .map(ProjectRow::into_domain)
        .transpose()
}

/// Marks the project changed, so board ETags and caches move on. Returns the new version, for
/// [`crate::memo::Memo::observe`] once the transaction has committed.
pub(crate) fn bump_version(conn: &mut DbConnection, project_id: i64) -> Result<Bumped, DieselError> {
    let (owner_id, version) = BumpVersion { project_id, updated_at: now() }.get_result(conn)?;
    let bumped = Bumped { project_id, owner_id, version };
    record(Effect::Version(bumped));
    Ok(bumped)
}

fn bumped(p: &Project) -> Bumped {
    Bumped { project_id: p.id, owner_id: p.owner_id, version: p.version }
}

pub struct DieselProjectRepository {
    db: Db,
}

impl DieselProjectRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ProjectRepository for DieselProjectRepository {
    fn list_for_owner(&self, owner_id: i64) -> Result<Vec<Project>, RepoError> {
        self.db.read(|conn| {
            projects::table
                .filter(projects::owner_id.eq(owner_id))
                .order(projects::id.asc())
                .select(ProjectRow::as_select())
                .load(conn)?
                .into_iter()
                .map(ProjectRow::into_domain)
                .collect()
        })
    }

    fn list_joined(&self, user_id: UserId) -> Result<Vec<(Project, Role, String)>, RepoError> {
        let user_id = user_id.get();
        self.db.read(|conn| {
            let rows: Vec<(ProjectRow, String, String)> = projects::table
                .inner_join(
                    project_members::table.on(project_members::project_id
                        .eq(projects::id)
                        .and(project_members::user_id.eq(user_id))
                        .and(project_members::joined_at.is_not_null())),
                )
                .inner_join(users::table.on(users::id.eq(projects::owner_id)))
                .order((project_members::joined_at.asc(), project_members::id.asc()))
                .select((ProjectRow::as_select(), project_members::role, users::username))
                .load(conn)?;
            rows.into_iter()
                .map(|(row, role, owner)| {
                    let role = Role::parse_member(&role).ok_or_else(|| corrupt("member role"))?;
                    Ok((row.into_domain()?, role, owner))
                })
                .collect()
        })
    }

    fn create(&self, owner_id: i64, details: &ProjectDetails) -> Result<Project, RepoError> {
        let changes = ProjectChanges::from(details);
        let project = self.db.write(move |conn| {
            let t = now();
            let id: i64 = diesel::insert_into(projects::table)
                .values(NewProjectRow { details: changes.clone(), owner_id, version: 1, created_at: t, updated_at: t })
                .returning(projects::id)
                .get_result(conn)?;
            let project = find_owned(conn, id, owner_id)?.ok_or(DieselError::NotFound)?;
            activity::record(conn, id, owner_id, [trail::project_created(&project.details)])?;
            record(Effect::Version(bumped(&project)));
            Ok(project)
        })?;
        Ok(project)
    }

    fn find_for_owner(&self, owner_id: UserId, id: ProjectId) -> Result<Option<Project>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        let ticket = self.db.memo().ticket();
        let found = self.db.read(|conn| find_owned(conn, id, owner_id))?;
        if let Some(p) = &found {
            self.db.memo().observe_read(ticket, bumped(p));
        }
        Ok(found)
    }

    fn update(&self, owner_id: UserId, id: ProjectId, details: &ProjectDetails) -> Result<Project, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        let changes = ProjectChanges::from(details);
        let project = self.db.write(move |conn| {
            let before = find_owned(conn, id, owner_id)?.ok_or(DieselError::NotFound)?;
            let n = diesel::update(projects::table.filter(projects::id.eq(id).and(projects::owner_id.eq(owner_id))))
                .set((&changes, projects::version.eq(projects::version + 1), projects::updated_at.eq(now())))
                .execute(conn)?;
            if n == 0 {
                return Err(DieselError::NotFound);
            }
            let project = find_owned(conn, id, owner_id)?.ok_or(DieselError::NotFound)?;
            activity::record(conn, id, owner_id, trail::project_updated(&before.details, &project.details))?;
            record(Effect::Version(bumped(&project)));
            Ok(project)
        })?;
        Ok(project)
    }

    fn delete(&self, owner_id: UserId, id: ProjectId) -> Result<Vec<String>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        let keys = self.db.write(move |conn| {
            find_owned(conn, id, owner_id)?.ok_or(DieselError::NotFound)?;
            let keys: Vec<String> =
                documents::table.filter(documents::project_id.eq(id)).select(documents::storage_key).load(conn)?;
            // Tasks and documents go with the project (ON DELETE CASCADE).
            diesel::delete(projects::table.find(id)).execute(conn)?;
            record(Effect::Deleted(id));
            Ok(keys)
        })?;
        Ok(keys)
    }
}
