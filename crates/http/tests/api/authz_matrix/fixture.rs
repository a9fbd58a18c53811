//! What the matrix calls routes on: a project of the owner's with one record of every kind, and
//! (`Team`) the same project shared with a partner and a viewer who joined it through the
//! members API, with a stranger beside them.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

/// One record of every kind in one project of the owner's.
pub struct Fixture {
    pub project: i64,
    pub task: i64,
    /// A second task, after `task` (`dependency`).
    pub roof: i64,
    pub document: i64,
    pub contractor: i64,
    pub bid: i64,
    pub payment: i64,
    pub change_order: i64,
    pub draw: i64,
    pub waiver: i64,
    pub delay: i64,
    pub inspection: i64,
    pub dependency: i64,
    pub share: i64,
    pub share_token: String,
    /// An open invitation to the project.
    pub member: i64,
}

/// The id of a JSON record.
pub fn id(v: &Value) -> i64 {
    v["id"].as_i64().unwrap_or_else(|| panic!("no id in {v}"))
}

/// `POST path` as `user`, which must answer 201; the new record's id.
pub async fn created(app: &TestApp, user: &User, path: &str, body: Value) -> i64 {
    let res = app.authed_json(Method::POST, path, user, Some(body.clone())).await;
    assert_eq!(res.status, 201, "POST {path} {body}: {}", res.text());
    id(&res.json())
}

impl Fixture {
    /// A project of `owner`'s with two tasks and one record of every kind.
    pub async fn build(app: &TestApp, owner: &User) -> Fixture {
        let project = id(&app.create_project(owner, json!({})).await);
        let task = id(&app.create_task(owner, project, json!({"title": "Framing"})).await);
        let document = id(&app.upload(owner, task, "quote.pdf", b"%PDF-1.4 quote").await.ok_json(201));
        let contractor = created(app, owner, "/api/contractors/", json!({"name": "Acme"})).await;
        let bid =
            created(app, owner, "/api/bids/", json!({"task": task, "contractor": contractor, "amount": 100})).await;
        let payment = created(app, owner, "/api/task-payments/", json!({"task": task, "amount": 50})).await;
        let change_order = created(
            app,
            owner,
            "/api/change-orders/",
            json!({"task": task, "description": "Extra beam", "amount": 25}),
        )
        .await;
        let draw = created(app, owner, "/api/draws/", json!({"project": project, "tasks": [task]})).await;
        let waiver = json!({"project": project, "contractor": contractor, "kind": "conditional_progress",
            "amount": 50, "document": document});
        let waiver = created(app, owner, "/api/lien-waivers/", waiver).await;
        let delay = created(app, owner, "/api/delays/", json!({"task": task, "days": 2, "reason": "weather"})).await;
        let inspection = json!({"task": task, "kind": "Framing", "scheduled_on": "2026-12-01", "document": document});
        let inspection = created(app, owner, "/api/inspections/", inspection).await;
        let roof = id(&app.create_task(owner, project, json!({"title": "Roof"})).await);
        let dependency =
            created(app, owner, "/api/dependencies/", json!({"predecessor": task, "successor": roof})).await;
        let share = app
            .authed_json(Method::POST, "/api/shares/", owner, Some(json!({"project": project, "label": "Bank"})))
            .await
            .ok_json(201);
        let member = created(
            app,
            owner,
            &format!("/api/projects/{project}/members/"),
            json!({"email": "invited@example.com", "role": "viewer"}),
        )
        .await;
        Fixture {
            project,
            task,
            roof,
            document,
            contractor,
            bid,
            payment,
            change_order,
            draw,
            waiver,
            delay,
            inspection,
            dependency,
            share: id(&share),
            share_token: share["token"].as_str().unwrap().to_owned(),
            member,
        }
    }
}

/// A route as registered, with the fixture's ids in its placeholders.
pub fn concrete(path: &str, ids: &Fixture) -> String {
    let p = if path.starts_with("/api/projects/") {
        path.replace("{id}", &ids.project.to_string())
    } else if path.starts_with("/api/tasks/") {
        path.replace("{id}", &ids.task.to_string())
    } else if path.starts_with("/api/contractors/") {
        path.replace("{id}", &ids.contractor.to_string())
    } else if path.starts_with("/api/bids/") {
        path.replace("{id}", &ids.bid.to_string())
    } else if path.starts_with("/api/task-payments/") {
        path.replace("{id}", &ids.payment.to_string())
    } else if path.starts_with("/api/change-orders/") {
        path.replace("{id}", &ids.change_order.to_string())
    } else if path.starts_with("/api/draws/") {
        path.replace("{id}", &ids.draw.to_string())
    } else if path.starts_with("/api/lien-waivers/") {
        path.replace("{id}", &ids.waiver.to_string())
    } else if path.starts_with("/api/delays/") {
        path.replace("{id}", &ids.delay.to_string())
    } else if path.starts_with("/api/inspections/") {
        path.replace("{id}", &ids.inspection.to_string())
    } else if path.starts_with("/api/dependencies/") {
        path.replace("{id}", &ids.dependency.to_string())
    } else if path.starts_with("/api/shares/") {
        path.replace("{id}", &ids.share.to_string())
    } else {
        path.replace("{id}", &ids.document.to_string())
    };
    let p = p
        .replace("{session_id}", "cs_local_unknown")
        .replace("{token}", &ids.share_token)
        .replace("{member_id}", &ids.member.to_string());
    if p == "/api/documents/" {
        format!("/api/documents/?task={}", ids.task)
    } else {
        p
    }
}

