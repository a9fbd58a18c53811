//! Issue 33: links between tasks (create, list, change, delete; a loop or a second link of a pair
//! 409, tasks of two projects 400, another user's 404), the computed schedule of a small plan with
//! its ETag, a baseline and the variance after a slip, and the calendar feed (made, read without a
//! login and parsed as RFC 5545, replaced, revoked).

use actix_web::http::Method;
use actix_web::test::TestRequest;
use chrono::NaiveDate;
use icalendar::{Component, DatePerhapsTime};
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

fn id(v: &Value) -> i64 {
    v["id"].as_i64().unwrap()
}

async fn link(app: &TestApp, user: &User, body: Value) -> crate::helpers::Res {
    app.authed_json(Method::POST, "/api/dependencies/", user, Some(body)).await
}

/// Project (start Monday 2026-01-05, Monday to Friday, $3,000 a month to carry) with A (3 days),
/// B (2 days), C (1 day) and D (no duration); returns (project, [a, b, c, d]).
async fn plan(app: &TestApp, user: &User) -> (i64, [i64; 4]) {
    let project = id(&app.create_project(user, json!({"monthly_carrying_cost": 3000})).await);
    let mut tasks = [0; 4];
    for (i, (title, days)) in
        [("Foundation", json!(3)), ("Framing", json!(2)), ("Plumbing", json!(1)), ("Paint", Value::Null)]
            .into_iter()
            .enumerate()
    {
        tasks[i] = id(&app.create_task(user, project, json!({"title": title, "duration_days": days})).await);
    }
    (project, tasks)
}

