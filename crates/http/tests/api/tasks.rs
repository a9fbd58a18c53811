//! Tasks and the board: create, patch (any subset, moves, Paid, inline edits), delete,
//! computed costs, the board's ETag, and another user's tasks.

use actix_web::http::Method;
use actix_web::test::TestRequest;
use buildledger_domain::cost::CostCatalogue;
use buildledger_domain::task::MaterialQuality;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User, PDF};

fn rate(title: &str, quality: MaterialQuality, zip: &str) -> f64 {
    CostCatalogue::embedded().regional_rate_cents(title, quality, zip).unwrap_or_else(|| panic!("no rate for {title}"))
        as f64
        / 100.0
}

async fn setup() -> (TestApp, User, i64) {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let id = p["id"].as_i64().unwrap();
    (app, user, id)
}

async fn patch(app: &TestApp, user: &User, task: &Value, body: Value) -> crate::helpers::Res {
    app.authed_json(Method::PATCH, &format!("/api/tasks/{}/", task["id"]), user, Some(body)).await
}

async fn board(app: &TestApp, user: &User, project: i64) -> Vec<Value> {
    app.authed_get(&format!("/api/projects/{project}/tasks/"), user).await.ok_json(200).as_array().unwrap().clone()
}

/// (title, status, position) of each card of the board, in the board's order.
async fn layout(app: &TestApp, user: &User, project: i64) -> Vec<(String, String, i64)> {
    board(app, user, project)
        .await
        .iter()
        .map(|t| {
            (
                t["title"].as_str().unwrap().to_owned(),
                t["status"].as_str().unwrap().to_owned(),
                t["position"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn row(title: &str, status: &str, position: i64) -> (String, String, i64) {
    (title.to_owned(), status.to_owned(), position)
}

#[actix_web::test]
async fn create_applies_the_defaults() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing"})).await;
    assert!(t["id"].as_i64().is_some_and(|id| id > 0), "{t}");
    assert_eq!(t["project"], project);
    assert_eq!(t["title"], "Framing");
    assert_eq!(t["description"], "");
    assert_eq!(t["status"], "To Do");
    assert_eq!(t["material_quality"], "basic");
    assert_eq!(t["actual_cost"], Value::Null);
    assert_eq!(t["due_date"], Value::Null);
    assert_eq!(t["position"], 0);
    assert_eq!(t["actual_cost_per_sqft"], Value::Null);
    assert_eq!(t["regional_average_cost_per_sqft"], json!(rate("Framing", MaterialQuality::Basic, "78701")));
    // The next card of the column goes last.
    let t2 = app.create_task(&user, project, json!({"title": "Roofing", "description": null})).await;
    assert_eq!(t2["position"], 1);
    assert_eq!(t2["description"], "");
}

#[actix_web::test]
async fn create_takes_every_field() {
    let (app, user, project) = setup().await;
    let t = app
        .create_task(
            &user,
            project,
            json!({"title": "Framing", "description": "Walls and roof", "material_quality": "premium", "status": "In Progress", "actual_cost": 1234.56, "due_date": "2026-03-01"}),
        )
        .await;
    assert_eq!(t["description"], "Walls and roof");
    assert_eq!(t["material_quality"], "premium");
    assert_eq!(t["status"], "In Progress");
    assert_eq!(t["actual_cost"], json!(1234.56));
    assert_eq!(t["due_date"], "2026-03-01");
    assert_eq!(t["position"], 0);
    // 123456 cents / 2400 sq ft = 51.44 cents, rounded to 51.
    assert_eq!(t["actual_cost_per_sqft"], json!(0.51));
    assert_eq!(t["regional_average_cost_per_sqft"], json!(rate("Framing", MaterialQuality::Premium, "78701")));
    // A blank due date is null; an empty actual cost is null.
    let t = app.create_task(&user, project, json!({"title": "Roofing", "due_date": "", "actual_cost": ""})).await;
    assert_eq!((t["due_date"].clone(), t["actual_cost"].clone()), (Value::Null, Value::Null));
}

#[actix_web::test]
async fn cost_per_sqft_is_computed_from_the_actual_cost() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing", "actual_cost": 48000})).await;
    assert_eq!(t["actual_cost_per_sqft"], json!(20.0));
    let t = patch(&app, &user, &t, json!({"actual_cost": 60000})).await.ok_json(200);
    assert_eq!(t["actual_cost_per_sqft"], json!(25.0));
    let t = patch(&app, &user, &t, json!({"actual_cost": null})).await.ok_json(200);
    assert_eq!(t["actual_cost"], Value::Null);
    assert_eq!(t["actual_cost_per_sqft"], Value::Null);
}

#[actix_web::test]
async fn the_regional_rate_is_known_for_framing_in_austin_and_null_for_unknown_titles() {
    let (app, user, project) = setup().await;
    let framing = app.create_task(&user, project, json!({"title": "Framing"})).await;
    let rate_austin = framing["regional_average_cost_per_sqft"].as_f64().expect("a rate for Framing in 78701");
    assert!(rate_austin > 0.0);
    let unknown = app.create_task(&user, project, json!({"title": "Dig a moat around the keep"})).await;
    assert_eq!(unknown["regional_average_cost_per_sqft"], Value::Null);
    // Quality and zip code change the rate.
    let premium = patch(&app, &user, &framing, json!({"material_quality": "premium"})).await.ok_json(200);
    assert!(premium["regional_average_cost_per_sqft"].as_f64().unwrap() > rate_austin);
    app.authed_json(Method::PATCH, &format!("/api/projects/{project}/"), &user, Some(json!({"zip_code": "10001"})))
        .await
        .ok_json(200);
    let cards = board(&app, &user, project).await;
    let nyc = cards.iter().find(|t| t["id"] == framing["id"]).unwrap();
    assert_eq!(nyc["regional_average_cost_per_sqft"], json!(rate("Framing", MaterialQuality::Premium, "10001")));
    assert!(
        nyc["regional_average_cost_per_sqft"].as_f64().unwrap()
            > premium["regional_average_cost_per_sqft"].as_f64().unwrap()
    );
}

#[actix_web::test]
async fn create_rejects_bad_fields_with_400() {
    let (app, user, project) = setup().await;
    let cases: Vec<(Value, &str)> = vec![
        (json!({"title": "Framing"}), "project"),
        (json!({"project": project}), "title"),
        (json!({"project": project, "title": "  "}), "title"),
        (json!({"project": project, "title": "x".repeat(201)}), "title"),
        (json!({"project": project, "title": "Framing", "status": "Done"}), "status"),
        (json!({"project": project, "title": "Framing", "status": "to do"}), "status"),
        (json!({"project": project, "title": "Framing", "material_quality": "gold"}), "material_quality"),
        (json!({"project": project, "title": "Framing", "actual_cost": -1}), "actual_cost"),
        (json!({"project": project, "title": "Framing", "actual_cost": 1.005}), "actual_cost"),
        (json!({"project": project, "title": "Framing", "actual_cost": "lots"}), "actual_cost"),
        (json!({"project": project, "title": "Framing", "due_date": "soon"}), "due_date"),
        (json!({"project": project, "title": 12}), "title"),
        (json!({"project": "abc", "title": "Framing"}), "project"),
        (json!({"project": project, "title": "Framing", "description": ["a"]}), "description"),
        (json!({"project": project, "title": "Framing", "status": 1}), "status"),
    ];
    for (body, field) in cases {
        let res = app.authed_json(Method::POST, "/api/tasks/", &user, Some(body.clone())).await;
        let err = res.assert_error(400, "validation_error");
        assert!(err["fields"][field].is_array(), "{body}: {err}");
    }
    // Far dates are refused with one message, whichever field and form (issue 28).
    let far = [
        ("/api/tasks/", json!({"project": project, "title": "Framing", "due_date": "+10000-01-01"}), "due_date"),
        ("/api/tasks/", json!({"project": project, "title": "Framing", "due_date": "-0001-01-01"}), "due_date"),
        // What a date picker sends for 01/01/10000.
        ("/api/tasks/", json!({"project": project, "title": "Framing", "due_date": "10000-01-01"}), "due_date"),
        ("/api/projects/", json!({"name": "Far", "start_date": "1899-12-31"}), "start_date"),
    ];
    for (path, body, field) in far {
        let mut body = body;
        if path == "/api/projects/" {
            let mut full = crate::helpers::project_body();
            full.as_object_mut().unwrap().extend(body.as_object().unwrap().clone());
            body = full;
        }
        let err =
            app.authed_json(Method::POST, path, &user, Some(body.clone())).await.assert_error(400, "validation_error");
        assert_eq!(err["fields"][field], json!(["Enter a date between 1900-01-01 and 2200-12-31."]), "{body}: {err}");
    }
    // A project that does not exist (or is someone else's) is not found.
    app.authed_json(Method::POST, "/api/tasks/", &user, Some(json!({"project": 999_999, "title": "Framing"})))
        .await
        .assert_error(404, "not_found");
    assert!(board(&app, &user, project).await.is_empty());
}

#[actix_web::test]
async fn patch_changes_any_subset_and_leaves_the_rest() {
    let (app, user, project) = setup().await;
    let t = app
        .create_task(
            &user,
            project,
            json!({"title": "Framing", "description": "d", "actual_cost": 10, "due_date": "2026-02-01"}),
        )
        .await;
    let steps: Vec<(Value, &str, Value)> = vec![
        (json!({"description": "New description"}), "description", json!("New description")),
        (json!({"material_quality": "standard"}), "material_quality", json!("standard")),
        (json!({"due_date": "2026-05-31"}), "due_date", json!("2026-05-31")),
        (json!({"title": "Roof Framing"}), "title", json!("Roof Framing")),
        (json!({"actual_cost": 99.99}), "actual_cost", json!(99.99)),
        (json!({"description": null}), "description", json!("")),
    ];
    let mut current = t.clone();
    for (body, field, value) in steps {
        let updated = patch(&app, &user, &t, body.clone()).await.ok_json(200);
        assert_eq!(updated[field], value, "{body}");
        for (k, v) in current.as_object().unwrap() {
            // Figures computed from the changed field (the remaining follows the actual cost).
            let derived = ["regional_average_cost_per_sqft", "actual_cost_per_sqft", "pricing", "remaining_to_pay"];
            if k != field && !derived.contains(&k.as_str()) && !k.starts_with("predicted_cost") {
                assert_eq!(&updated[k], v, "{body} changed {k}");
            }
        }
        current = updated;
    }
    // An empty patch is a no-op that answers the task.
    assert_eq!(patch(&app, &user, &t, json!({})).await.ok_json(200), current);
    // Sending the task's own project is fine.
    assert_eq!(patch(&app, &user, &t, json!({"project": project})).await.ok_json(200), current);
}

#[actix_web::test]
async fn clearing_the_due_date_with_null() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing", "due_date": "2026-02-01"})).await;
    let t = patch(&app, &user, &t, json!({"due_date": null})).await.ok_json(200);
    assert_eq!(t["due_date"], Value::Null);
    let t = patch(&app, &user, &t, json!({"due_date": "2026-04-01"})).await.ok_json(200);
    assert_eq!(t["due_date"], "2026-04-01");
    let t = patch(&app, &user, &t, json!({"due_date": ""})).await.ok_json(200);
    assert_eq!(t["due_date"], Value::Null);
}

#[actix_web::test]
async fn moving_a_card_between_columns_puts_it_at_the_position() {
    let (app, user, project) = setup().await;
    let a = app.create_task(&user, project, json!({"title": "A"})).await;
    let _b = app.create_task(&user, project, json!({"title": "B"})).await;
    let c = app.create_task(&user, project, json!({"title": "C"})).await;
    let _d = app.create_task(&user, project, json!({"title": "D", "status": "In Progress"})).await;
    let _e = app.create_task(&user, project, json!({"title": "E", "status": "In Progress"})).await;
    // A drag: status + project + position.
    let moved =
        patch(&app, &user, &c, json!({"status": "In Progress", "project": project, "position": 1})).await.ok_json(200);
    assert_eq!((moved["status"].as_str(), moved["position"].as_i64()), (Some("In Progress"), Some(1)));
    assert_eq!(
        layout(&app, &user, project).await,
        [
            row("A", "To Do", 0),
            row("B", "To Do", 1),
            row("D", "In Progress", 0),
            row("C", "In Progress", 1),
            row("E", "In Progress", 2)
        ]
    );
    // Without a position a card that changes column goes last; the old column closes the gap.
    let moved = patch(&app, &user, &a, json!({"status": "In Progress", "project": project})).await.ok_json(200);
    assert_eq!(moved["position"], 3);
    assert_eq!(
        layout(&app, &user, project).await,
        [
            row("B", "To Do", 0),
            row("D", "In Progress", 0),
            row("C", "In Progress", 1),
            row("E", "In Progress", 2),
            row("A", "In Progress", 3)
        ]
    );
    // Reordering inside a column.
    patch(&app, &user, &a, json!({"position": 0})).await.ok_json(200);
    assert_eq!(
        layout(&app, &user, project).await,
        [
            row("B", "To Do", 0),
            row("A", "In Progress", 0),
            row("D", "In Progress", 1),
            row("C", "In Progress", 2),
            row("E", "In Progress", 3)
        ]
    );
    // A position past the end is clamped to the end.
    let moved = patch(&app, &user, &a, json!({"status": "To Do", "position": 99})).await.ok_json(200);
    assert_eq!(moved["position"], 1);
    // Dropping a card onto its own place changes nothing.
    let before = layout(&app, &user, project).await;
    patch(&app, &user, &a, json!({"status": "To Do", "position": 1, "project": project})).await.ok_json(200);
    assert_eq!(layout(&app, &user, project).await, before);
}

#[actix_web::test]
async fn the_board_is_ordered_by_column_then_position() {
    let (app, user, project) = setup().await;
    app.create_task(&user, project, json!({"title": "P1", "status": "Paid", "actual_cost": 5})).await;
    app.create_task(&user, project, json!({"title": "I1", "status": "In Progress"})).await;
    app.create_task(&user, project, json!({"title": "T1"})).await;
    app.create_task(&user, project, json!({"title": "P2", "status": "Paid"})).await;
    app.create_task(&user, project, json!({"title": "T2"})).await;
    assert_eq!(
        layout(&app, &user, project).await,
        [
            row("T1", "To Do", 0),
            row("T2", "To Do", 1),
            row("I1", "In Progress", 0),
            row("P1", "Paid", 0),
            row("P2", "Paid", 1)
        ]
    );
}

#[actix_web::test]
async fn moving_to_paid_with_the_actual_cost() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing"})).await;
    let paid = patch(&app, &user, &t, json!({"status": "Paid", "actual_cost": 15000.5, "project": project}))
        .await
        .ok_json(200);
    assert_eq!(paid["status"], "Paid");
    assert_eq!(paid["actual_cost"], json!(15000.5));
    assert_eq!(paid["position"], 0);
    // 1500050 / 2400 = 625.02 cents -> 6.25.
    assert_eq!(paid["actual_cost_per_sqft"], json!(6.25));
    // A blank cost entered at Paid is sent as 0.
    let t2 = app.create_task(&user, project, json!({"title": "Roofing"})).await;
    let paid =
        patch(&app, &user, &t2, json!({"status": "Paid", "actual_cost": 0, "project": project})).await.ok_json(200);
    assert_eq!(paid["actual_cost"], json!(0.0));
    assert_eq!(paid["position"], 1);
}

#[actix_web::test]
async fn inline_edit_of_title_cost_and_status() {
    let (app, user, project) = setup().await;
    let t = app.create_task(&user, project, json!({"title": "Framing", "description": "keep me"})).await;
    let edited =
        patch(&app, &user, &t, json!({"title": "Plumbing Rough", "actual_cost": "2500.75", "status": "In Progress"}))
            .await
            .ok_json(200);
    assert_eq!(edited["title"], "Plumbing Rough");
    assert_eq!(edited["actual_cost"], json!(2500.75));
    assert_eq!(edited["status"], "In Progress");
    assert_eq!(edited["description"], "keep me");
    assert_eq!(
        edited["regional_average_cost_per_sqft"],
        json!(rate("Plumbing Rough", MaterialQuality::Basic, "78701"))
    );
}

#[actix_web::test]
async fn a_bad_patch_is_400_and_changes_nothing() {
    let (app, user, project) = setup().await;
    let other = app.create_project(&user, json!({"name": "Other"})).await;
    let t = app.create_task(&user, project, json!({"title": "Framing", "actual_cost": 10})).await;
    let cases: Vec<(Value, &str)> = vec![
        (json!({"status": "Done"}), "status"),
        (json!({"status": "Paid", "actual_cost": -3}), "actual_cost"),
        (json!({"title": "Renamed", "material_quality": "gold"}), "material_quality"),
        (json!({"title": ""}), "title"),
        (json!({"due_date": "31/31/2026"}), "due_date"),
        (json!({"position": -1}), "position"),
        (json!({"position": "first"}), "position"),
        (json!({"status": "Paid", "project": other["id"]}), "project"),
        (json!({"actual_cost": [1]}), "actual_cost"),
    ];
    for (body, field) in cases {
        let err = patch(&app, &user, &t, body.clone()).await.assert_error(400, "validation_error");
        assert!(err["fields"][field].is_array(), "{body}: {err}");
        let cards = board(&app, &user, project).await;
        assert_eq!(cards, vec![t.clone()], "after {body}");
    }
    assert!(board(&app, &user, other["id"].as_i64().unwrap()).await.is_empty());
}

#[actix_web::test]
async fn delete_answers_204_and_closes_the_gap() {
    let (app, user, project) = setup().await;
    let a = app.create_task(&user, project, json!({"title": "A"})).await;
    app.create_task(&user, project, json!({"title": "B"})).await;
    let path = format!("/api/tasks/{}/", a["id"]);
    let res = app.authed_json(Method::DELETE, &path, &user, None).await;
    assert_eq!(res.status, 204);
    assert!(res.body.is_empty());
    assert_eq!(layout(&app, &user, project).await, [row("B", "To Do", 0)]);
    app.authed_json(Method::DELETE, &path, &user, None).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &path, &user, Some(json!({"title": "x"}))).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, "/api/tasks/abc/", &user, None).await.assert_error(404, "not_found");
}

