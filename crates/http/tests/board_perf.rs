//! Database statements per request through the whole stack (extractors, use cases, board cache):
//! a board read, its revalidation and a task move each cost the same number of statements on a
//! board of 10 tasks and on one of 200. Uses the API suite's harness (real state over SQLite).

/// The harness runs on SQLite here: statement counts are SQLite's.
const ON_POSTGRES: bool = false;

#[path = "api/helpers.rs"]
#[allow(dead_code)]
mod helpers;

use actix_web::http::Method;
use actix_web::test::TestRequest;
use serde_json::json;

use helpers::{TestApp, User};

/// Statements sent while one request runs, and its response.
async fn counted(app: &TestApp, req: TestRequest) -> (u64, helpers::Res) {
    let before = app.db.queries_executed();
    let res = app.send(req).await;
    (app.db.queries_executed() - before, res)
}

fn board(user: &User, project: i64) -> TestRequest {
    TestRequest::get()
        .uri(&format!("/api/projects/{project}/tasks/"))
        .insert_header(("Authorization", format!("Bearer {}", user.access)))
}

/// [first read (cache miss), cached read, 304 revalidation, move across columns, read after the move].
async fn costs(app: &TestApp, user: &User, n: usize) -> [u64; 5] {
    let project = app.create_project(user, json!({"name": format!("Board {n}")})).await["id"].as_i64().unwrap();
    let statuses = ["To Do", "In Progress", "Paid"];
    let mut first = None;
    for i in 0..n {
        let t = app.create_task(user, project, json!({"title": "Framing", "status": statuses[i % 3]})).await;
        first.get_or_insert(t["id"].as_i64().unwrap());
    }
    let (miss, res) = counted(app, board(user, project)).await;
    assert_eq!(res.ok_json(200).as_array().unwrap().len(), n);
    let etag = res.header("etag").expect("the board sends an ETag");
    let (hit, res) = counted(app, board(user, project)).await;
    assert_eq!(res.status, 200);
    let (revalidate, res) = counted(app, board(user, project).insert_header(("If-None-Match", etag.clone()))).await;
    assert_eq!(res.status, 304);
    let patch = TestRequest::default()
        .method(Method::PATCH)
        .uri(&format!("/api/tasks/{}/", first.unwrap()))
        .insert_header(("Authorization", format!("Bearer {}", user.access)))
        .set_json(json!({"status": "Paid", "position": 0}));
    let (moved, res) = counted(app, patch).await;
    assert_eq!(res.ok_json(200)["position"], 0);
    let (after, res) = counted(app, board(user, project).insert_header(("If-None-Match", etag.clone()))).await;
    assert_eq!(res.status, 200, "a task change moves the ETag on");
    assert_ne!(res.header("etag").unwrap(), etag);
    [miss, hit, revalidate, moved, after]
}

#[actix_web::test]
async fn statements_per_board_request_do_not_grow_with_the_board() {
    let app = TestApp::new().await;
    let user = app.user("perf").await;
    let small = costs(&app, &user, 10).await;
    let large = costs(&app, &user, 200).await;
    println!("statements [read (miss), read (cached), 304, PATCH move, read after move] = {small:?}");
    assert_eq!(small, large, "statement counts must not depend on the number of tasks");
    // A cached board or a 304 needs no query at all: the subscription and the project's version
    // are remembered by this process (its own writes update them as they commit).
    assert!(small[1] < small[0], "{small:?}");
    assert_eq!((small[1], small[2]), (0, 0), "cached read and 304 are answered from memory: {small:?}");
}
