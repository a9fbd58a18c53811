//! Issue 35, members: the owner invites by email, the invited user accepts from the mailed link
//! and works on the project within their role (a partner edits but neither deletes the project
//! nor manages members, a viewer reads), may leave, and loses access when removed or when the
//! owner's subscription lapses; invitations expired, reused, for another address or withdrawn
//! are refused on the token. [`join`] makes a member in one call (the authorization matrix
//! uses it).

use std::path::Path;
use std::time::{Duration, Instant};

use actix_web::http::Method;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::member::{
    MSG_ALREADY_MEMBER, MSG_INVITATION_EXPIRED, MSG_INVITATION_INVALID, MSG_INVITATION_OTHER_EMAIL,
    MSG_INVITATION_USED, MSG_INVITE_SELF, MSG_OWNER_OF_PROJECT, MSG_ROLE,
};
use buildledger_domain::subscription::Subscription;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use diesel::connection::SimpleConnection;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

fn decoded(mail: &str) -> String {
    mail.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

/// The token of the invitation link in a mail.
fn link_token(mail: &str) -> Option<String> {
    let text = decoded(mail);
    let after = text.split("/join?token=").nth(1)?;
    let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
    (token.len() == 64).then_some(token)
}

/// The mails to `to` in the outbox, whole (mail goes out in the background), oldest first;
/// waits until there are `n`.
pub fn mails_to(dir: &Path, to: &str, n: usize) -> Vec<String> {
    let start = Instant::now();
    loop {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect())
            .unwrap_or_default();
        files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        let mails: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap_or_default())
            .filter(|m| m.contains(&format!("To: {to}")))
            .collect();
        if (mails.len() >= n && mails.iter().all(|m| link_token(m).is_some()))
            || start.elapsed() > Duration::from_secs(20)
        {
            return mails;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// `POST /api/projects/{project}/members/`.
async fn invite(app: &TestApp, owner: &User, project: i64, email: &str, role: &str) -> crate::helpers::Res {
    app.authed_json(
        Method::POST,
        &format!("/api/projects/{project}/members/"),
        owner,
        Some(json!({"email": email, "role": role})),
    )
    .await
}

async fn preview(app: &TestApp, token: &str) -> crate::helpers::Res {
    app.json(Method::POST, "/api/invitations/preview/", None, Some(json!({"token": token}))).await
}

async fn accept(app: &TestApp, user: &User, token: &str) -> crate::helpers::Res {
    app.authed_json(Method::POST, "/api/invitations/accept/", user, Some(json!({"token": token}))).await
}

/// `owner` invites `member` (at their `<username>@example.com`) to `project` as `role`
/// (`partner` | `viewer`) and `member` accepts from the mailed link; returns the member's id.
pub async fn join(app: &TestApp, owner: &User, project: i64, member: &User, role: &str) -> i64 {
    let email = format!("{}@example.com", member.username);
    let before = mails_to(&app.outbox_dir(), &email, 0).len();
    let id = invite(app, owner, project, &email, role).await.ok_json(201)["id"].as_i64().unwrap();
    let mails = mails_to(&app.outbox_dir(), &email, before + 1);
    let token = link_token(mails.last().expect("the invitation mail")).unwrap();
    let joined = accept(app, member, &token).await.ok_json(200);
    assert_eq!(joined["role"], role);
    id
}

/// The `token` field's message of a 400.
#[track_caller]
fn token_message(res: &crate::helpers::Res) -> String {
    let body = res.assert_error(400, "validation_error");
    body["fields"]["token"][0].as_str().unwrap_or_default().to_owned()
}

/// Sets the owner's subscription canceled, ended yesterday.
fn lapse(app: &TestApp, user_id: i64) {
    let now = chrono::Utc::now().naive_utc();
    let lapsed = Subscription {
        user_id,
        customer_id: Some(format!("cus_test_{user_id}")),
        subscription_id: Some(format!("sub_test_{user_id}")),
        status: "canceled".to_owned(),
        current_period_end: Some(now - chrono::Duration::days(1)),
        cancel_at_period_end: false,
        updated_at: now,
    };
    DieselSubscriptionRepository::new(app.db.clone()).upsert(&lapsed).unwrap();
}

fn set_invited_at(app: &TestApp, member_id: i64, days_ago: i64) {
    let sql = format!(
        "UPDATE project_members SET invited_at = invited_at - INTERVAL '{days_ago} days', \
         expires_at = expires_at - INTERVAL '{days_ago} days' WHERE id = {member_id}"
    );
    let sqlite = format!(
        "UPDATE project_members SET invited_at = datetime(invited_at, '-{days_ago} days'), \
         expires_at = datetime(expires_at, '-{days_ago} days') WHERE id = {member_id}"
    );
    let sql = if crate::ON_POSTGRES && std::env::var("TEST_POSTGRES_URL").is_ok_and(|u| !u.is_empty()) {
        sql
    } else {
        sqlite
    };
    app.db.write(move |conn| conn.batch_execute(&sql)).unwrap();
}

#[actix_web::test]
async fn an_invited_partner_joins_from_the_mailed_link_and_works_on_the_project() {
    let app = TestApp::new().await;
    let dana = app.user("dana").await;
    let project = app.create_project(&dana, json!({"name": "Lake house"})).await;
    assert_eq!((project["role"].as_str(), project["owner"].as_str()), (Some("owner"), Some("dana")));
    let id = project["id"].as_i64().unwrap();

    let invited = invite(&app, &dana, id, "Sam@Example.com", "partner").await.ok_json(201);
    assert_eq!(invited["user"], Value::Null);
    assert_eq!(invited["email"], "Sam@Example.com");
    assert_eq!(invited["role"], "partner");
    assert_eq!(invited["joined_at"], Value::Null);
    assert!(invited["invited_at"].as_str().unwrap().ends_with('Z'), "{invited}");

    let mails = mails_to(&app.outbox_dir(), "Sam@Example.com", 1);
    assert_eq!(mails.len(), 1);
    let mail = decoded(&mails[0]);
    assert!(mail.contains("Subject: dana invited you to Lake house on BuildLedger"), "{mail}");
    assert!(mail.contains("http://localhost:8080/join?token="), "{mail}");
    assert!(mail.contains("As a partner you can change everything in the project"), "{mail}");
    assert!(mail.contains("The link works once, for 7 days: until "), "{mail}");
    let token = link_token(&mails[0]).unwrap();

    // Before signing in, the link's page names the project, who invites, the address and the role.
    let seen = preview(&app, &token).await.ok_json(200);
    assert_eq!(
        (seen["project"].as_str(), seen["owner"].as_str(), seen["email"].as_str(), seen["role"].as_str()),
        (Some("Lake house"), Some("dana"), Some("Sam@Example.com"), Some("partner"))
    );
    let at = |v: &Value| chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap()).unwrap();
    assert_eq!(at(&seen["expires_at"]) - at(&invited["invited_at"]), chrono::Duration::days(7));
    assert!(seen.get("token").is_none(), "{seen}");

    // Sam signs up from the link (no subscription of their own) and joins.
    let sam = app.unsubscribed_user("sam").await;
    let joined = accept(&app, &sam, &token).await.ok_json(200);
    assert_eq!(
        (joined["id"].as_i64(), joined["role"].as_str(), joined["owner"].as_str()),
        (Some(id), Some("partner"), Some("dana"))
    );
    assert_eq!(joined["name"], "Lake house");

    let list = app.authed_get("/api/projects/", &sam).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!((list[0]["id"].as_i64(), list[0]["role"].as_str()), (Some(id), Some("partner")));
    let owners = app.authed_get("/api/projects/", &dana).await.ok_json(200);
    assert_eq!((owners[0]["role"].as_str(), owners[0]["owner"].as_str()), (Some("owner"), Some("dana")));

    let members = app.authed_get(&format!("/api/projects/{id}/members/"), &sam).await.ok_json(200);
    assert_eq!(members.as_array().unwrap().len(), 1);
    assert_eq!((members[0]["user"].as_str(), members[0]["role"].as_str()), (Some("sam"), Some("partner")));
    assert!(members[0]["joined_at"].as_str().is_some(), "{members}");

    // The partner works on the shared project without a subscription of their own...
    let got = app.authed_get(&format!("/api/projects/{id}/"), &sam).await.ok_json(200);
    assert_eq!((got["role"].as_str(), got["owner"].as_str()), (Some("partner"), Some("dana")));
    let patched = app
        .authed_json(Method::PATCH, &format!("/api/projects/{id}/"), &sam, Some(json!({"budget": 500000})))
        .await
        .ok_json(200);
    assert_eq!((patched["budget"].as_f64(), patched["role"].as_str()), (Some(500000.0), Some("partner")));
    // ...but neither deletes it, nor manages its members, nor creates a project of their own.
    app.authed_json(Method::DELETE, &format!("/api/projects/{id}/"), &sam, None).await.assert_error(403, "forbidden");
    invite(&app, &sam, id, "lee@example.com", "viewer").await.assert_error(403, "forbidden");
    let create = app.authed_json(Method::POST, "/api/projects/", &sam, Some(crate::helpers::project_body())).await;
    create.assert_error(402, "subscription_required");
    assert_eq!(app.authed_get(&format!("/api/projects/{id}/"), &dana).await.ok_json(200)["budget"], 500000.0);

    // Who did what is in the trail.
    let page = app.authed_get(&format!("/api/projects/{id}/activity/"), &dana).await.ok_json(200);
    let entries: Vec<(String, String)> = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"].as_str().is_some_and(|a| a.starts_with("member.")))
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["actor"].as_str().unwrap_or_default().to_owned()))
        .collect();
    assert_eq!(entries, [("member.joined".into(), "sam".into()), ("member.invited".into(), "dana".into())]);
}