#[actix_web::test]
async fn another_users_task_is_404_and_untouched() {
    let (app, ana, project) = setup().await;
    let bob = app.user("bob").await;
    let t = app.create_task(&ana, project, json!({"title": "Framing"})).await;
    let path = format!("/api/tasks/{}/", t["id"]);
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({"status": "Paid"}))).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/projects/{project}/tasks/"), &bob).await.assert_error(404, "not_found");
    assert_eq!(board(&app, &ana, project).await, vec![t]);
}

// ---------------------------------------------------------------- ETag

async fn etag(app: &TestApp, user: &User, project: i64) -> String {
    let res = app.authed_get(&format!("/api/projects/{project}/tasks/"), user).await;
    assert_eq!(res.status, 200);
    res.header("ETag").expect("the board sends an ETag")
}

async fn conditional(app: &TestApp, user: &User, project: i64, tag: &str) -> crate::helpers::Res {
    let req = TestRequest::get()
        .uri(&format!("/api/projects/{project}/tasks/"))
        .insert_header(("Authorization", format!("Bearer {}", user.access)))
        .insert_header(("If-None-Match", tag.to_owned()));
    app.send(req).await
}

#[actix_web::test]
async fn the_board_answers_304_for_the_current_etag() {
    let (app, user, project) = setup().await;
    app.create_task(&user, project, json!({"title": "Framing"})).await;
    let tag = etag(&app, &user, project).await;
    assert!(tag.starts_with('"') && tag.ends_with('"'), "a strong ETag: {tag}");
    let res = conditional(&app, &user, project, &tag).await;
    assert_eq!(res.status, 304);
    assert!(res.body.is_empty());
    assert_eq!(res.header("ETag").as_deref(), Some(tag.as_str()));
    // In a list of tags, too.
    assert_eq!(conditional(&app, &user, project, &format!("\"old\", {tag}")).await.status, 304);
    // A stale tag gets the board.
    let res = conditional(&app, &user, project, "\"stale\"").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json().as_array().unwrap().len(), 1);
    // Nobody else learns anything from a conditional request.
    let bob = app.user("bob").await;
    conditional(&app, &bob, project, &tag).await.assert_error(404, "not_found");
}

