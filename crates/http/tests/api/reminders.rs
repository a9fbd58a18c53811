//! Reminder mails (issue 35): the setting (login only, 400 on a bad value), the one-click
//! unsubscribe without a login (a GET changes nothing), and a pass of the job writing one mail
//! with the List-Unsubscribe headers to the outbox, once however often it runs; a member without a
//! subscription of their own mailed about the project they joined.

use std::path::{Path, PathBuf};

use actix_web::http::Method;
use actix_web::test::TestRequest;
use serde_json::json;

use crate::helpers::{test_settings, TestApp, User};

fn mails(dir: &Path) -> Vec<String> {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect())
        .unwrap_or_default();
    files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect()
}

/// A mail as its text reads (quoted-printable soft breaks and `=3D` undone).
fn plain(mail: &str) -> String {
    mail.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

/// The mails to `email`.
fn mails_to(dir: &Path, email: &str) -> Vec<String> {
    let to = format!("To: {email}");
    mails(dir).iter().map(|m| plain(m)).filter(|m| m.lines().any(|l| l.trim() == to)).collect()
}

/// The token of the invitation mailed to `email`, once the mail thread has written it whole.
pub(crate) fn invitation_token(dir: &Path, email: &str) -> String {
    let start = std::time::Instant::now();
    loop {
        for mail in mails_to(dir, email) {
            let Some(after) = mail.split("/join?token=").nth(1) else { continue };
            let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
            if token.len() == 64 && after[64..].starts_with(['\r', '\n']) {
                return token;
            }
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "no invitation to {email} in {dir:?}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// `owner` invites `member` to `project` as `role` by their address; `member` accepts from the mail.
pub(crate) async fn join(app: &TestApp, owner: &User, member: &User, project: i64, role: &str) {
    let email = format!("{}@example.com", member.username);
    let invite = json!({"email": email, "role": role});
    app.authed_json(Method::POST, &format!("/api/projects/{project}/members/"), owner, Some(invite)).await.ok_json(201);
    let token = invitation_token(&app.outbox_dir(), &email);
    let accepted =
        app.authed_json(Method::POST, "/api/invitations/accept/", member, Some(json!({"token": token}))).await;
    assert_eq!(accepted.ok_json(200)["role"], role);
}

/// The token of a mail's `List-Unsubscribe` link.
fn unsubscribe_token(mail: &str) -> String {
    let line = mail.lines().find(|l| l.starts_with("List-Unsubscribe:")).expect("List-Unsubscribe header");
    line.split("token=").nth(1).unwrap().trim_end_matches('>').to_owned()
}

#[actix_web::test]
async fn the_setting_is_daily_until_changed_and_refuses_a_bad_value() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    let got = app.authed_get("/api/account/reminders/", &ana).await.ok_json(200);
    assert_eq!(got, json!({"reminders": "daily"}));
    let set =
        app.authed_json(Method::PATCH, "/api/account/reminders/", &ana, Some(json!({"reminders": "weekly"}))).await;
    assert_eq!(set.ok_json(200), json!({"reminders": "weekly"}));
    let bad =
        app.authed_json(Method::PATCH, "/api/account/reminders/", &ana, Some(json!({"reminders": "hourly"}))).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["fields"]["reminders"], json!(["Choose daily, weekly or off."]));
    let missing = app.authed_json(Method::PATCH, "/api/account/reminders/", &ana, Some(json!({}))).await;
    assert_eq!(missing.status, 400);
    assert!(missing.json()["fields"]["reminders"].is_array());
    assert_eq!(app.authed_get("/api/account/reminders/", &ana).await.ok_json(200), json!({"reminders": "weekly"}));
    assert_eq!(app.get("/api/account/reminders/").await.status, 401);
}

#[actix_web::test]
async fn a_pass_mails_once_with_one_click_unsubscribe_that_needs_no_login() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let _quiet = app.user("bob").await; // no project: no mail
    let project = app.create_project(&ana, json!({"name": "Lake house"})).await["id"].as_i64().unwrap();
    let today = chrono::Utc::now().date_naive();
    let expires = (today + chrono::Duration::days(10)).format("%Y-%m-%d").to_string();
    app.authed_json(
        Method::POST,
        "/api/contractors/",
        &ana,
        Some(json!({"name": "Acme", "insurance_expires": expires})),
    )
    .await
    .ok_json(201);
    let data_dir = app.outbox_dir().parent().unwrap().to_owned();
    let settings = test_settings(&data_dir, "sqlite://unused");
    let (service, mailer) = buildledger::wiring::reminder_service(&app.db, &settings).unwrap();
    assert_eq!(service.run(today).unwrap(), 1);
    assert_eq!(service.run(today).unwrap(), 0, "once a day");
    // A second instance on the same database: still once.
    let (other_instance, other_mailer) = buildledger::wiring::reminder_service(&app.db, &settings).unwrap();
    assert_eq!(other_instance.run(today).unwrap(), 0);
    assert!(mailer.flush(std::time::Duration::from_secs(10)) && other_mailer.flush(std::time::Duration::from_secs(10)));
    let mails = mails(&app.outbox_dir());
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = &mails[0];
    assert!(mail.contains("To: ana@"), "{mail}");
    assert!(mail.contains("Subject: BuildLedger: 1 thing needs attention today"), "{mail}");
    assert!(mail.contains("List-Unsubscribe: <http://localhost:8080/api/reminders/unsubscribe/?token="), "{mail}");
    assert!(mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{mail}");
    assert!(mail.contains("multipart/alternative") && mail.contains("Content-Type: text/html"), "{mail}");
    assert!(mail.contains("Acme's insurance expires on"), "{mail}");
    let _ = project;

    let token = unsubscribe_token(mail);
    let path = format!("/api/reminders/unsubscribe/?token={token}");
    // A GET (a link opened, a scanner) changes nothing: it leads to the app's page.
    let page = app.get(&path).await;
    assert_eq!(page.status, 200);
    let html = String::from_utf8(page.body.to_vec()).unwrap();
    assert!(html.contains(&format!("href=\"/unsubscribe?token={token}\"")), "{html}");
    assert_eq!(app.get("/api/reminders/unsubscribe/").await.status, 400);
    assert_eq!(app.authed_get("/api/account/reminders/", &ana).await.ok_json(200), json!({"reminders": "daily"}));
    // A wrong token: 400, nothing changed.
    let wrong = app
        .send(
            TestRequest::post()
                .uri("/api/reminders/unsubscribe/?token=nope")
                .set_form([("List-Unsubscribe", "One-Click")]),
        )
        .await;
    assert_eq!(wrong.status, 400);
    assert!(wrong.json()["fields"]["token"].is_array());
    let none = app.send(TestRequest::post().uri("/api/reminders/unsubscribe/")).await;
    assert_eq!(none.status, 400);
    // The one-click POST of a mail client (RFC 8058), without a login.
    let done =
        app.send(TestRequest::post().uri(&path).set_form([("List-Unsubscribe", "One-Click")])).await.ok_json(200);
    assert_eq!(done, json!({"reminders": "off"}));
    assert_eq!(app.authed_get("/api/account/reminders/", &ana).await.ok_json(200), json!({"reminders": "off"}));
    // Off: the next day's pass sends nothing.
    assert_eq!(service.run(today + chrono::Duration::days(1)).unwrap(), 0);
}

#[actix_web::test]
async fn a_member_without_a_subscription_is_mailed_about_the_project_they_joined() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let vic = app.unsubscribed_user("vic").await;
    let project = app.create_project(&ana, json!({"name": "Lake house"})).await["id"].as_i64().unwrap();
    let today = chrono::Utc::now().date_naive();
    let start = today + chrono::Duration::days(2);
    let task = json!({"title": "Framing", "planned_start": start.format("%Y-%m-%d").to_string(), "duration_days": 3});
    app.create_task(&ana, project, task).await;
    join(&app, &ana, &vic, project, "viewer").await;

    let data_dir = app.outbox_dir().parent().unwrap().to_owned();
    let settings = test_settings(&data_dir, "sqlite://unused");
    let (service, mailer) = buildledger::wiring::reminder_service(&app.db, &settings).unwrap();
    assert_eq!(service.run(today).unwrap(), 2, "the owner and the viewer");
    assert!(mailer.flush(std::time::Duration::from_secs(10)));
    let reminders: Vec<String> = mails_to(&app.outbox_dir(), "vic@example.com")
        .into_iter()
        .filter(|m| m.contains("List-Unsubscribe:"))
        .collect();
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    let mail = &reminders[0];
    let line = format!("Starts this week: Framing on {}.", start.format("%b %-d"));
    assert!(mail.contains("Lake house (shared by ana)") && mail.contains(&line), "{mail}");
    assert!(mail.contains(&format!("/kanban/{project}")), "{mail}");
    let owners = mails_to(&app.outbox_dir(), "ana@example.com");
    assert!(owners.iter().any(|m| m.contains("Lake house\n") || m.contains("Lake house\r\n")), "{owners:?}");
}
