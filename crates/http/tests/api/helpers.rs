//! The full stack under test: the application as `main` builds it (`buildledger::wiring`), from
//! test settings (a temporary `DATA_DIR`, an `index.html` shell, a fixed JWT secret, cheap
//! password hashes, a webhook secret), over a fresh database of the run's backend, served by
//! actix's test service. The `api` test binary runs on SQLite; `api_postgres` runs the same
//! tests on PostgreSQL when `TEST_POSTGRES_URL` is set (a database per test, dropped after).

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::rc::Rc;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::http::Method;
use actix_web::test::{self, TestRequest};
use actix_web::web::Bytes;
use buildledger::settings::{PasswordHashing, Settings};
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::subscription::Subscription;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::Db;
use diesel::connection::SimpleConnection;
use diesel::Connection;
use serde_json::{json, Value};

pub const PASSWORD: &str = "correct horse battery";
pub const JWT_SECRET: &str = "test-secret-test-secret-test-secret-0123456789";
pub const SECRET: &[u8] = JWT_SECRET.as_bytes();
/// The signing secret of the test webhook endpoint.
pub const WEBHOOK_SECRET: &str = "whsec_buildledger_test";
pub const INDEX_HTML: &str = "<!doctype html><html><head><title>BuildLedger test shell</title></head><body><div id=\"root\"></div></body></html>";

/// A response, read completely.
pub struct Res {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Res {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.get(name).map(|v| v.to_str().unwrap().to_owned())
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    /// Asserts the status and the error code of a JSON error body; returns the body.
    #[track_caller]
    pub fn assert_error(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status, status, "body: {}", self.text());
        let body = self.json();
        assert_eq!(body["error"], code, "body: {body}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "message missing: {body}");
        body
    }
    /// Asserts a status and returns the JSON body.
    #[track_caller]
    pub fn ok_json(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "body: {}", self.text());
        self.json()
    }
}

type Call = Rc<dyn Fn(TestRequest) -> Pin<Box<dyn Future<Output = Res>>>>;

/// A logged-in user (with or without a subscription).
pub struct User {
    pub id: i64,
    pub username: String,
    pub access: String,
    pub refresh: String,
}

pub struct TestApp {
    call: Call,
    pub db: Db,
    dir: tempfile::TempDir,
    /// Dropped last: a PostgreSQL database is dropped after the pool that uses it.
    _database: TestDatabase,
}

impl TestApp {
    pub async fn new() -> TestApp {
        Self::with_settings(|_| {}).await
    }