#[actix_web::test]
async fn every_write_changes_the_etag() {
    let (app, user, project) = setup().await;
    let mut seen = vec![etag(&app, &user, project).await];
    let mut check = |tag: String, what: &str| {
        assert!(!seen.contains(&tag), "{what} kept the ETag {tag}");
        seen.push(tag);
    };
    let t = app.create_task(&user, project, json!({"title": "Framing"})).await;
    check(etag(&app, &user, project).await, "create task");
    patch(&app, &user, &t, json!({"title": "Roofing"})).await.ok_json(200);
    check(etag(&app, &user, project).await, "patch task");
    patch(&app, &user, &t, json!({"status": "Paid", "actual_cost": 1})).await.ok_json(200);
    check(etag(&app, &user, project).await, "move task");
    app.authed_json(Method::PATCH, &format!("/api/projects/{project}/"), &user, Some(json!({"budget": 1})))
        .await
        .ok_json(200);
    check(etag(&app, &user, project).await, "patch project");
    let doc = app.upload(&user, t["id"].as_i64().unwrap(), "quote.pdf", PDF).await.ok_json(201);
    check(etag(&app, &user, project).await, "upload document");
    let res = app.authed_json(Method::DELETE, &format!("/api/documents/{}/", doc["id"]), &user, None).await;
    assert_eq!(res.status, 204);
    check(etag(&app, &user, project).await, "delete document");
    let t2 = app.create_task(&user, project, json!({"title": "Fence"})).await;
    check(etag(&app, &user, project).await, "second task");
    let res = app.authed_json(Method::DELETE, &format!("/api/tasks/{}/", t2["id"]), &user, None).await;
    assert_eq!(res.status, 204);
    check(etag(&app, &user, project).await, "delete task");
    // The old tag no longer answers 304.
    assert_eq!(conditional(&app, &user, project, &seen[0]).await.status, 200);
}