#[actix_web::test]
async fn links_are_made_listed_changed_and_deleted_and_loops_refused() {
    let app = TestApp::new().await;
    let owner = app.user("owner").await;
    let other = app.user("other").await;
    let (project, [a, b, c, _]) = plan(&app, &owner).await;
    let second = id(&app.create_project(&owner, json!({"name": "Second"})).await);
    let elsewhere = id(&app.create_task(&owner, second, json!({"title": "Roof"})).await);
    let others = id(&app.create_project(&other, json!({})).await);
    let others_task = id(&app.create_task(&other, others, json!({"title": "Roof"})).await);

    let ab = link(&app, &owner, json!({"predecessor": a, "successor": b})).await.ok_json(201);
    assert_eq!(
        ab,
        json!({"id": ab["id"], "project": project, "predecessor": a, "successor": b, "type": "FS", "lag_days": 0})
    );
    let bc =
        link(&app, &owner, json!({"predecessor": b, "successor": c, "type": "SS", "lag_days": -1})).await.ok_json(201);
    assert_eq!((bc["type"].as_str(), bc["lag_days"].as_i64()), (Some("SS"), Some(-1)));

    // A second link of a pair, a loop (direct, longer, to itself): 409, nothing written.
    for (p, s) in [(a, b), (b, a), (c, a), (a, a)] {
        let res = link(&app, &owner, json!({"predecessor": p, "successor": s})).await;
        let body = res.assert_error(409, "conflict");
        assert!(body["fields"]["successor"].is_array(), "{body}");
    }
    // Tasks of two projects: 400; another user's task: 404 whatever the rest of the body.
    let res = link(&app, &owner, json!({"predecessor": a, "successor": elsewhere})).await;
    assert!(res.assert_error(400, "validation_error")["fields"]["successor"].is_array());
    link(&app, &owner, json!({"predecessor": a, "successor": others_task, "type": "XX"}))
        .await
        .assert_error(404, "not_found");
    link(&app, &other, json!({"predecessor": a, "successor": b})).await.assert_error(404, "not_found");
    // Bad fields, all at once.
    let res = link(&app, &owner, json!({"type": "XX", "lag_days": 400, "color": "red"})).await;
    assert_eq!(res.status, 400, "{}", res.text());
    let res = link(&app, &owner, json!({"type": "XX", "lag_days": 400})).await;
    let fields = res.assert_error(400, "validation_error")["fields"].clone();
    for f in ["predecessor", "successor", "type", "lag_days"] {
        assert!(fields[f].is_array(), "{f}: {fields}");
    }

    let list = app.authed_get(&format!("/api/projects/{project}/dependencies/"), &owner).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().iter().map(id).collect::<Vec<_>>(), [id(&ab), id(&bc)]);
    app.authed_get(&format!("/api/projects/{project}/dependencies/"), &other).await.assert_error(404, "not_found");

    let path = format!("/api/dependencies/{}/", id(&ab));
    let changed =
        app.authed_json(Method::PATCH, &path, &owner, Some(json!({"type": "FF", "lag_days": 2}))).await.ok_json(200);
    assert_eq!(
        (changed["type"].as_str(), changed["lag_days"].as_i64(), changed["successor"].as_i64()),
        (Some("FF"), Some(2), Some(b))
    );
    app.authed_json(Method::PATCH, &path, &owner, Some(json!({"successor": c})))
        .await
        .assert_error(400, "invalid_json");
    app.authed_json(Method::PATCH, &path, &owner, Some(json!({"type": null})))
        .await
        .assert_error(400, "validation_error");
    app.authed_json(Method::PATCH, &path, &other, Some(json!({"lag_days": 1}))).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &other, None).await.assert_error(404, "not_found");
    assert_eq!(app.authed_json(Method::DELETE, &path, &owner, None).await.status, 204);
    app.authed_json(Method::DELETE, &path, &owner, None).await.assert_error(404, "not_found");
    // With A -> B gone, B -> A no longer closes a loop.
    link(&app, &owner, json!({"predecessor": b, "successor": a})).await.ok_json(201);
    // Deleting a task deletes its links.
    assert_eq!(app.authed_json(Method::DELETE, &format!("/api/tasks/{c}/"), &owner, None).await.status, 204);
    let list = app.authed_get(&format!("/api/projects/{project}/dependencies/"), &owner).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn the_schedule_of_a_small_plan_its_baseline_and_the_variance_after_a_slip() {
    let app = TestApp::new().await;
    let owner = app.user("owner").await;
    let other = app.user("other").await;
    let (project, [a, b, c, d]) = plan(&app, &owner).await;
    link(&app, &owner, json!({"predecessor": a, "successor": b})).await.ok_json(201);
    link(&app, &owner, json!({"predecessor": a, "successor": c})).await.ok_json(201);

    let path = format!("/api/projects/{project}/schedule/");
    let res = app.authed_get(&path, &owner).await;
    let s = res.ok_json(200);
    let etag = res.header("etag").unwrap();
    assert_eq!(res.header("cache-control").as_deref(), Some("private, no-cache"));
    assert_eq!(s["start"], "2026-01-05");
    assert_eq!(s["finish"], "2026-01-09");
    assert_eq!((s["baseline_finish"].clone(), s["variance_days"].clone()), (Value::Null, Value::Null));
    assert_eq!(s["carrying_cost_of_slip"], Value::Null);
    assert_eq!(s["critical_path"], json!([a, b]));
    assert_eq!(s["unscheduled"], json!([d]));
    let tasks = s["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 3);
    let row = |t: i64| tasks.iter().find(|r| r["task"] == t).unwrap().clone();
    assert_eq!((row(a)["start"].clone(), row(a)["finish"].clone()), (json!("2026-01-05"), json!("2026-01-07")));
    assert_eq!((row(b)["start"].clone(), row(b)["finish"].clone()), (json!("2026-01-08"), json!("2026-01-09")));
    assert_eq!((row(c)["start"].clone(), row(c)["finish"].clone()), (json!("2026-01-08"), json!("2026-01-08")));
    assert_eq!((row(c)["total_float"].clone(), row(c)["critical"].clone()), (json!(1), json!(false)));
    assert_eq!(row(c)["late_finish"], "2026-01-09");
    assert_eq!((row(b)["delay_days"].clone(), row(b)["held_by_inspection"].clone()), (json!(0), json!(false)));

    // Unchanged: 304 with the same tag; another user: 404 even with the tag.
    let again = app
        .send(
            TestRequest::get()
                .uri(&path)
                .insert_header(("Authorization", format!("Bearer {}", owner.access)))
                .insert_header(("If-None-Match", etag.clone())),
        )
        .await;
    assert_eq!(again.status, 304);
    assert_eq!(again.header("etag").as_deref(), Some(etag.as_str()));
    let theirs = app
        .send(
            TestRequest::get()
                .uri(&path)
                .insert_header(("Authorization", format!("Bearer {}", other.access)))
                .insert_header(("If-None-Match", etag.clone())),
        )
        .await;
    assert_eq!(theirs.status, 404);
    app.authed_json(Method::POST, &format!("/api/projects/{project}/baseline/"), &other, None)
        .await
        .assert_error(404, "not_found");

    // A baseline of the schedule as it stands.
    let baseline =
        app.authed_json(Method::POST, &format!("/api/projects/{project}/baseline/"), &owner, None).await.ok_json(201);
    assert_eq!((baseline["baseline_finish"].clone(), baseline["tasks"].clone()), (json!("2026-01-09"), json!(3)));
    assert!(baseline["taken_at"].as_str().unwrap().ends_with('Z'), "{baseline}");
    // The baseline is a write: the old tag is stale.
    let res = app
        .send(
            TestRequest::get()
                .uri(&path)
                .insert_header(("Authorization", format!("Bearer {}", owner.access)))
                .insert_header(("If-None-Match", etag.clone())),
        )
        .await;
    let s = res.ok_json(200);
    assert_ne!(res.header("etag").unwrap(), etag);
    assert_eq!(
        (s["baseline_finish"].clone(), s["variance_days"].clone(), s["slip_calendar_days"].clone()),
        (json!("2026-01-09"), json!(0), json!(0))
    );
    assert_eq!(row(b)["baseline_finish"], Value::Null, "the first read had no baseline");

    // Framing takes 4 days instead of 2: two working days late, four calendar days, $400 at $3,000 a month.
    app.authed_json(Method::PATCH, &format!("/api/tasks/{b}/"), &owner, Some(json!({"duration_days": 4})))
        .await
        .ok_json(200);
    let s = app.authed_get(&path, &owner).await.ok_json(200);
    assert_eq!(s["finish"], "2026-01-13");
    assert_eq!((s["variance_days"].clone(), s["slip_calendar_days"].clone()), (json!(2), json!(4)));
    assert_eq!(s["carrying_cost_of_slip"], json!(400.0));
    let tasks = s["tasks"].as_array().unwrap();
    let framing = tasks.iter().find(|r| r["task"] == b).unwrap();
    assert_eq!(
        (framing["baseline_start"].clone(), framing["baseline_finish"].clone()),
        (json!("2026-01-08"), json!("2026-01-09"))
    );
    assert_eq!(framing["variance_days"], 2);
}

fn date(s: &str) -> DatePerhapsTime {
    DatePerhapsTime::Date(NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap())
}

#[actix_web::test]
async fn the_calendar_feed_is_made_read_without_a_login_replaced_and_revoked() {
    let app = TestApp::new().await;
    let owner = app.user("owner").await;
    let other = app.user("other").await;
    let (project, [a, b, _, _]) = plan(&app, &owner).await;
    link(&app, &owner, json!({"predecessor": a, "successor": b})).await.ok_json(201);
    let inspection = app
        .authed_json(
            Method::POST,
            "/api/inspections/",
            &owner,
            Some(json!({"task": a, "kind": "Footing", "scheduled_on": "2026-01-06"})),
        )
        .await
        .ok_json(201);
    let path = format!("/api/projects/{project}/calendar/");
    assert_eq!(app.authed_get(&path, &owner).await.ok_json(200), json!({"active": false, "created_at": null}));
    for method in [Method::GET, Method::POST, Method::DELETE] {
        app.authed_json(method, &path, &other, None).await.assert_error(404, "not_found");
    }

    let made = app.authed_json(Method::POST, &path, &owner, None).await.ok_json(201);
    let token = made["token"].as_str().unwrap().to_owned();
    assert_eq!(token.len(), 64);
    assert!(made["url"].as_str().unwrap().ends_with(&format!("/calendar/{token}.ics")), "{made}");
    let status = app.authed_get(&path, &owner).await.ok_json(200);
    assert_eq!(status["active"], true);
    assert!(status["created_at"].is_string());

    let feed = format!("/calendar/{token}.ics");
    let res = app.get(&feed).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.header("content-type").as_deref(), Some("text/calendar; charset=utf-8"));
    assert_eq!(res.header("cache-control").as_deref(), Some("private, max-age=300"));
    assert_eq!(res.header("referrer-policy").as_deref(), Some("no-referrer"));
    let text = res.text();
    assert!(text.contains("\r\n"), "lines end with CRLF");
    let calendar: icalendar::Calendar = text.parse().unwrap_or_else(|e| panic!("{e}: {text}"));
    let events: Vec<_> = calendar.events().collect();
    assert_eq!(events.len(), 4, "three scheduled tasks and one inspection: {text}");
    let event = |uid: String| {
        *events.iter().find(|e| e.get_uid() == Some(uid.as_str())).unwrap_or_else(|| panic!("{uid}: {text}"))
    };
    let foundation = event(format!("task-{a}@buildledger"));
    assert_eq!(foundation.get_summary(), Some("Foundation"));
    assert_eq!((foundation.get_start(), foundation.get_end()), (Some(date("2026-01-05")), Some(date("2026-01-08"))));
    assert!(foundation.get_timestamp().is_some() && foundation.get_last_modified().is_some());
    let framing = event(format!("task-{b}@buildledger"));
    assert_eq!((framing.get_start(), framing.get_end()), (Some(date("2026-01-08")), Some(date("2026-01-10"))));
    let footing = event(format!("inspection-{}@buildledger", id(&inspection)));
    assert_eq!(footing.get_summary(), Some("Inspection: Footing (Foundation)"));
    assert_eq!((footing.get_start(), footing.get_end()), (Some(date("2026-01-06")), Some(date("2026-01-07"))));
    assert!(text.contains("DTSTART;VALUE=DATE:20260105"), "{text}");
    // The same schedule reads as the same bytes (stable UIDs and stamps).
    assert_eq!(app.get(&feed).await.text(), text);

    // A new link replaces the old one; a revoked or unknown token is 404.
    let newer = app.authed_json(Method::POST, &path, &owner, None).await.ok_json(201);
    let newer = format!("/calendar/{}.ics", newer["token"].as_str().unwrap());
    app.get(&feed).await.assert_error(404, "not_found");
    assert_eq!(app.get(&newer).await.status, 200);
    assert_eq!(app.authed_json(Method::DELETE, &path, &owner, None).await.status, 204);
    app.get(&newer).await.assert_error(404, "not_found");
    app.get("/calendar/not-a-token.ics").await.assert_error(404, "not_found");
    assert_eq!(app.authed_get(&path, &owner).await.ok_json(200)["active"], false);
    // Another method on the feed: 405 with the methods it has (RFC 9110).
    let res = app.send(actix_web::test::TestRequest::with_uri(&newer).method(Method::TRACE)).await;
    assert_eq!((res.status, res.header("allow").as_deref()), (405, Some("GET, HEAD")), "{}", res.text());
}