    /// A test app whose settings `change` adjusts first (an SMTP server, trusted proxies...).
    pub async fn with_settings(change: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let dist = dir.path().join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(dist.join("index.html"), INDEX_HTML).unwrap();
        std::fs::create_dir_all(dist.join("assets")).unwrap();
        std::fs::write(dist.join("assets/app-abc123.js"), "export const app = 1;\n").unwrap();
        std::fs::write(dist.join("assets/logo-abc123.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
        let database = TestDatabase::create(dir.path());
        let mut settings = test_settings(dir.path(), &database.url);
        change(&mut settings);
        let (db, state) = buildledger::wiring::build(&settings).unwrap();
        let svc = Rc::new(test::init_service(buildledger_http::app(state)).await);
        let call: Call = Rc::new(move |req: TestRequest| {
            let svc = svc.clone();
            Box::pin(async move {
                let res: ServiceResponse<_> = match svc.call(req.to_request()).await {
                    Ok(r) => r.map_into_boxed_body(),
                    Err(e) => panic!("service error: {e}"),
                };
                let status = res.status().as_u16();
                let headers = res.headers().clone();
                let body = actix_web::body::to_bytes(res.into_body())
                    .await
                    .unwrap_or_else(|_| panic!("body could not be read"));
                Res { status, headers, body }
            })
        });
        TestApp { call, db, dir, _database: database }
    }

    /// Where mail goes without `SMTP_URL`.
    pub fn outbox_dir(&self) -> PathBuf {
        self.dir.path().join("outbox")
    }

    pub fn documents_dir(&self) -> PathBuf {
        self.dir.path().join("documents")
    }

    /// Files left in the upload spool folder.
    pub fn spooled_files(&self) -> usize {
        std::fs::read_dir(self.dir.path().join("tmp")).map(|rd| rd.count()).unwrap_or(0)
    }

    /// Every stored document file.
    pub fn stored_files(&self) -> Vec<PathBuf> {
        fn walk(p: &Path, out: &mut Vec<PathBuf>) {
            if let Ok(rd) = std::fs::read_dir(p) {
                for e in rd.flatten() {
                    let path = e.path();
                    if path.is_dir() {
                        walk(&path, out);
                    } else {
                        out.push(path);
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.documents_dir(), &mut out);
        out
    }

    pub async fn send(&self, req: TestRequest) -> Res {
        (self.call)(req).await
    }

    pub async fn get(&self, path: &str) -> Res {
        self.send(TestRequest::get().uri(path)).await
    }

    /// A JSON request, with `Authorization: Bearer <token>` when a token is given.
    pub async fn json(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Res {
        let mut req = TestRequest::default().method(method).uri(path);
        if let Some(t) = token {
            req = req.insert_header(("Authorization", format!("Bearer {t}")));
        }
        if let Some(b) = body {
            req = req.set_json(b);
        }
        self.send(req).await
    }

    /// A JSON request of the given user.
    pub async fn authed_json(&self, method: Method, path: &str, user: &User, body: Option<Value>) -> Res {
        self.json(method, path, Some(&user.access), body).await
    }

    pub async fn authed_get(&self, path: &str, user: &User) -> Res {
        self.authed_json(Method::GET, path, user, None).await
    }

    pub async fn post_json(&self, path: &str, body: Value) -> Res {
        self.json(Method::POST, path, None, Some(body)).await
    }

    /// Registers `username` (email `username@example.com`); returns the user id.
    pub async fn register(&self, username: &str) -> i64 {
        let res = self
            .post_json(
                "/api/register/",
                json!({"username": username, "email": format!("{username}@example.com"), "password": PASSWORD}),
            )
            .await;
        res.ok_json(201)["id"].as_i64().unwrap()
    }

    /// Logs in; returns (access, refresh).
    pub async fn login(&self, username: &str) -> (String, String) {
        let res = self.post_json("/api/token/", json!({"username": username, "password": PASSWORD})).await;
        let body = res.ok_json(200);
        (body["access"].as_str().unwrap().to_owned(), body["refresh"].as_str().unwrap().to_owned())
    }

    /// Gives the user an active subscription (one month).
    pub fn subscribe(&self, user_id: i64) {
        let now = chrono::Utc::now().naive_utc();
        let sub = Subscription {
            user_id,
            customer_id: Some(format!("cus_test_{user_id}")),
            subscription_id: Some(format!("sub_test_{user_id}")),
            status: "active".to_owned(),
            current_period_end: Some(now + chrono::Duration::days(30)),
            cancel_at_period_end: false,
            updated_at: now,
        };
        DieselSubscriptionRepository::new(self.db.clone()).upsert(&sub).unwrap();
    }

    /// A registered, logged-in user without a subscription.
    pub async fn unsubscribed_user(&self, username: &str) -> User {
        let id = self.register(username).await;
        let (access, refresh) = self.login(username).await;
        User { id, username: username.to_owned(), access, refresh }
    }

    /// A registered, logged-in, subscribed user.
    pub async fn user(&self, username: &str) -> User {
        let u = self.unsubscribed_user(username).await;
        self.subscribe(u.id);
        u
    }

    /// Creates a valid project (overridden by the fields of `overrides`); returns its JSON.
    pub async fn create_project(&self, user: &User, overrides: Value) -> Value {
        let mut body = project_body();
        for (k, v) in overrides.as_object().unwrap() {
            body[k] = v.clone();
        }
        self.authed_json(Method::POST, "/api/projects/", user, Some(body)).await.ok_json(201)
    }

    pub async fn create_task(&self, user: &User, project_id: i64, body: Value) -> Value {
        let mut b = body;
        b["project"] = json!(project_id);
        self.authed_json(Method::POST, "/api/tasks/", user, Some(b)).await.ok_json(201)
    }

    /// `POST /api/documents/` with the given parts.
    pub async fn upload_parts(&self, token: Option<&str>, parts: &[Part<'_>]) -> Res {
        let (content_type, body) = multipart(parts);
        let mut req =
            TestRequest::post().uri("/api/documents/").insert_header(("Content-Type", content_type)).set_payload(body);
        if let Some(t) = token {
            req = req.insert_header(("Authorization", format!("Bearer {t}")));
        }
        self.send(req).await
    }

    /// Uploads one file to a task.
    pub async fn upload(&self, user: &User, task_id: i64, filename: &str, bytes: &[u8]) -> Res {
        let task = task_id.to_string();
        self.upload_parts(Some(&user.access), &[Part::Field("task", &task), Part::File("file", filename, bytes)]).await
    }
}

/// One part of a multipart body.
pub enum Part<'a> {
    Field(&'a str, &'a str),
    File(&'a str, &'a str, &'a [u8]),
}

pub const BOUNDARY: &str = "----buildledger-test-boundary-7MA4YWxkTrZu0gW";

/// Builds a `multipart/form-data` body; returns (content type, body).
pub fn multipart(parts: &[Part<'_>]) -> (String, Vec<u8>) {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match part {
            Part::Field(name, value) => {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
                );
            }
            Part::File(name, filename, bytes) => {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                        .as_bytes(),
                );
                body.extend_from_slice(bytes);
                body.extend_from_slice(b"\r\n");
            }
        }
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={BOUNDARY}"), body)
}

/// A small but well-formed PDF.
pub const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/// A valid create-project body (new home, single family, Austin).
pub fn project_body() -> Value {
    json!({
        "name": "Lake house",
        "zip_code": "78701",
        "project_type": "new_home_build",
        "property_type": "single_family",
        "units": null,
        "renovation_options": null,
        "addition_options": null,
        "conversion_option": null,
        "square_footage": 2400,
        "start_date": "2026-01-05",
        "end_date": "2026-12-20",
        "budget": 450000,
        "owner_builder": "yes_owner_builder"
    })
}

/// The settings of a test app in `dir`: what `main` would run with `DATA_DIR=dir`, on port 0,
/// with a fixed JWT secret, a webhook secret, the test `index.html` and cheap password hashes.
pub fn test_settings(dir: &Path, database_url: &str) -> Settings {
    let mut settings = Settings::new(dir, JWT_SECRET);
    settings.bind_addr = "127.0.0.1:0".to_owned();
    settings.database_url = database_url.to_owned();
    settings.db_pool_size = 4;
    settings.frontend_dist = dir.join("dist");
    settings.support_email = "support@example.com".to_owned();
    settings.price_id = "price_local_monthly".to_owned();
    settings.public_url = "http://localhost:8080".to_owned();
    settings.webhook_secret = Some(WEBHOOK_SECRET.to_owned());
    settings.password_hashing = PasswordHashing::TESTS_ONLY;
    // No reminder job: a test runs a pass itself (`reminder_job`) when it wants one.
    settings.reminder_hour = None;
    settings
}

/// An empty database of this test binary's backend (`crate::ON_POSTGRES`); a PostgreSQL one
/// is dropped with this value (as `crates/persistence/tests/repos/helpers.rs` does).
pub struct TestDatabase {
    pub url: String,
    pg_drop: Option<(String, String)>,
}

impl TestDatabase {
    /// SQLite: a file in `dir`. PostgreSQL: `CREATE DATABASE` beside `TEST_POSTGRES_URL`'s.
    pub fn create(dir: &Path) -> TestDatabase {
        let Some(admin_url) = postgres_url() else {
            let url = format!("sqlite://{}", dir.join("test.sqlite3").display());
            return TestDatabase { url, pg_drop: None };
        };
        let template = pg_template(&admin_url);
        let name = format!("bl_api_{}_{}", std::process::id(), rand_suffix());
        let mut admin =
            diesel::pg::PgConnection::establish(&admin_url).expect("TEST_POSTGRES_URL must reach PostgreSQL");
        admin.batch_execute(&format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\"")).unwrap();
        // Commits need not wait for the disk: nothing here survives the test.
        let url = format!("{}?options=-csynchronous_commit%3Doff", sibling_url(&admin_url, &name));
        TestDatabase { url, pg_drop: Some((admin_url, name)) }
    }
}

/// `url` with its database replaced by `name`.
fn sibling_url(url: &str, name: &str) -> String {
    match url.rsplit_once('/') {
        Some((base, _)) => format!("{base}/{name}"),
        None => panic!("TEST_POSTGRES_URL needs a database path"),
    }
}

/// A migrated database that each test database copies (`CREATE DATABASE .. TEMPLATE`), so tests
/// do not run the migrations themselves. Named after the PostgreSQL migrations' text and kept
/// between runs, as crates.io's test databases are; a change of migrations makes a new one.
fn pg_template(admin_url: &str) -> &'static str {
    static NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NAME.get_or_init(|| {
        use diesel::sql_types::Text;
        use diesel::RunQueryDsl;
        use diesel_migrations::MigrationHarness;

        #[derive(diesel::QueryableByName)]
        struct Found {
            #[diesel(sql_type = Text)]
            #[allow(dead_code)]
            datname: String,
        }

        let name = format!("bl_api_template_{:016x}", migrations_fingerprint());
        let mut admin =
            diesel::pg::PgConnection::establish(admin_url).expect("TEST_POSTGRES_URL must reach PostgreSQL");
        // One builder at a time, across test processes too.
        admin.batch_execute("SELECT pg_advisory_lock(726354101)").unwrap();
        let found: Vec<Found> = diesel::sql_query("SELECT datname FROM pg_database WHERE datname = $1")
            .bind::<Text, _>(&name)
            .load(&mut admin)
            .unwrap();
        if found.is_empty() {
            // Built under another name, then renamed: a half-built template is never used.
            let building = format!("{name}_building");
            admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{building}\" WITH (FORCE)")).unwrap();
            admin.batch_execute(&format!("CREATE DATABASE \"{building}\"")).unwrap();
            let mut conn = diesel::pg::PgConnection::establish(&sibling_url(admin_url, &building)).unwrap();
            conn.run_pending_migrations(buildledger_persistence::db::POSTGRES_MIGRATIONS).unwrap();
            drop(conn);
            admin.batch_execute(&format!("ALTER DATABASE \"{building}\" RENAME TO \"{name}\"")).unwrap();
        }
        admin.batch_execute("SELECT pg_advisory_unlock(726354101)").unwrap();
        name
    })
}

/// FNV-1a of the PostgreSQL migrations' directory names and SQL, in order.
fn migrations_fingerprint() -> u64 {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/postgres");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for dir in dirs {
        let mut bytes = dir.file_name().unwrap().as_encoded_bytes().to_vec();
        bytes.extend(std::fs::read(dir.join("up.sql")).unwrap_or_default());
        for b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((admin_url, name)) = self.pg_drop.take() {
            if let Ok(mut c) = diesel::pg::PgConnection::establish(&admin_url) {
                let _ = c.batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"));
            }
        }
    }
}

/// `TEST_POSTGRES_URL` in the PostgreSQL binary; `None` (SQLite) otherwise.
fn postgres_url() -> Option<String> {
    if !crate::ON_POSTGRES {
        return None;
    }
    std::env::var("TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty())
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos());
    h.finish()
}
