use buildledger_application::error::RepoError;
use buildledger_application::ports::{DocumentRepository, NewDocument};
use buildledger_domain::document::Document;
use buildledger_domain::ids::{DocumentId, ProjectId, TypedId, UserId};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::now;
use crate::db::Db;
use crate::projects::bump_version;
use crate::schema::{documents, projects, tasks};
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = documents)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DocumentRow {
    id: i64,
    task_id: i64,
    project_id: i64,
    owner_id: i64,
    name: String,
    content_type: String,
    size_bytes: i64,
    storage_key: String,
    uploaded_at: chrono::NaiveDateTime,
}

impl From<DocumentRow> for Document {
    fn from(r: DocumentRow) -> Self {
        Document {
            id: r.id,
            task_id: r.task_id,
            project_id: r.project_id,
            owner_id: r.owner_id,
            name: r.name,
            content_type: r.content_type,
            size_bytes: r.size_bytes,
            storage_key: r.storage_key,
            uploaded_at: r.uploaded_at,
        }
    }
}

/// A new document's row.
#[derive(Insertable)]
#[diesel(table_name = documents)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewDocumentRow<'a> {
    task_id: i64,
    project_id: i64,
    owner_id: i64,
    name: &'a str,
    content_type: &'a str,
    size_bytes: i64,
    storage_key: &'a str,
    uploaded_at: chrono::NaiveDateTime,
}

pub struct DieselDocumentRepository {
    db: Db,
}

impl DieselDocumentRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl DocumentRepository for DieselDocumentRepository {
    fn create(&self, doc: &NewDocument) -> Result<Document, RepoError> {
        let doc = doc.clone();
        self.db.write(move |conn| {
            // The task's project and owner, read in the same transaction as the insert.
            let (project_id, owner_id): (i64, i64) = tasks::table
                .inner_join(projects::table)
                .filter(tasks::id.eq(doc.task_id))
                .select((projects::id, projects::owner_id))
                .first(conn)?;
            let id: i64 = diesel::insert_into(documents::table)
                .values(NewDocumentRow {
                    task_id: doc.task_id,
                    project_id,
                    owner_id,
                    name: &doc.name,
                    content_type: &doc.content_type,
                    size_bytes: doc.size_bytes,
                    storage_key: &doc.storage_key,
                    uploaded_at: now(),
                })
                .returning(documents::id)
                .get_result(conn)?;
            let bumped = bump_version(conn, project_id)?;
            let title = activity::task_title(conn, doc.task_id)?;
            let entry = trail::document_uploaded(doc.task_id, &doc.name, &title);
            activity::record(conn, project_id, bumped.owner_id, [entry])?;
            documents::table.find(id).select(DocumentRow::as_select()).first(conn).map(Document::from)
        })
    }

    fn list_for_task(&self, task_id: i64) -> Result<Vec<Document>, RepoError> {
        self.db.read(|conn| {
            documents::table
                .filter(documents::task_id.eq(task_id))
                .order(documents::id.asc())
                .select(DocumentRow::as_select())
                .load(conn)
                .map(|rows| rows.into_iter().map(Document::from).collect())
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: DocumentId) -> Result<Option<Document>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            documents::table
                .filter(documents::id.eq(id).and(documents::owner_id.eq(owner_id)))
                .select(DocumentRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Document::from))
        })
    }

    fn find(&self, id: i64) -> Result<Option<Document>, RepoError> {
        self.db.read(|conn| {
            documents::table
                .find(id)
                .select(DocumentRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Document::from))
        })
    }

    fn delete(&self, id: i64) -> Result<String, RepoError> {
        self.db.write(move |conn| {
            let (key, project_id, task_id, name): (String, i64, i64, String) = documents::table
                .find(id)
                .select((documents::storage_key, documents::project_id, documents::task_id, documents::name))
                .first(conn)?;
            let n = diesel::delete(documents::table.find(id)).execute(conn)?;
            if n == 0 {
                return Err(DieselError::NotFound);
            }
            let bumped = bump_version(conn, project_id)?;
            let title = activity::task_title(conn, task_id)?;
            activity::record(conn, project_id, bumped.owner_id, [trail::document_deleted(task_id, &name, &title)])?;
            Ok(key)
        })
    }

    fn rename(&self, id: i64, name: &str) -> Result<Document, RepoError> {
        let name = name.to_owned();
        self.db.write(move |conn| {
            let before: String = documents::table.find(id).select(documents::name).first(conn)?;
            let n = diesel::update(documents::table.find(id)).set(documents::name.eq(&name)).execute(conn)?;
            if n == 0 {
                return Err(DieselError::NotFound);
            }
            let row = documents::table.find(id).select(DocumentRow::as_select()).first(conn)?;
            let bumped = bump_version(conn, row.project_id)?;
            if before != row.name {
                let title = activity::task_title(conn, row.task_id)?;
                let entry = trail::document_renamed(row.task_id, &before, &row.name, &title);
                activity::record(conn, row.project_id, bumped.owner_id, [entry])?;
            }
            Ok(Document::from(row))
        })
    }

    fn list_for_owner(&self, owner_id: i64) -> Result<Vec<Document>, RepoError> {
        self.db.read(|conn| {
            documents::table
                .filter(documents::owner_id.eq(owner_id))
                .order((documents::task_id, documents::id))
                .select(DocumentRow::as_select())
                .load(conn)
                .map(|rows| rows.into_iter().map(Document::from).collect())
        })
    }

    fn list_for_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Document>, RepoError> {
        let (project_id, owner_id) = (project_id.get(), owner_id.get());
        self.db.read(|conn| {
            documents::table
                .filter(documents::project_id.eq(project_id).and(documents::owner_id.eq(owner_id)))
                .order((documents::task_id, documents::id))
                .select(DocumentRow::as_select())
                .load(conn)
                .map(|rows| rows.into_iter().map(Document::from).collect())
        })
    }

    fn total_bytes_for_owner(&self, owner_id: i64) -> Result<i64, RepoError> {
        self.db.read(|conn| {
            // SUM(BIGINT) is NUMERIC on PostgreSQL and INTEGER on SQLite: cast to one type.
            documents::table
                .filter(documents::owner_id.eq(owner_id))
                .select(diesel::dsl::sql::<diesel::sql_types::BigInt>("CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT)"))
                .first(conn)
        })
    }
}