#[actix_web::test]
async fn invitations_expired_reused_for_another_address_or_withdrawn_are_refused() {
    let app = TestApp::new().await;
    let dana = app.user("dana").await;
    let id = app.create_project(&dana, json!({})).await["id"].as_i64().unwrap();
    let sam = app.unsubscribed_user("sam").await;
    let bob = app.user("bob").await;

    // Unknown, blank, missing.
    assert_eq!(token_message(&accept(&app, &sam, &"ab".repeat(32)).await), MSG_INVITATION_INVALID);
    assert_eq!(token_message(&accept(&app, &sam, " ").await), MSG_INVITATION_INVALID);
    let missing = app.authed_json(Method::POST, "/api/invitations/accept/", &sam, Some(json!({}))).await;
    assert!(missing.assert_error(400, "validation_error")["fields"]["token"].is_array());
    app.json(Method::POST, "/api/invitations/accept/", None, Some(json!({"token": "x"})))
        .await
        .assert_error(401, "not_authenticated");

    // Expired (the clock moved 8 days on).
    let first = invite(&app, &dana, id, "sam@example.com", "viewer").await.ok_json(201)["id"].as_i64().unwrap();
    let token = link_token(mails_to(&app.outbox_dir(), "sam@example.com", 1).last().unwrap()).unwrap();
    set_invited_at(&app, first, 8);
    assert_eq!(token_message(&accept(&app, &sam, &token).await), MSG_INVITATION_EXPIRED);
    assert_eq!(token_message(&preview(&app, &token).await), MSG_INVITATION_EXPIRED);
    assert_eq!(token_message(&preview(&app, &"ab".repeat(32)).await), MSG_INVITATION_INVALID);

    // Re-inviting replaces the expired invitation; its link is for sam's address only.
    invite(&app, &dana, id, "sam@example.com", "viewer").await.ok_json(201);
    let token = link_token(mails_to(&app.outbox_dir(), "sam@example.com", 2).last().unwrap()).unwrap();
    assert_eq!(token_message(&accept(&app, &bob, &token).await), MSG_INVITATION_OTHER_EMAIL);
    assert_eq!(token_message(&accept(&app, &dana, &token).await), MSG_OWNER_OF_PROJECT);
    assert_eq!(preview(&app, &token).await.ok_json(200)["role"], "viewer");
    accept(&app, &sam, &token).await.ok_json(200);
    // Used once: by anyone else, and for the preview, it is used; Sam opening the mail again
    // goes to the project, joined once.
    assert_eq!(token_message(&accept(&app, &bob, &token).await), MSG_INVITATION_USED);
    assert_eq!(token_message(&preview(&app, &token).await), MSG_INVITATION_USED);
    let again = accept(&app, &sam, &token).await.ok_json(200);
    assert_eq!((again["id"].as_i64(), again["role"].as_str()), (Some(id), Some("viewer")));
    let joined = app.authed_get(&format!("/api/projects/{id}/activity/"), &dana).await.ok_json(200)["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "member.joined")
        .count();
    assert_eq!(joined, 1);

    // Withdrawn by the owner: the link no longer works.
    let pending = invite(&app, &dana, id, "bob@example.com", "partner").await.ok_json(201)["id"].as_i64().unwrap();
    let token = link_token(mails_to(&app.outbox_dir(), "bob@example.com", 1).last().unwrap()).unwrap();
    let res = app.authed_json(Method::DELETE, &format!("/api/projects/{id}/members/{pending}/"), &dana, None).await;
    assert_eq!(res.status, 204, "{}", res.text());
    assert_eq!(token_message(&accept(&app, &bob, &token).await), MSG_INVITATION_INVALID);
    app.authed_get(&format!("/api/projects/{id}/"), &bob).await.assert_error(404, "not_found");
    let members = app.authed_get(&format!("/api/projects/{id}/members/"), &dana).await.ok_json(200);
    assert_eq!(members.as_array().unwrap().len(), 1, "{members}");
}

#[actix_web::test]
async fn an_invitation_is_checked_and_an_address_is_invited_once() {
    let app = TestApp::new().await;
    let dana = app.user("dana").await;
    let id = app.create_project(&dana, json!({})).await["id"].as_i64().unwrap();

    let bad = invite(&app, &dana, id, "not-an-address", "admin").await;
    let body = bad.assert_error(400, "validation_error");
    assert!(body["fields"]["email"].is_array(), "{body}");
    assert_eq!(body["fields"]["role"][0], MSG_ROLE);
    let missing = app.authed_json(Method::POST, &format!("/api/projects/{id}/members/"), &dana, Some(json!({}))).await;
    let body = missing.assert_error(400, "validation_error");
    assert!(body["fields"]["email"].is_array() && body["fields"]["role"].is_array(), "{body}");
    let own = invite(&app, &dana, id, "DANA@example.com", "viewer").await;
    assert_eq!(own.assert_error(400, "validation_error")["fields"]["email"][0], MSG_INVITE_SELF);

    invite(&app, &dana, id, "lee@example.com", "viewer").await.ok_json(201);
    let again = invite(&app, &dana, id, " Lee@example.com ", "partner").await;
    assert_eq!(again.assert_error(409, "conflict")["fields"]["email"][0], MSG_ALREADY_MEMBER);

    // Not the caller's project: 404 before the body's problems; bad ids 404.
    let stranger = app.user("zed").await;
    invite(&app, &stranger, id, "x", "x").await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/projects/{id}/members/"), &stranger).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &format!("/api/projects/{id}/members/abc/"), &dana, Some(json!({"role": "viewer"})))
        .await
        .assert_error(404, "not_found");
    app.authed_json(
        Method::PATCH,
        &format!("/api/projects/{id}/members/999999/"),
        &dana,
        Some(json!({"role": "viewer"})),
    )
    .await
    .assert_error(404, "not_found");
    let unsubscribed = app.unsubscribed_user("ulla").await;
    app.authed_get(&format!("/api/projects/{id}/members/"), &unsubscribed)
        .await
        .assert_error(402, "subscription_required");
}

#[actix_web::test]
async fn a_viewer_reads_and_changes_nothing_and_the_owner_changes_roles() {
    let app = TestApp::new().await;
    let dana = app.user("dana").await;
    let id = app.create_project(&dana, json!({})).await["id"].as_i64().unwrap();
    let vic = app.unsubscribed_user("vic").await;
    let sam = app.unsubscribed_user("sam").await;
    let vic_member = join(&app, &dana, id, &vic, "viewer").await;
    let sam_member = join(&app, &dana, id, &sam, "partner").await;

    assert_eq!(app.authed_get(&format!("/api/projects/{id}/"), &vic).await.ok_json(200)["role"], "viewer");
    app.authed_json(Method::PATCH, &format!("/api/projects/{id}/"), &vic, Some(json!({"budget": 1})))
        .await
        .assert_error(403, "forbidden");
    app.authed_json(Method::PATCH, &format!("/api/projects/{id}/"), &vic, Some(json!({"budget": "bad"})))
        .await
        .assert_error(403, "forbidden");
    let members = app.authed_get(&format!("/api/projects/{id}/members/"), &vic).await.ok_json(200);
    assert_eq!(members.as_array().unwrap().len(), 2);
    let vic_path = format!("/api/projects/{id}/members/{vic_member}/");
    let sam_path = format!("/api/projects/{id}/members/{sam_member}/");
    // Neither member manages members.
    app.authed_json(Method::PATCH, &vic_path, &vic, Some(json!({"role": "partner"})))
        .await
        .assert_error(403, "forbidden");
    app.authed_json(Method::PATCH, &vic_path, &sam, Some(json!({"role": "partner"})))
        .await
        .assert_error(403, "forbidden");
    app.authed_json(Method::DELETE, &sam_path, &vic, None).await.assert_error(403, "forbidden");
    app.authed_json(Method::DELETE, &vic_path, &sam, None).await.assert_error(403, "forbidden");

    // The owner makes the viewer a partner and the partner a viewer.
    let bad = app.authed_json(Method::PATCH, &vic_path, &dana, Some(json!({"role": "owner"}))).await;
    assert_eq!(bad.assert_error(400, "validation_error")["fields"]["role"][0], MSG_ROLE);
    let vic_now = app.authed_json(Method::PATCH, &vic_path, &dana, Some(json!({"role": "partner"}))).await.ok_json(200);
    assert_eq!((vic_now["role"].as_str(), vic_now["user"].as_str()), (Some("partner"), Some("vic")));
    app.authed_json(Method::PATCH, &sam_path, &dana, Some(json!({"role": "viewer"}))).await.ok_json(200);
    app.authed_json(Method::PATCH, &format!("/api/projects/{id}/"), &vic, Some(json!({"budget": 1000})))
        .await
        .ok_json(200);
    app.authed_json(Method::PATCH, &format!("/api/projects/{id}/"), &sam, Some(json!({"budget": 2000})))
        .await
        .assert_error(403, "forbidden");
    let list = app.authed_get("/api/projects/", &sam).await.ok_json(200);
    assert_eq!(list[0]["role"], "viewer");
}

#[actix_web::test]
async fn a_member_leaves_or_is_removed_and_loses_the_project() {
    let app = TestApp::new().await;
    let dana = app.user("dana").await;
    let id = app.create_project(&dana, json!({})).await["id"].as_i64().unwrap();
    let sam = app.unsubscribed_user("sam").await;
    let lee = app.user("lee").await;
    let sam_member = join(&app, &dana, id, &sam, "partner").await;
    let lee_member = join(&app, &dana, id, &lee, "viewer").await;

    // Sam leaves: without a subscription or another project, project calls are 402 again.
    let res = app.authed_json(Method::DELETE, &format!("/api/projects/{id}/members/{sam_member}/"), &sam, None).await;
    assert_eq!(res.status, 204, "{}", res.text());
    app.authed_get(&format!("/api/projects/{id}/"), &sam).await.assert_error(402, "subscription_required");
    app.authed_get("/api/projects/", &sam).await.assert_error(402, "subscription_required");

    // Lee (subscribed) is removed by the owner: the project is not found for them any more.
    let res = app.authed_json(Method::DELETE, &format!("/api/projects/{id}/members/{lee_member}/"), &dana, None).await;
    assert_eq!(res.status, 204, "{}", res.text());
    app.authed_get(&format!("/api/projects/{id}/"), &lee).await.assert_error(404, "not_found");
    assert_eq!(app.authed_get("/api/projects/", &lee).await.ok_json(200), json!([]));
    app.authed_json(Method::DELETE, &format!("/api/projects/{id}/members/{lee_member}/"), &dana, None)
        .await
        .assert_error(404, "not_found");

    let page = app.authed_get(&format!("/api/projects/{id}/activity/"), &dana).await.ok_json(200);
    let summaries: Vec<&str> =
        page["entries"].as_array().unwrap().iter().filter_map(|e| e["summary"].as_str()).collect();
    assert!(summaries.contains(&"sam left the project."), "{summaries:?}");
    assert!(summaries.contains(&"Removed lee from the project."), "{summaries:?}");
}

#[actix_web::test]
async fn the_owners_subscription_covers_every_member() {
    let app = TestApp::new().await;
    let dana = app.user("dana").await;
    let id = app.create_project(&dana, json!({})).await["id"].as_i64().unwrap();
    let sam = app.unsubscribed_user("sam").await;
    let lee = app.user("lee").await;
    join(&app, &dana, id, &sam, "partner").await;
    join(&app, &dana, id, &lee, "viewer").await;
    app.authed_get(&format!("/api/projects/{id}/"), &sam).await.ok_json(200);

    lapse(&app, dana.id);
    for user in [&dana, &sam, &lee] {
        app.authed_get(&format!("/api/projects/{id}/"), user).await.assert_error(402, "subscription_required");
        app.authed_get(&format!("/api/projects/{id}/members/"), user).await.assert_error(402, "subscription_required");
    }
    app.subscribe(dana.id);
    for user in [&dana, &sam, &lee] {
        app.authed_get(&format!("/api/projects/{id}/"), user).await.ok_json(200);
    }
}