// ---------------------------------------------------------------- members (issue 35)

#[actix_web::test]
async fn a_partner_works_on_the_board_and_a_viewer_only_reads_it() {
    let (app, owner, project) = setup().await;
    let partner = app.user("sam").await;
    // A lender, without a subscription of her own: the owner's covers her.
    let viewer = app.unsubscribed_user("lena").await;
    crate::members::join(&app, &owner, project, &partner, "partner").await;
    crate::members::join(&app, &owner, project, &viewer, "viewer").await;
    let framing = app.create_task(&partner, project, json!({"title": "Framing"})).await;
    patch(&app, &partner, &framing, json!({"status": "In Progress"})).await.ok_json(200);
    app.authed_json(Method::POST, &format!("/api/projects/{project}/tasks/template/"), &partner, None)
        .await
        .assert_error(409, "conflict");

    // The viewer reads the owner's board, with its ETag (a current tag is a 304 for her too).
    let tag = etag(&app, &viewer, project).await;
    assert_eq!(tag, etag(&app, &owner, project).await);
    assert_eq!(conditional(&app, &viewer, project, &tag).await.status, 304);
    assert_eq!(board(&app, &viewer, project).await[0]["status"], "In Progress");
    // ... and changes nothing, whatever the body says.
    let id = framing["id"].as_i64().unwrap();
    for (method, path, body) in [
        (Method::POST, "/api/tasks/".to_owned(), Some(json!({"project": project, "title": "Roof"}))),
        (Method::POST, format!("/api/projects/{project}/tasks/template/"), None),
        (Method::PATCH, format!("/api/tasks/{id}/"), Some(json!({"status": "Paid"}))),
        (Method::PATCH, format!("/api/tasks/{id}/"), Some(json!({"title": ""}))),
        (Method::PATCH, format!("/api/tasks/{id}/"), Some(json!({}))),
        (Method::DELETE, format!("/api/tasks/{id}/"), None),
    ] {
        app.authed_json(method, &path, &viewer, body).await.assert_error(403, "forbidden");
    }
    assert_eq!(layout(&app, &owner, project).await, [("Framing".to_owned(), "In Progress".to_owned(), 0)]);

    // A stranger learns nothing, even from a conditional request or a bad body.
    let bob = app.user("bob").await;
    conditional(&app, &bob, project, &tag).await.assert_error(404, "not_found");
    patch(&app, &bob, &framing, json!({"title": ""})).await.assert_error(404, "not_found");
    // The partner deletes the task like the owner would.
    let res = app.authed_json(Method::DELETE, &format!("/api/tasks/{id}/"), &partner, None).await;
    assert_eq!(res.status, 204);
    assert!(board(&app, &owner, project).await.is_empty());
}

