//! Request ids: every response carries one in `X-Request-Id` (the client's when sane), and the
//! log lines of the request name it.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use actix_web::http::header::HeaderValue;
use actix_web::test::TestRequest;

use crate::helpers::{test_settings, TestApp, TestDatabase};

fn is_uuid_v4(s: &str) -> bool {
    uuid::Uuid::parse_str(s).is_ok_and(|u| u.get_version_num() == 4) && s.len() == 36
}

#[actix_web::test]
async fn every_response_carries_a_generated_request_id() {
    let app = TestApp::new().await;
    let a = app.get("/healthz").await.header("x-request-id").expect("X-Request-Id");
    let b = app.get("/api/nothing/").await.header("x-request-id").expect("X-Request-Id on a 404");
    assert!(is_uuid_v4(&a) && is_uuid_v4(&b), "{a} {b}");
    assert_ne!(a, b);
}

#[actix_web::test]
async fn a_sane_request_id_sent_by_the_client_is_echoed() {
    let app = TestApp::new().await;
    for sent in ["req-42", "0f8c2a6e-1f5b-4a8e-9f0b-2b1c3d4e5f60", "trace:ab/cd=ef"] {
        let res = app.send(TestRequest::get().uri("/healthz").insert_header(("X-Request-Id", sent))).await;
        assert_eq!(res.header("x-request-id").as_deref(), Some(sent));
    }
}

#[actix_web::test]
async fn an_unusable_request_id_is_replaced() {
    let app = TestApp::new().await;
    let too_long = "x".repeat(65);
    for sent in ["", "two words", too_long.as_str()] {
        let res = app.send(TestRequest::get().uri("/healthz").insert_header(("X-Request-Id", sent))).await;
        let id = res.header("x-request-id").unwrap();
        assert!(is_uuid_v4(&id), "{sent:?} became {id}");
    }
    let res = app
        .send(TestRequest::get().uri("/healthz").insert_header(("X-Request-Id", HeaderValue::from_bytes(b"caf\xc3\xa9").unwrap())))
        .await;
    assert!(is_uuid_v4(&res.header("x-request-id").unwrap()));
}

/// Log output of the current thread, as the server's text format writes it.
#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);

impl Write for Logs {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Logs {
    /// Captures this thread's log lines until the guards drop. One capture at a time in the
    /// process: tracing-core's global max level is rebuilt whenever a scoped subscriber comes or
    /// goes, and a rebuild racing another test's could leave the level off for this one.
    fn capture(&self, json: bool) -> (tracing::subscriber::DefaultGuard, std::sync::MutexGuard<'static, ()>) {
        static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
        let writer = self.clone();
        let builder =
            tracing_subscriber::fmt().with_ansi(false).with_env_filter("info").with_writer(move || writer.clone());
        let guard = if json {
            tracing::subscriber::set_default(builder.json().finish())
        } else {
            tracing::subscriber::set_default(builder.finish())
        };
        tracing::callsite::rebuild_interest_cache();
        // The subscriber is dropped before the turn is given up (tuple fields drop in order).
        (guard, turn)
    }

    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap().lines().map(str::to_owned).collect()
    }

