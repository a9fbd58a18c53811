//! The full stack under test: the real `AppState` (as `crates/buildledger/src/wiring.rs`
//! builds it) over a temporary SQLite file and a temporary documents folder, served by
//! actix's test service.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::http::Method;
use actix_web::test::{self, TestRequest};
use actix_web::web::Bytes;
use buildledger_application::accounts::AccountService;
use buildledger_application::documents::DocumentService;
use buildledger_application::payments::ports::SubscriptionRepository;
use buildledger_application::payments::AccessService;
use buildledger_application::ports::{Clock, CostRates, DocumentStore, SystemClock};
use buildledger_application::projects::ProjectService;
use buildledger_application::tasks::TaskService;
use buildledger_domain::cost::CostCatalogue;
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::MaterialQuality;
use buildledger_http::{AppState, PublicConfig};
use buildledger_persistence::payments::DieselPaymentsRepository;
use buildledger_persistence::{
    Db, DieselDocumentRepository, DieselProjectRepository, DieselTaskRepository, DieselUserRepository,
    LocalDocumentStore,
};
use buildledger_security::{Argon2Hasher, HmacLinkSigner, JwtIssuer, TokenLifetimes};
use serde_json::{json, Value};

pub const PASSWORD: &str = "correct horse battery";
pub const SECRET: &[u8] = b"test-secret-test-secret-test-secret-0123456789";
pub const INDEX_HTML: &str = "<!doctype html><html><head><title>BuildLedger test shell</title></head><body><div id=\"root\"></div></body></html>";

/// The cost catalogue shipped in the binary, as the tasks' rate port (as in wiring.rs).
struct CatalogueRates(&'static CostCatalogue);

impl CostRates for CatalogueRates {
    fn regional_rate_cents(&self, title: &str, quality: MaterialQuality, zip_code: &str) -> Option<i64> {
        self.0.regional_rate_cents(title, quality, zip_code)
    }
}

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
}

impl TestApp {
    pub async fn new() -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("test.sqlite3").display());
        let db = Db::connect(&url, 4).unwrap();
        db.run_migrations().unwrap();
        let dist = dir.path().join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(dist.join("index.html"), INDEX_HTML).unwrap();
        let state = app_state(&db, dir.path());
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
        TestApp { call, db, dir }
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
        DieselPaymentsRepository::new(self.db.clone()).upsert(&sub).unwrap();
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

/// The real application state, built like `crates/buildledger/src/wiring.rs` does.
fn app_state(db: &Db, data_dir: &Path) -> AppState {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store: Arc<dyn DocumentStore> = Arc::new(LocalDocumentStore::new(data_dir.join("documents")).unwrap());
    let users = Arc::new(DieselUserRepository::new(db.clone()));
    let projects = Arc::new(DieselProjectRepository::new(db.clone()));
    let tasks = Arc::new(DieselTaskRepository::new(db.clone()));
    let documents = Arc::new(DieselDocumentRepository::new(db.clone()));
    let payments_repo = Arc::new(DieselPaymentsRepository::new(db.clone()));
    let payments = local_payments(db, payments_repo.clone(), clock.clone());
    let tokens = JwtIssuer::new(SECRET, TokenLifetimes::default()).unwrap();
    let signer = Arc::new(HmacLinkSigner::new(SECRET, 15 * 60));
    let rates = Arc::new(CatalogueRates(CostCatalogue::embedded()));
    let health_db = db.clone();
    AppState {
        accounts: AccountService::new(users, Arc::new(Argon2Hasher::with_params(1024, 1, 1)), Arc::new(tokens)),
        access: AccessService::new(payments_repo, clock.clone()),
        payments,
        projects: ProjectService::new(projects.clone(), store.clone()),
        tasks: TaskService::new(projects, tasks.clone(), store.clone(), rates),
        documents: DocumentService::new(tasks, documents, store, signer, clock),
        config: PublicConfig {
            support_email: "support@example.com".to_owned(),
            stripe_publishable_key: None,
            stripe_price_id: "price_local_monthly".to_owned(),
            payments_mode: "local",
        },
        frontend_dist: Some(data_dir.join("dist")),
        upload_tmp: data_dir.join("tmp"),
        health: Arc::new(move || health_db.ping()),
        login_throttle: Arc::new(buildledger_http::throttle::LoginThrottle::new(
            buildledger_http::throttle::Limits::default(),
        )),
        board_cache: Arc::new(buildledger_http::tasks::BoardCache::default()),
    }
}

/// The signing secret of the test webhook endpoint.
pub const WEBHOOK_SECRET: &str = "whsec_buildledger_test";

/// The payments use cases in local mode (as wiring.rs builds them without a Stripe key),
/// with a webhook secret so webhook deliveries can be tested too.
fn local_payments(
    db: &Db,
    repo: Arc<DieselPaymentsRepository>,
    clock: Arc<dyn Clock>,
) -> buildledger_http::payments::PaymentsState {
    let users = Arc::new(DieselUserRepository::new(db.clone()));
    let verifier = Arc::new(buildledger_payments_stripe::StripeWebhookVerifier::new(Some(WEBHOOK_SECRET.to_owned())));
    let config = buildledger_application::payments::PaymentsConfig {
        price_id: "price_local_monthly".to_owned(),
        public_url: "http://localhost:8080".to_owned(),
    };
    let (service, local) = buildledger_application::payments::wire(repo, users, None, verifier, clock, config);
    buildledger_http::payments::PaymentsState::new(service, local)
}