#[actix_web::test]
async fn a_partner_changes_the_schedule_as_the_owner_a_viewer_reads_it_and_the_trail_names_who() {
    let app = TestApp::new().await;
    let owner = app.user("owner").await;
    let (partner, viewer) = (app.unsubscribed_user("partner").await, app.unsubscribed_user("viewer").await);
    let (project, [a, b, _, _]) = plan(&app, &owner).await;
    crate::reminders::join(&app, &owner, &partner, project, "partner").await;
    crate::reminders::join(&app, &owner, &viewer, project, "viewer").await;
    let baseline = format!("/api/projects/{project}/baseline/");
    let calendar = format!("/api/projects/{project}/calendar/");

    // The viewer reads, and changes nothing (403, whatever the body says).
    app.authed_get(&format!("/api/projects/{project}/schedule/"), &viewer).await.ok_json(200);
    app.authed_get(&calendar, &viewer).await.ok_json(200);
    link(&app, &viewer, json!({"predecessor": a, "successor": b, "type": "XX"})).await.assert_error(403, "forbidden");
    app.authed_json(Method::POST, &baseline, &viewer, None).await.assert_error(403, "forbidden");
    app.authed_json(Method::POST, &calendar, &viewer, None).await.assert_error(403, "forbidden");

    // The partner links, takes a baseline, makes and revokes the calendar link, unlinks.
    let ab = link(&app, &partner, json!({"predecessor": a, "successor": b})).await.ok_json(201);
    assert_eq!(ab["project"], project);
    app.authed_json(Method::POST, &baseline, &partner, None).await.ok_json(201);
    app.authed_json(Method::POST, &calendar, &partner, None).await.ok_json(201);
    assert_eq!(app.authed_json(Method::DELETE, &calendar, &partner, None).await.status, 204);
    let unlink = app.authed_json(Method::DELETE, &format!("/api/dependencies/{}/", id(&ab)), &viewer, None).await;
    unlink.assert_error(403, "forbidden");
    let unlink = app.authed_json(Method::DELETE, &format!("/api/dependencies/{}/", id(&ab)), &partner, None).await;
    assert_eq!(unlink.status, 204);

    let trail = app.authed_get(&format!("/api/projects/{project}/activity/"), &owner).await.ok_json(200);
    let schedule: Vec<(String, String, Value)> = trail["entries"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .filter(|e| {
            ["dependency.", "schedule.", "calendar_feed."].iter().any(|p| e["action"].as_str().unwrap().starts_with(p))
        })
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["actor"].as_str().unwrap().to_owned(), e["task"].clone()))
        .collect();
    let entry = |action: &str, task: Value| (action.to_owned(), "partner".to_owned(), task);
    assert_eq!(
        schedule,
        [
            entry("dependency.created", json!(b)),
            entry("schedule.baselined", Value::Null),
            entry("calendar_feed.created", Value::Null),
            entry("calendar_feed.revoked", Value::Null),
            entry("dependency.deleted", json!(b)),
        ]
    );
}