    /// The lines once `count` of them contain `needle`, waiting up to a second: the access line is
    /// written when the response completes, which on a loaded machine can trail the body a little.
    async fn lines_with(&self, needle: &str, count: usize) -> Vec<String> {
        for _ in 0..100 {
            let lines = self.lines();
            if lines.iter().filter(|l| l.contains(needle)).count() >= count {
                return lines;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        self.lines()
    }
}

#[actix_web::test]
async fn the_access_line_of_a_request_carries_its_id() {
    let app = TestApp::new().await;
    let user = app.user("logged").await;
    let logs = Logs::default();
    let _guard = logs.capture(false);
    let res = app
        .send(
            TestRequest::get()
                .uri("/api/projects/?page=1")
                .insert_header(("Authorization", format!("Bearer {}", user.access)))
                .insert_header(("X-Request-Id", "list-1")),
        )
        .await;
    assert_eq!(res.status, 200);
    let generated = app.get("/api/nothing/").await.header("x-request-id").unwrap();
    let lines = logs.lines_with("buildledger::access:", 2).await;
    let access: Vec<&String> = lines.iter().filter(|l| l.contains("buildledger::access:")).collect();
    assert_eq!(access.len(), 2, "{lines:#?}");
    // `request{request_id=..}: buildledger::access: <request line> <status> <bytes> <ms>`
    assert!(access[0].contains("request{request_id=list-1}: buildledger::access: GET /api/projects/?page=1 HTTP/1.1 200 "));
    assert!(access[0].ends_with("ms"), "{}", access[0]);
    assert!(access[1].contains(&format!("request{{request_id={generated}}}: buildledger::access: GET /api/nothing/ HTTP/1.1 404 ")));
}

#[actix_web::test]
async fn json_logs_carry_the_request_id_and_no_download_signature() {
    let app = TestApp::new().await;
    let logs = Logs::default();
    let _guard = logs.capture(true);
    // tracing-core caches each callsite's interest process-wide; a test on another thread that
    // registers the same callsite at the same moment can leave a stale cache behind (seen about
    // once in ten runs of the suite), so the cache is rebuilt and the request tried again.
    let mut lines = Vec::new();
    for _ in 0..3 {
        tracing::callsite::rebuild_interest_cache();
        let res = app
            .send(
                TestRequest::get()
                    .uri("/api/documents/1/download/?expires=1&signature=deadbeef")
                    .insert_header(("X-Request-Id", "dl-1")),
            )
            .await;
        assert_eq!(res.status, 404);
        lines = logs.lines_with("buildledger::access", 1).await;
        if !lines.is_empty() {
            break;
        }
    }
    let access = lines.iter().find(|l| l.contains("buildledger::access")).unwrap_or_else(|| panic!("{lines:#?}"));
    let line: serde_json::Value = serde_json::from_str(access).unwrap();
    assert_eq!(line["span"]["request_id"], "dl-1", "{line}");
    let message = line["fields"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("GET /api/documents/1/download/?expires=1&signature=REDACTED HTTP/1.1 404 "),
        "{message}"
    );
    assert!(!lines.iter().any(|l| l.contains("deadbeef")), "{lines:#?}");
}

/// The same application over a real socket: `Application::build` as `main` runs it.
#[actix_web::test]
async fn the_built_application_serves_on_its_port_with_request_ids() {
    let dir = tempfile::tempdir().unwrap();
    let database = TestDatabase::create(dir.path());
    let app = buildledger::Application::build(test_settings(dir.path(), &database.url)).unwrap();
    let port = app.port();
    assert_ne!(port, 0);
    let server = actix_web::rt::spawn(app.run_until_stopped());
    let exchange = |request: &'static [u8]| {
        actix_web::web::block(move || {
            let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
            stream.write_all(request).unwrap();
            let mut response = String::new();
            stream.read_to_string(&mut response).unwrap();
            response
        })
    };
    let response = exchange(
        b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: socket-1\r\nConnection: close\r\n\r\n",
    )
    .await
    .unwrap();
    // HEAD: the same status and length, and no body on the wire (head.rs).
    let head = exchange(b"HEAD /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    server.abort();
    assert!(response.starts_with("HTTP/1.1 200 OK\r\n"), "{response}");
    assert!(response.to_ascii_lowercase().contains("\r\nx-request-id: socket-1\r\n"), "{response}");
    let body = r#"{"status":"ok","database":"ok","documents":"ok"}"#;
    assert!(response.ends_with(body), "{response}");
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    assert!(head.contains(&format!("content-length: {}\r\n", body.len())), "{head}");
    assert!(head.ends_with("\r\n\r\n"), "a body after the headers: {head}");
}