/// The owner's project shared with a partner (subscribed) and a viewer (without a subscription
/// of their own), who joined it through their invitation mails; a stranger (subscribed, not a
/// member) and a subscribed user invited who has not accepted (the fixture's open invitation).
pub struct Team {
    pub owner: User,
    pub partner: User,
    pub viewer: User,
    pub stranger: User,
    pub invited: User,
    pub ids: Fixture,
    /// Invitation tokens already used (a member gets one mail per project).
    used: RefCell<HashSet<String>>,
    /// For unique names and addresses.
    counter: Cell<u32>,
}

impl Team {
    pub async fn new(app: &TestApp) -> Team {
        let owner = app.user("owner").await;
        let partner = app.user("partner").await;
        let viewer = app.unsubscribed_user("viewer").await;
        let stranger = app.user("stranger").await;
        // invited@example.com, the address of the fixture's open invitation.
        let invited = app.user("invited").await;
        let ids = Fixture::build(app, &owner).await;
        let team =
            Team { owner, partner, viewer, stranger, invited, ids, used: Default::default(), counter: Cell::new(0) };
        team.share(app, team.ids.project).await;
        team
    }

    /// A number not given before.
    pub fn next(&self) -> u32 {
        self.counter.set(self.counter.get() + 1);
        self.counter.get()
    }

    /// The partner and the viewer join `project` (the owner's) through the members API.
    pub async fn share(&self, app: &TestApp, project: i64) {
        self.join(app, project, &self.partner, "partner").await;
        self.join(app, project, &self.viewer, "viewer").await;
    }

    /// A new project of the owner's, shared with the partner and the viewer.
    pub async fn shared_project(&self, app: &TestApp) -> i64 {
        let project = id(&app.create_project(&self.owner, json!({"name": format!("Cabin {}", self.next())})).await);
        self.share(app, project).await;
        project
    }

    /// The owner invites `member` (at their address) as `role`; `member` accepts from the mail.
    async fn join(&self, app: &TestApp, project: i64, member: &User, role: &str) {
        let email = format!("{}@example.com", member.username);
        let invite = json!({"email": email, "role": role});
        created(app, &self.owner, &format!("/api/projects/{project}/members/"), invite).await;
        let token = self.invitation_token(&app.outbox_dir(), &email);
        let accepted =
            app.authed_json(Method::POST, "/api/invitations/accept/", member, Some(json!({"token": token}))).await;
        let joined = accepted.ok_json(200);
        assert_eq!(joined["id"], project, "{joined}");
        assert_eq!(joined["role"], role, "{joined}");
    }

    /// The token of the newest invitation mailed to `email` (the mail thread writes it soon).
    fn invitation_token(&self, outbox: &Path, email: &str) -> String {
        let start = Instant::now();
        loop {
            let fresh = read_tokens(outbox, email).into_iter().find(|t| !self.used.borrow().contains(t));
            if let Some(token) = fresh {
                self.used.borrow_mut().insert(token.clone());
                return token;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "no invitation mail to {email} in {outbox:?}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The whole invitation tokens of the mails to `email` in the outbox.
fn read_tokens(outbox: &Path, email: &str) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir(outbox) else { return Vec::new() };
    let to = format!("To: {email}");
    dir.flatten()
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        // The body is quoted-printable: soft line breaks, and `=3D` for `=`.
        .map(|m| m.replace("=\r\n", "").replace("=\n", "").replace("=3D", "="))
        .filter(|m| m.lines().any(|l| l.trim() == to))
        .filter_map(|m| {
            let after = m.split("/join?token=").nth(1)?.to_owned();
            let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
            // A file read while being written may end inside the token.
            let whole = token.len() == 64 && after[64..].starts_with(['\r', '\n']);
            whole.then_some(token)
        })
        .collect()
}
