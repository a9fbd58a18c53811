//! The request each project-scoped route is called with: its path and a valid body, so that an
//! allowed caller gets a 2xx and a refusal is about the caller alone.
//!
//! With `fresh`, a route that removes or changes the state of what it touches (deleting, awarding,
//! starting the board, deleting the project, managing members) gets a record of its own, made by
//! the owner first: every caller meets the same situation whatever an earlier one did.

use actix_web::http::Method;
use serde_json::{json, Value};

use super::fixture::{concrete, created, id, Team};
use crate::helpers::TestApp;

/// The path and JSON body (none for reads and deletes; the multipart upload is made by the
/// caller from the path's `task`) of `method route` for the next caller.
pub async fn request(app: &TestApp, team: &Team, method: &str, route: &str, fresh: bool) -> (String, Option<Value>) {
    let ids = &team.ids;
    let (p, task) = (ids.project, ids.task);
    let at = |template: &str, id: i64| template.replace("{id}", &id.to_string());
    let body = |v: Value| Some(v);
    let n = team.next();
    match (method, route) {
        ("GET", "/api/contractors/") => (format!("/api/contractors/?project={p}"), None),
        ("GET", _) => (concrete(route, ids), None),

        ("PATCH", "/api/projects/{id}/") => (concrete(route, ids), body(json!({"name": "Lake house"}))),
        ("DELETE", "/api/projects/{id}/") => {
            let project = if fresh { team.shared_project(app).await } else { p };
            (at(route, project), None)
        }
        ("POST", "/api/projects/{id}/tasks/template/") => {
            // Only an empty board starts from the template.
            let project = if fresh { team.shared_project(app).await } else { p };
            (at(route, project), None)
        }
        ("POST", "/api/projects/{id}/baseline/" | "/api/projects/{id}/calendar/") => (concrete(route, ids), None),
        ("DELETE", "/api/projects/{id}/calendar/") => {
            if fresh {
                created_status(app, team, &concrete(route, ids), None).await;
            }
            (concrete(route, ids), None)
        }

        ("POST", "/api/projects/{id}/members/") => {
            (concrete(route, ids), body(json!({"email": format!("guest{n}@example.com"), "role": "viewer"})))
        }
        ("PATCH" | "DELETE", "/api/projects/{id}/members/{member_id}/") => {
            let member = if fresh { team.invite(app, n).await } else { ids.member };
            let path = at(route, p).replace("{member_id}", &member.to_string());
            (path, (method == "PATCH").then(|| json!({"role": "partner"})))
        }

        ("POST", "/api/tasks/") => ("/api/tasks/".into(), body(json!({"project": p, "title": format!("Siding {n}")}))),
        ("PATCH", "/api/tasks/{id}/") => (concrete(route, ids), body(json!({"description": format!("Walls {n}")}))),
        ("DELETE", "/api/tasks/{id}/") => (at(route, if fresh { team.task(app).await } else { task }), None),

        ("POST", "/api/contractors/") => {
            ("/api/contractors/".into(), body(json!({"name": format!("Beta Framing {n}"), "project": p})))
        }

        ("POST", "/api/shares/") => {
            ("/api/shares/".into(), body(json!({"project": p, "label": format!("Lender {n}")})))
        }
        ("DELETE", "/api/shares/{id}/") => {
            let share = if fresh {
                created(app, &team.owner, "/api/shares/", json!({"project": p, "label": format!("Old {n}")})).await
            } else {
                ids.share
            };
            (at(route, share), None)
        }

        ("POST", "/api/bids/") => {
            ("/api/bids/".into(), body(json!({"task": task, "contractor": ids.contractor, "amount": 100 + n})))
        }
        ("PATCH", "/api/bids/{id}/") => (concrete(route, ids), body(json!({"amount": 120 + n}))),
        ("DELETE", "/api/bids/{id}/") => (at(route, if fresh { team.bid(app, task).await } else { ids.bid }), None),
        ("POST", "/api/bids/{id}/award/") => {
            // A task of its own: a task has one awarded bid.
            let bid = if fresh { team.bid(app, team.task(app).await).await } else { ids.bid };
            (at(route, bid), None)
        }
        ("DELETE", "/api/bids/{id}/award/") => {
            let bid = if fresh {
                let bid = team.bid(app, team.task(app).await).await;
                created_status(app, team, &at(route, bid), None).await;
                bid
            } else {
                ids.bid
            };
            (at(route, bid), None)
        }

        ("POST", "/api/task-payments/") => {
            ("/api/task-payments/".into(), body(json!({"task": task, "amount": 10 + n})))
        }
        ("PATCH", "/api/task-payments/{id}/") => (concrete(route, ids), body(json!({"note": format!("Check {n}")}))),
        ("DELETE", "/api/task-payments/{id}/") => {
            let payment = if fresh {
                created(app, &team.owner, "/api/task-payments/", json!({"task": task, "amount": 5})).await
            } else {
                ids.payment
            };
            (at(route, payment), None)
        }

        ("POST", "/api/change-orders/") => (
            "/api/change-orders/".into(),
            body(json!({"task": task, "description": format!("Beam {n}"), "amount": 10})),
        ),
        ("PATCH", "/api/change-orders/{id}/") => {
            (concrete(route, ids), body(json!({"description": format!("Two beams {n}")})))
        }
        ("DELETE", "/api/change-orders/{id}/") => {
            let order = if fresh {
                let order = json!({"task": task, "description": "Window", "amount": 5});
                created(app, &team.owner, "/api/change-orders/", order).await
            } else {
                ids.change_order
            };
            (at(route, order), None)
        }

        ("POST", "/api/draws/") => {
            // A task with work no draw covers yet.
            let paid = if fresh { team.paid_task(app).await } else { task };
            ("/api/draws/".into(), body(json!({"project": p, "tasks": [paid]})))
        }
        ("PATCH", "/api/draws/{id}/") => (concrete(route, ids), body(json!({"note": format!("For the bank {n}")}))),
        ("DELETE", "/api/draws/{id}/") => {
            let draw = if fresh {
                let paid = team.paid_task(app).await;
                created(app, &team.owner, "/api/draws/", json!({"project": p, "tasks": [paid]})).await
            } else {
                ids.draw
            };
            (at(route, draw), None)
        }

        ("POST", "/api/lien-waivers/") => ("/api/lien-waivers/".into(), body(team.waiver_body())),
        ("PATCH", "/api/lien-waivers/{id}/") => (concrete(route, ids), body(json!({"amount": 60 + n}))),
        ("DELETE", "/api/lien-waivers/{id}/") => {
            let waiver = if fresh {
                created(app, &team.owner, "/api/lien-waivers/", team.waiver_body()).await
            } else {
                ids.waiver
            };
            (at(route, waiver), None)
        }

        ("POST", "/api/delays/") => {
            ("/api/delays/".into(), body(json!({"task": task, "days": 1, "reason": "materials"})))
        }
        ("PATCH", "/api/delays/{id}/") => (concrete(route, ids), body(json!({"note": format!("Rain {n}")}))),
        ("DELETE", "/api/delays/{id}/") => {
            let delay = if fresh {
                created(app, &team.owner, "/api/delays/", json!({"task": task, "days": 1, "reason": "labor"})).await
            } else {
                ids.delay
            };
            (at(route, delay), None)
        }

        ("POST", "/api/inspections/") => (
            "/api/inspections/".into(),
            body(json!({"task": task, "kind": "Electrical", "scheduled_on": "2026-12-02"})),
        ),
        ("PATCH", "/api/inspections/{id}/") => (concrete(route, ids), body(json!({"notes": format!("Plans {n}")}))),
        ("DELETE", "/api/inspections/{id}/") => {
            let inspection = if fresh {
                let body = json!({"task": task, "kind": "Plumbing", "scheduled_on": "2026-12-03"});
                created(app, &team.owner, "/api/inspections/", body).await
            } else {
                ids.inspection
            };
            (at(route, inspection), None)
        }

        ("POST", "/api/dependencies/") => {
            let (before, after) = if fresh { (team.task(app).await, team.task(app).await) } else { (task, ids.roof) };
            ("/api/dependencies/".into(), body(json!({"predecessor": before, "successor": after})))
        }
        ("PATCH", "/api/dependencies/{id}/") => (concrete(route, ids), body(json!({"lag_days": n % 5}))),
        ("DELETE", "/api/dependencies/{id}/") => {
            let dependency = if fresh {
                let (before, after) = (team.task(app).await, team.task(app).await);
                let link = json!({"predecessor": before, "successor": after});
                created(app, &team.owner, "/api/dependencies/", link).await
            } else {
                ids.dependency
            };
            (at(route, dependency), None)
        }

        ("POST", "/api/documents/") => (format!("/api/documents/?task={task}"), None),
        ("PATCH", "/api/documents/{id}/") => (concrete(route, ids), body(json!({"name": format!("quote-{n}.pdf")}))),
        ("DELETE", "/api/documents/{id}/") => {
            let document = if fresh {
                id(&app.upload(&team.owner, task, "old.pdf", b"%PDF-1.4 old").await.ok_json(201))
            } else {
                ids.document
            };
            (at(route, document), None)
        }

        _ => panic!("{method} {route}: no request for it in authz_matrix/requests.rs"),
    }
}

