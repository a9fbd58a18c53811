//! Durability of the real binary, bounded to a few seconds for `make test` (the long version is
//! `make kill`, scripts/reliability/kill.py; figures in docs/reliability.md):
//!
//! - SIGKILL in the middle of a concurrent write load, restart: every acknowledged (2xx) write is
//!   there and `PRAGMA integrity_check` answers `ok`;
//! - SIGTERM while a request is in flight: the request completes, the process exits cleanly, and
//!   the write is there after a restart.
//!
//! The server runs on SQLite in a temporary DATA_DIR, spoken to over plain HTTP/1.1.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const SECRET: &str = "durability-test-secret-0123456789abcdef-0123456789";

struct Server {
    child: Child,
    port: u16,
    log: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Server {
    fn start(data_dir: &Path, port: u16) -> Server {
        static STARTS: AtomicUsize = AtomicUsize::new(0);
        let log = data_dir.join(format!("server-{}.log", STARTS.fetch_add(1, Ordering::SeqCst)));
        let out = std::fs::File::create(&log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_buildledger"))
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DATA_DIR", data_dir)
            .env("BIND_ADDR", format!("127.0.0.1:{port}"))
            .env("JWT_SECRET", SECRET)
            .env("FRONTEND_DIST", data_dir.join("no-frontend"))
            .env("RUST_LOG", "warn")
            .current_dir(data_dir)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .expect("cannot start the buildledger binary");
        let mut server = Server { child, port, log };
        server.wait_ready();
        server
    }

    fn wait_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!("server exited at start ({status}):\n{}", self.log_text());
            }
            if matches!(call(self.port, "GET", "/healthz", None, None), Ok((200, _))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("server not ready after 60 s:\n{}", self.log_text());
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    fn sigkill(&mut self) {
        self.child.kill().unwrap(); // SIGKILL on Unix
        self.child.wait().unwrap();
    }

    fn sigterm(&self) {
        let ok = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap().success();
        assert!(ok, "kill -TERM failed");
    }

    fn wait_exit(&mut self, within: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "server still running {within:?} after SIGTERM:\n{}", self.log_text());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request on a new connection (`Connection: close`): status and body.
fn call(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
    s.write_all(head.as_bytes())?;
    s.write_all(body.as_bytes())?;
    read_response(&mut s)
}

fn read_response(s: &mut TcpStream) -> std::io::Result<(u16, String)> {
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "no complete response"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other("bad status line"))?;
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase().starts_with("transfer-encoding:") && l.to_ascii_lowercase().contains("chunked")
    });
    let body = if chunked { dechunk(body) } else { body.to_owned() };
    Ok((status, body))
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

fn json_call(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<&Value>, expect: u16) -> Value {
    let (status, text) = call(port, method, path, token, body).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    assert_eq!(status, expect, "{method} {path}: {text}");
    if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap()
    }
}

/// Registers, logs in, subscribes (local payments) and makes a project: `(token, project id)`.
fn seed(port: u16, username: &str) -> (String, i64) {
    json_call(
        port,
        "POST",
        "/api/register/",
        None,
        Some(
            &json!({"username": username, "email": format!("{username}@example.com"), "password": "correct horse battery"}),
        ),
        201,
    );
    let token = login(port, username);
    let price = json_call(port, "GET", "/api/config/", None, None, 200)["stripe_price_id"].as_str().unwrap().to_owned();
    let session = json_call(
        port,
        "POST",
        "/payments/create-checkout-session/",
        Some(&token),
        Some(&json!({"priceId": price})),
        200,
    )["sessionId"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, text) =
        call(port, "POST", &format!("/payments/local-checkout/{session}/complete/"), Some(&token), Some(&json!({})))
            .unwrap();
    assert!((200..400).contains(&status), "checkout completion: {status} {text}"); // 303 to the success page
    let project = json_call(
        port,
        "POST",
        "/api/projects/",
        Some(&token),
        Some(
            &json!({"name": "Durability", "zip_code": "78701", "project_type": "new_home_build", "property_type": "single_family",
            "units": null, "renovation_options": null, "addition_options": null, "conversion_option": null, "square_footage": 2400,
            "start_date": "2026-01-05", "end_date": "2026-12-20", "budget": 450000, "owner_builder": "yes_owner_builder"}),
        ),
        201,
    );
    (token, project["id"].as_i64().unwrap())
}

