//! `GET /api/projects/{id}/activity/`: the trail written by the changes themselves, newest
//! first, a page at a time, by task; another user's project 404 (before a bad query's 400).

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::TestApp;

/// The first entry of every project made by `TestApp::create_project`.
const CREATED: &str = "Created the project Lake house with a budget of $450,000.00.";

fn summaries(page: &Value) -> Vec<String> {
    page["entries"].as_array().unwrap().iter().map(|e| e["summary"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn the_trail_tells_every_change_newest_first_with_its_actor() {
    let app = TestApp::new().await;
    let owner = app.user("ana").await;
    let project = app.create_project(&owner, json!({})).await["id"].as_i64().unwrap();
    let framing = app.create_task(&owner, project, json!({"title": "Framing", "actual_cost": 40000})).await["id"]
        .as_i64()
        .unwrap();
    let roof = app.create_task(&owner, project, json!({"title": "Roof"})).await["id"].as_i64().unwrap();
    let path = format!("/api/tasks/{framing}/");
    app.authed_json(Method::PATCH, &path, &owner, Some(json!({"status": "In Progress", "actual_cost": 41500})))
        .await
        .ok_json(200);
    app.authed_json(Method::POST, "/api/task-payments/", &owner, Some(json!({"task": framing, "amount": 2000})))
        .await
        .ok_json(201);
    app.authed_json(Method::DELETE, &path, &owner, None).await;

    let page = app.authed_get(&format!("/api/projects/{project}/activity/"), &owner).await.ok_json(200);
    assert_eq!(
        summaries(&page),
        [
            "Deleted Framing from In Progress.",
            "Recorded a payment of $2,000.00 for Framing.",
            "Framing's actual cost changed from $40,000.00 to $41,500.00.",
            "Moved Framing from To Do to In Progress.",
            "Added Roof to To Do.",
            "Added Framing to To Do with an actual cost of $40,000.00.",
            CREATED,
        ]
        .map(String::from)
    );
    let first = &page["entries"][0];
    assert_eq!(first["action"], "task.deleted");
    assert_eq!(first["actor"], "ana");
    assert_eq!(first["task"], framing);
    assert!(first["at"].as_str().unwrap().ends_with('Z'), "{first}");
    assert_eq!(page["entries"][1]["action"], "payment.created");
    assert_eq!(page["entries"][2]["action"], "task.cost_changed");
    assert_eq!(page["next"], Value::Null);
    let keys: Vec<&str> = first.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 6, "id, at, actor, action, task, summary: {keys:?}");

    // The deleted task's entries are still found by its id; the other task's are its own.
    let by_task = app.authed_get(&format!("/api/projects/{project}/activity/?task={framing}"), &owner).await.ok_json(200);
    assert_eq!(by_task["entries"].as_array().unwrap().len(), 5);
    let roof_only = app.authed_get(&format!("/api/projects/{project}/activity/?task={roof}"), &owner).await.ok_json(200);
    assert_eq!(summaries(&roof_only), ["Added Roof to To Do."]);
}

#[actix_web::test]
async fn pages_follow_the_next_cursor_to_the_end() {
    let app = TestApp::new().await;
    let owner = app.user("ana").await;
    let project = app.create_project(&owner, json!({})).await["id"].as_i64().unwrap();
    for title in ["A", "B", "C", "D", "E"] {
        app.create_task(&owner, project, json!({"title": title})).await;
    }
    let mut seen = Vec::new();
    let mut url = format!("/api/projects/{project}/activity/?limit=2");
    loop {
        let page = app.authed_get(&url, &owner).await.ok_json(200);
        assert!(page["entries"].as_array().unwrap().len() <= 2);
        seen.extend(summaries(&page));
        match page["next"].as_str() {
            Some(next) => url = format!("/api/projects/{project}/activity/?limit=2&cursor={next}"),
            None => break,
        }
    }
    let mut want: Vec<String> = ["E", "D", "C", "B", "A"].map(|t| format!("Added {t} to To Do.")).into();
    want.push(CREATED.into());
    assert_eq!(seen, want);
}

#[actix_web::test]
async fn another_users_project_is_404_before_a_bad_query_is_400() {
    let app = TestApp::new().await;
    let owner = app.user("ana").await;
    let other = app.user("bob").await;
    let project = app.create_project(&owner, json!({})).await["id"].as_i64().unwrap();
    let base = format!("/api/projects/{project}/activity/");
    app.authed_get(&base, &other).await.assert_error(404, "not_found");
    app.authed_get(&format!("{base}?limit=500"), &other).await.assert_error(404, "not_found");
    app.authed_get("/api/projects/999999/activity/", &owner).await.assert_error(404, "not_found");

    let bad = app.authed_get(&format!("{base}?task=x&cursor=-3&limit=201"), &owner).await.assert_error(400, "validation_error");
    for field in ["task", "cursor", "limit"] {
        assert!(bad["fields"][field].is_array(), "{field}: {bad}");
    }
    app.authed_get(&format!("{base}?limit=0"), &owner).await.assert_error(400, "validation_error");
    let ok = app.authed_get(&format!("{base}?limit=200"), &owner).await.ok_json(200);
    assert_eq!(summaries(&ok), [CREATED], "the project's creation alone");
    assert_eq!(ok["entries"][0]["action"], "project.created");
    assert_eq!(ok["next"], Value::Null);
}

#[actix_web::test]
async fn members_read_the_trail_and_each_change_names_who_made_it() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let (sam, lena) = (app.user("sam").await, app.user("lena").await);
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let framing = app.create_task(&ana, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    crate::members::join(&app, &ana, project, &sam, "partner").await;
    crate::members::join(&app, &ana, project, &lena, "viewer").await;
    app.authed_json(Method::PATCH, &format!("/api/tasks/{framing}/"), &sam, Some(json!({"status": "In Progress"})))
        .await
        .ok_json(200);
    let doc = app.upload(&sam, framing, "quote.pdf", crate::helpers::PDF).await.ok_json(201);
    app.authed_json(Method::PATCH, &format!("/api/documents/{}/", doc["id"]), &ana, Some(json!({"name": "Bid"})))
        .await
        .ok_json(200);

    // The viewer reads the owner's feed, by task too; who did what is named on each entry.
    let page = app.authed_get(&format!("/api/projects/{project}/activity/?task={framing}"), &lena).await.ok_json(200);
    let lines: Vec<(String, String, String)> = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let text = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
            (text("actor"), text("action"), text("summary"))
        })
        .filter(|(_, action, _)| action != "member.joined")
        .collect();
    let line = |who: &str, action: &str, summary: &str| (who.to_owned(), action.to_owned(), summary.to_owned());
    assert_eq!(
        lines,
        [
            line("ana", "document.renamed", "Renamed quote.pdf to Bid.pdf on Framing."),
            line("sam", "document.uploaded", "Uploaded quote.pdf to Framing."),
            line("sam", "task.moved", "Moved Framing from To Do to In Progress."),
            line("ana", "task.created", "Added Framing to To Do."),
        ]
    );
    let bob = app.user("bob").await;
    app.authed_get(&format!("/api/projects/{project}/activity/"), &bob).await.assert_error(404, "not_found");
}