/// `POST path` as the owner, which must answer 2xx.
async fn created_status(app: &TestApp, team: &Team, path: &str, body: Option<Value>) {
    let res = app.authed_json(Method::POST, path, &team.owner, body).await;
    assert!((200..300).contains(&res.status), "POST {path}: {} {}", res.status, res.text());
}

impl Team {
    /// A new task of the project.
    pub async fn task(&self, app: &TestApp) -> i64 {
        id(&app.create_task(&self.owner, self.ids.project, json!({"title": format!("Trim {}", self.next())})).await)
    }

    /// A new task with a payment: work a draw can cover.
    pub async fn paid_task(&self, app: &TestApp) -> i64 {
        let task = self.task(app).await;
        created(app, &self.owner, "/api/task-payments/", json!({"task": task, "amount": 40})).await;
        task
    }

    /// A new pending bid of the fixture's contractor on `task`.
    pub async fn bid(&self, app: &TestApp, task: i64) -> i64 {
        let bid = json!({"task": task, "contractor": self.ids.contractor, "amount": 90});
        created(app, &self.owner, "/api/bids/", bid).await
    }

    /// A new open invitation to the project.
    pub async fn invite(&self, app: &TestApp, n: u32) -> i64 {
        let invite = json!({"email": format!("someone{n}@example.com"), "role": "viewer"});
        created(app, &self.owner, &format!("/api/projects/{}/members/", self.ids.project), invite).await
    }

    fn waiver_body(&self) -> Value {
        json!({"project": self.ids.project, "contractor": self.ids.contractor, "kind": "conditional_progress",
            "amount": 20, "document": self.ids.document})
    }
}