fn login(port: u16, username: &str) -> String {
    json_call(
        port,
        "POST",
        "/api/token/",
        None,
        Some(&json!({"username": username, "password": "correct horse battery"})),
        200,
    )["access"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn integrity_check(db: &Path) -> String {
    use diesel::prelude::*;
    use diesel::sql_types::Text;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        integrity_check: String,
    }
    let mut conn = diesel::SqliteConnection::establish(db.to_str().unwrap()).unwrap();
    let rows: Vec<Row> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn).unwrap();
    rows.into_iter().map(|r| r.integrity_check).collect::<Vec<_>>().join("; ")
}

/// What the load saw acknowledged.
#[derive(Default)]
struct Acked {
    /// task id -> title, for every 201 of a create.
    created: HashMap<i64, String>,
    /// task id -> highest description version answered 200.
    patched: HashMap<i64, u64>,
}

#[test]
fn acknowledged_writes_survive_sigkill_and_the_database_stays_intact() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = Server::start(dir.path(), port);
    let (token, project) = seed(port, "durable");

    let acked = Arc::new(Mutex::new(Acked::default()));
    let killed = Arc::new(AtomicBool::new(false));
    let unexpected = Arc::new(Mutex::new(Vec::<String>::new()));
    let writes = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..6)
        .map(|w| {
            let (acked, killed, unexpected, writes, token) =
                (acked.clone(), killed.clone(), unexpected.clone(), writes.clone(), token.clone());
            std::thread::spawn(move || {
                let mut mine: Vec<i64> = Vec::new();
                let mut version = 0u64;
                for i in 0.. {
                    if killed.load(Ordering::SeqCst) {
                        break;
                    }
                    // Two creates, then a PATCH of one of this worker's tasks, and so on.
                    let result = if i % 3 != 2 || mine.is_empty() {
                        let title = format!("w{w}-task-{i}");
                        call(
                            port,
                            "POST",
                            "/api/tasks/",
                            Some(&token),
                            Some(&json!({"project": project, "title": title, "description": "v0"})),
                        )
                        .map(|(status, body)| {
                            if status == 201 {
                                let id = serde_json::from_str::<Value>(&body).unwrap()["id"].as_i64().unwrap();
                                mine.push(id);
                                acked.lock().unwrap().created.insert(id, title);
                            }
                            (status, body)
                        })
                    } else {
                        version += 1;
                        let id = mine[(i as usize * 7) % mine.len()];
                        call(
                            port,
                            "PATCH",
                            &format!("/api/tasks/{id}/"),
                            Some(&token),
                            Some(&json!({"description": format!("v{version}")})),
                        )
                        .inspect(|(status, _)| {
                            if *status == 200 {
                                let mut a = acked.lock().unwrap();
                                let seen = a.patched.entry(id).or_insert(0);
                                *seen = (*seen).max(version);
                            }
                        })
                    };
                    match result {
                        Ok((status, _)) if (200..300).contains(&status) => {
                            writes.fetch_add(1, Ordering::SeqCst);
                        }
                        // Answered, but not with success: that is a bug whether or not the kill came.
                        Ok((status, body)) => unexpected.lock().unwrap().push(format!("{status} {body}")),
                        // No answer: only expected once the server is gone.
                        Err(e) if !killed.load(Ordering::SeqCst) => {
                            std::thread::sleep(Duration::from_millis(5));
                            if !killed.load(Ordering::SeqCst) {
                                unexpected.lock().unwrap().push(format!("transport error before the kill: {e}"));
                            }
                        }
                        Err(_) => {}
                    }
                }
            })
        })
        .collect();

    // Kill in the middle of the load: once enough writes are acknowledged (bounded in time).
    let started = Instant::now();
    while writes.load(Ordering::SeqCst) < 150 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    killed.store(true, Ordering::SeqCst);
    server.sigkill();
    for w in workers {
        w.join().unwrap();
    }
    let unexpected = unexpected.lock().unwrap().clone();
    assert!(unexpected.is_empty(), "{} unexpected answers, first: {:?}", unexpected.len(), unexpected.first());
    let acked = std::mem::take(&mut *acked.lock().unwrap());
    assert!(acked.created.len() >= 20, "too few writes before the kill: {}", acked.created.len());

    // The file as the kill left it (WAL included) is a sound database.
    assert_eq!(integrity_check(&dir.path().join("buildledger.sqlite3")), "ok");

    let server = Server::start(dir.path(), port);
    let token = login(port, "durable");
    let board = json_call(port, "GET", &format!("/api/projects/{project}/tasks/"), Some(&token), None, 200);
    let found: HashMap<i64, (String, u64)> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let version = t["description"].as_str().unwrap().trim_start_matches('v').parse().unwrap();
            (t["id"].as_i64().unwrap(), (t["title"].as_str().unwrap().to_owned(), version))
        })
        .collect();
    let mut lost = Vec::new();
    for (id, title) in &acked.created {
        match found.get(id) {
            Some((t, _)) if t == title => {}
            other => lost.push(format!("task {id} {title}: {other:?}")),
        }
    }
    for (id, version) in &acked.patched {
        // A later PATCH may have been in flight at the kill: stored >= acknowledged.
        match found.get(id) {
            Some((_, v)) if v >= version => {}
            other => lost.push(format!("PATCH v{version} of task {id}: {other:?}")),
        }
    }
    assert!(lost.is_empty(), "acknowledged writes lost: {lost:?}");
    eprintln!(
        "durability: {} creates and {} PATCHed tasks acknowledged before SIGKILL, all found ({} tasks on the board); integrity_check ok",
        acked.created.len(),
        acked.patched.len(),
        found.len()
    );
    drop(server);
}

