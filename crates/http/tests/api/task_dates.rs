//! Issue 33 on the spec's own resources: a task's planned start, duration and actual dates; a
//! project's work week, non-working days and carrying cost.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

async fn setup() -> (TestApp, User, i64) {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    (app, user, p["id"].as_i64().unwrap())
}

async fn patch(app: &TestApp, user: &User, task: &Value, body: Value) -> crate::helpers::Res {
    app.authed_json(Method::PATCH, &format!("/api/tasks/{}/", task["id"]), user, Some(body)).await
}

fn today() -> String {
    chrono::Utc::now().date_naive().to_string()
}

#[actix_web::test]
async fn a_task_carries_its_dates_and_duration() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing"})).await;
    for field in ["planned_start", "duration_days", "actual_start", "actual_finish"] {
        assert_eq!(t[field], Value::Null, "{field}: {t}");
    }
    let t = app
        .create_task(&user, project, json!({"title": "Roofing", "planned_start": "2026-03-02", "duration_days": 4}))
        .await;
    assert_eq!((t["planned_start"].as_str(), t["duration_days"].as_i64()), (Some("2026-03-02"), Some(4)));
    let changed = patch(&app, &user, &t, json!({"duration_days": 0, "planned_start": null})).await.ok_json(200);
    assert_eq!((changed["duration_days"].as_i64(), &changed["planned_start"]), (Some(0), &Value::Null));
    // The board reads what was written, on both backends.
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), &user).await.ok_json(200);
    let roofing = board.as_array().unwrap().iter().find(|c| c["title"] == "Roofing").unwrap().clone();
    assert_eq!(roofing, changed);
}

#[actix_web::test]
async fn a_move_records_when_work_started_and_finished_once() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing"})).await;
    let started = patch(&app, &user, &t, json!({"status": "In Progress"})).await.ok_json(200);
    assert_eq!(started["actual_start"], json!(today()));
    assert_eq!(started["actual_finish"], Value::Null);
    // Set by hand, it stays through later moves.
    let edited = patch(&app, &user, &t, json!({"actual_start": "2026-01-05"})).await.ok_json(200);
    assert_eq!(edited["actual_start"], "2026-01-05");
    let paid = patch(&app, &user, &t, json!({"status": "Paid", "actual_cost": 100})).await.ok_json(200);
    assert_eq!((paid["actual_start"].as_str(), paid["actual_finish"].as_str()), (Some("2026-01-05"), Some(&*today())));
    let back = patch(&app, &user, &t, json!({"status": "To Do"})).await.ok_json(200);
    assert_eq!(back["actual_finish"], json!(today()), "a move back keeps what was recorded");
    // A move within a column records nothing.
    let other = app.create_task(&user, project, json!({"title": "Roofing"})).await;
    let moved = patch(&app, &user, &other, json!({"position": 0})).await.ok_json(200);
    assert_eq!(moved["actual_start"], Value::Null);
}

#[actix_web::test]
async fn bad_dates_and_durations_are_400_and_change_nothing() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing", "actual_start": "2026-02-10"})).await;
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({"duration_days": -1}), "duration_days", "Ensure this value is greater than or equal to 0."),
        (json!({"duration_days": 1001}), "duration_days", "Ensure this value is less than or equal to 1000."),
        (json!({"duration_days": "long"}), "duration_days", "A valid integer is required."),
        (json!({"planned_start": "soon"}), "planned_start", "Date has wrong format. Use YYYY-MM-DD."),
        (json!({"actual_finish": "2026-02-09"}), "actual_finish", "The actual finish cannot be before the actual start."),
    ];
    for (body, field, message) in cases {
        let err = patch(&app, &user, &t, body.clone()).await.assert_error(400, "validation_error");
        assert_eq!(err["fields"][field], json!([message]), "{body}: {err}");
    }
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), &user).await.ok_json(200);
    assert_eq!(board.as_array().unwrap(), &vec![t.clone()]);
    let err = app
        .authed_json(
            Method::POST,
            "/api/tasks/",
            &user,
            Some(json!({"project": project, "title": "X", "actual_start": "2026-02-10", "actual_finish": "2026-02-01"})),
        )
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["actual_finish"].is_array(), "{err}");
}

#[actix_web::test]
async fn a_project_keeps_its_calendar_and_carrying_cost() {
    let (app, user, project) = setup().await;
    let path = format!("/api/projects/{project}/");
    let p = app.authed_get(&path, &user).await.ok_json(200);
    assert_eq!(p["work_week"], json!(["mon", "tue", "wed", "thu", "fri"]));
    assert_eq!((&p["non_working_days"], &p["monthly_carrying_cost"]), (&json!([]), &Value::Null));
    let body = json!({"work_week": ["sat", "mon", "mon"], "non_working_days": ["2026-12-25", "2026-01-01", "2026-12-25"], "monthly_carrying_cost": 1500.5});
    let p = app.authed_json(Method::PATCH, &path, &user, Some(body)).await.ok_json(200);
    assert_eq!(p["work_week"], json!(["mon", "sat"]));
    assert_eq!(p["non_working_days"], json!(["2026-01-01", "2026-12-25"]));
    assert_eq!(p["monthly_carrying_cost"], json!(1500.5));
    let again = app.authed_get(&path, &user).await.ok_json(200);
    assert_eq!(again, p);
    let cleared = app
        .authed_json(Method::PATCH, &path, &user, Some(json!({"non_working_days": null, "monthly_carrying_cost": null})))
        .await
        .ok_json(200);
    assert_eq!((&cleared["non_working_days"], &cleared["monthly_carrying_cost"]), (&json!([]), &Value::Null));
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({"work_week": []}), "work_week", "Choose at least one working day."),
        (json!({"work_week": ["monday"]}), "work_week", "\"monday\" is not a valid choice."),
        (json!({"work_week": null}), "work_week", "This field may not be null."),
        (json!({"non_working_days": ["Christmas"]}), "non_working_days", "Date has wrong format. Use YYYY-MM-DD."),
        (json!({"monthly_carrying_cost": -5}), "monthly_carrying_cost", "Ensure this value is greater than or equal to 0."),
    ];
    for (body, field, message) in cases {
        let err =
            app.authed_json(Method::PATCH, &path, &user, Some(body.clone())).await.assert_error(400, "validation_error");
        assert_eq!(err["fields"][field], json!([message]), "{body}: {err}");
    }
    assert_eq!(app.authed_get(&path, &user).await.ok_json(200), cleared);
}

#[actix_web::test]
async fn the_standard_list_starts_with_durations_and_links() {
    let (app, user, project) = setup().await;
    let res = app.authed_json(Method::POST, &format!("/api/projects/{project}/tasks/template/"), &user, None).await;
    let created = res.ok_json(201);
    let tasks = created.as_array().unwrap();
    assert!(tasks.iter().all(|t| t["duration_days"].as_i64().is_some()), "every list task has a duration");
    let framing = tasks.iter().find(|t| t["title"] == "Framing").unwrap();
    assert!(framing["duration_days"].as_i64().unwrap() > 0);
}
