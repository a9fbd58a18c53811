//! The matrix's rows for a shared project (issue 35): every project-scoped route called as the
//! owner, a partner, a viewer and a stranger. The owner may do everything; a partner everything
//! but the owner's own (`Shared::Own`: deleting the project, managing members), 403 there; a
//! viewer reads (without a subscription of their own) and gets 403 on every write; a stranger
//! gets 404, as does someone invited who has not accepted. When the owner's subscription
//! lapses, every member gets 402.
//!
//! Every cell is checked and the failing ones are listed together at the end.

use actix_web::http::Method;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::subscription::Subscription;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use serde_json::Value;

use super::fixture::Team;
use super::requests::request;
use super::{Shared, ACCESS};
use crate::helpers::{Res, TestApp, User};

/// The project-scoped rows, deleting the project last (a wrong answer there would take the
/// fixture with it).
fn project_rows() -> Vec<(&'static str, &'static str, Shared)> {
    let mut rows: Vec<_> = ACCESS
        .iter()
        .filter(|row| row.3 != Shared::No)
        .map(|&(method, route, _, shared)| (method, route, shared))
        .collect();
    rows.sort_by_key(|&(method, route, _)| (method, route) == ("DELETE", "/api/projects/{id}/"));
    rows
}

/// `method path` as `user`, with the body; `POST /api/documents/?task=` uploads a file there.
async fn send(app: &TestApp, method: &str, path: &str, body: Option<Value>, user: &User) -> Res {
    if method == "POST" && path.starts_with("/api/documents/") {
        let task: i64 = path.split("task=").nth(1).unwrap().parse().unwrap();
        return app.upload(user, task, "site.pdf", b"%PDF-1.4 site").await;
    }
    app.json(Method::from_bytes(method.as_bytes()).unwrap(), path, Some(&user.access), body).await
}

/// What a cell expects: any 2xx, or one status.
#[derive(Debug, Clone, Copy)]
enum Expect {
    Success,
    Status(u16),
}

impl Expect {
    fn matches(self, got: u16) -> bool {
        match self {
            Expect::Success => (200..300).contains(&got),
            Expect::Status(s) => got == s,
        }
    }
}

/// The first characters of a response body, for a failure's line.
fn excerpt(res: &Res) -> String {
    res.text().chars().take(160).collect()
}

#[actix_web::test]
async fn every_project_route_answers_the_owner_a_partner_a_viewer_and_a_stranger_by_role() {
    let app = TestApp::new().await;
    let team = Team::new(&app).await;
    let p = team.ids.project;
    let mut failures = Vec::new();

    // The shared project is in each member's list, with their role; the viewer has no
    // subscription of their own.
    for (user, role) in [(&team.partner, "partner"), (&team.viewer, "viewer")] {
        let res = app.authed_get("/api/projects/", user).await;
        let listed = (res.status == 200)
            .then(|| res.json())
            .and_then(|list| list.as_array()?.iter().find(|project| project["id"] == p).cloned());
        match listed {
            Some(project) if project["role"] == role && project["owner"] == "owner" => {}
            _ => failures.push(format!("GET /api/projects/ as {role}: {} {}", res.status, excerpt(&res))),
        }
    }

    for (method, route, shared) in project_rows() {
        let cells = [
            ("stranger", &team.stranger, Expect::Status(404)),
            ("invited, not joined", &team.invited, Expect::Status(404)),
            ("viewer", &team.viewer, if shared == Shared::Read { Expect::Success } else { Expect::Status(403) }),
            ("partner", &team.partner, if shared == Shared::Own { Expect::Status(403) } else { Expect::Success }),
            ("owner", &team.owner, Expect::Success),
        ];
        for (who, user, expect) in cells {
            let (path, body) = request(&app, &team, method, route, true).await;
            let res = send(&app, method, &path, body.clone(), user).await;
            if !expect.matches(res.status) {
                let body = body.map(|b| format!(" {b}")).unwrap_or_default();
                failures.push(format!(
                    "{method} {route} as {who} ({method} {path}{body}): expected {expect:?}, got {} {}",
                    res.status,
                    excerpt(&res)
                ));
            }
        }
    }

    // Every change was made by the owner or the partner: the trail names no one else but for
    // the viewer's own joining.
    let trail = app.authed_get(&format!("/api/projects/{p}/activity/?limit=200"), &team.owner).await.ok_json(200);
    for entry in trail["entries"].as_array().unwrap() {
        let joined = entry["action"] == "member.joined" && entry["actor"] == "viewer";
        if !joined && !matches!(entry["actor"].as_str(), Some("owner" | "partner")) {
            failures.push(format!("activity entry by someone else: {entry}"));
        }
    }
    let by_partner = trail["entries"].as_array().unwrap().iter().any(|e| e["actor"] == "partner");
    if !by_partner {
        failures.push("the trail names the partner for none of their changes".into());
    }

    assert!(failures.is_empty(), "{} cells of the role matrix failed:\n{}", failures.len(), failures.join("\n"));
}

#[actix_web::test]
async fn when_the_owners_subscription_lapses_every_member_gets_402_and_a_stranger_still_404() {
    let app = TestApp::new().await;
    let team = Team::new(&app).await;
    let p = team.ids.project;
    let board = format!("/api/projects/{p}/tasks/");
    // The viewer reads without a subscription of their own while the owner's runs.
    assert_eq!(app.authed_get(&board, &team.viewer).await.status, 200);

    let now = chrono::Utc::now().naive_utc();
    let lapsed = Subscription {
        user_id: team.owner.id,
        customer_id: Some(format!("cus_test_{}", team.owner.id)),
        subscription_id: Some(format!("sub_test_{}", team.owner.id)),
        status: "active".to_owned(),
        current_period_end: Some(now - chrono::Duration::seconds(1)),
        cancel_at_period_end: false,
        updated_at: now,
    };
    DieselSubscriptionRepository::new(app.db.clone()).upsert(&lapsed).unwrap();

    let mut failures = Vec::new();
    for (method, route, _) in project_rows() {
        let cells = [
            ("stranger", &team.stranger, 404),
            ("viewer", &team.viewer, 402),
            ("partner (subscribed)", &team.partner, 402),
            ("owner", &team.owner, 402),
        ];
        for (who, user, expect) in cells {
            let (path, body) = request(&app, &team, method, route, false).await;
            let res = send(&app, method, &path, body, user).await;
            if res.status != expect {
                failures.push(format!(
                    "{method} {path} as {who}: expected {expect}, got {} {}",
                    res.status,
                    excerpt(&res)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} cells failed after the lapse:\n{}", failures.len(), failures.join("\n"));
    // Nothing was deleted: the owner who subscribes again finds the board as it was.
    app.subscribe(team.owner.id);
    let tasks = app.authed_get(&board, &team.owner).await.ok_json(200);
    assert_eq!(tasks.as_array().unwrap().len(), 2, "{tasks}");
}