#[test]
fn sigterm_lets_an_in_flight_request_finish() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = Server::start(dir.path(), port);
    let (token, project) = seed(port, "graceful");

    // A request whose body is still arriving when SIGTERM comes.
    let body =
        json!({"project": project, "title": "sent across a SIGTERM", "description": "x".repeat(2000)}).to_string();
    let (first, second) = body.split_at(body.len() / 2);
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(35))).unwrap();
    write!(s, "POST /api/tasks/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{first}", body.len()).unwrap();
    s.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let term_at = Instant::now();
    server.sigterm();
    std::thread::sleep(Duration::from_millis(500));
    assert!(server.child.try_wait().unwrap().is_none(), "the server quit with a request in flight");
    s.write_all(second.as_bytes()).unwrap();
    let (status, text) = read_response(&mut s).unwrap();
    assert_eq!(status, 201, "{text}");
    let id = serde_json::from_str::<Value>(&text).unwrap()["id"].as_i64().unwrap();

    let exit = server.wait_exit(Duration::from_secs(35));
    assert!(exit.success(), "exit after SIGTERM: {exit}\n{}", server.log_text());
    eprintln!(
        "graceful: in-flight POST answered 201 after SIGTERM; exit {exit} {:?} after the signal",
        term_at.elapsed()
    );

    assert_eq!(integrity_check(&dir.path().join("buildledger.sqlite3")), "ok");
    let _server = Server::start(dir.path(), port);
    let token = login(port, "graceful");
    let task = json_call(port, "GET", &format!("/api/projects/{project}/tasks/"), Some(&token), None, 200);
    assert!(task.as_array().unwrap().iter().any(|t| t["id"].as_i64() == Some(id)), "task {id} missing after restart");
}