// ---------------------------------------------------------------- summary

#[actix_web::test]
async fn the_summary_sums_best_known_costs_to_the_cent() {
    let (app, user, project) = setup().await;
    let framing = rate("Framing", MaterialQuality::Basic, "78701");
    app.create_task(&user, project, json!({"title": "Framing"})).await;
    app.create_task(&user, project, json!({"title": "Fence", "status": "Paid", "actual_cost": "0.1"})).await;
    app.create_task(&user, project, json!({"title": "Fence", "status": "Paid", "actual_cost": 0.2})).await;
    app.create_task(&user, project, json!({"title": "Not in the catalogue", "status": "In Progress"})).await;
    let s = app.authed_get(&format!("/api/projects/{project}/summary/"), &user).await.ok_json(200);
    // 2,400 sq ft x the Framing rate, predicted; 0.10 + 0.20 paid (exactly 0.3, not 0.30000000000000004).
    let predicted = (framing * 100.0).round() * 2400.0 / 100.0;
    assert_eq!(s["column_totals"], json!({"To Do": predicted, "In Progress": 0.0, "Paid": 0.3}));
    assert_eq!(s["predicted_total"], json!(((predicted * 100.0).round() + 30.0) / 100.0));
    assert_eq!(s["budget"], json!(450000.0));
    let per_sqft = ((predicted * 100.0 + 30.0) / 2400.0).round() / 100.0;
    assert_eq!(s["cost_per_sqft"], json!(per_sqft));
    assert_eq!(s["over_budget"], json!(predicted + 0.3 > 450000.0));
    let res =
        app.authed_json(Method::PATCH, &format!("/api/projects/{project}/"), &user, Some(json!({"budget": 1}))).await;
    res.ok_json(200);
    let s = app.authed_get(&format!("/api/projects/{project}/summary/"), &user).await.ok_json(200);
    assert_eq!((s["budget"].clone(), s["over_budget"].clone()), (json!(1.0), json!(true)));
}

#[actix_web::test]
async fn the_summary_answers_304_until_a_write_and_404_to_others() {
    let (app, user, project) = setup().await;
    let path = format!("/api/projects/{project}/summary/");
    let res = app.authed_get(&path, &user).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["predicted_total"], json!(0.0));
    let tag = res.header("ETag").expect("the summary sends an ETag");
    let conditional = |tag: String| {
        TestRequest::get()
            .uri(&path)
            .insert_header(("Authorization", format!("Bearer {}", user.access)))
            .insert_header(("If-None-Match", tag))
    };
    assert_eq!(app.send(conditional(tag.clone())).await.status, 304);
    app.create_task(&user, project, json!({"title": "Fence", "actual_cost": 5})).await;
    let res = app.send(conditional(tag)).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["column_totals"]["To Do"], json!(5.0));
    let bob = app.user("bob").await;
    app.authed_get(&path, &bob).await.assert_error(404, "not_found");
    app.authed_get("/api/projects/0/summary/", &user).await.assert_error(404, "not_found");
}
