//! The account lifecycle (issue 16): rotating refresh tokens, sign-out that revokes, sign out
//! everywhere, password change, password reset through the outbox and through a real SMTP
//! server, the data export, account deletion, and the throttles of these calls.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use actix_web::http::Method;
use actix_web::test::TestRequest;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User, PASSWORD};

async fn refresh(app: &TestApp, token: &str) -> crate::helpers::Res {
    app.post_json("/api/token/refresh/", json!({ "refresh": token })).await
}

async fn login_with(app: &TestApp, username: &str, password: &str) -> crate::helpers::Res {
    app.post_json("/api/token/", json!({"username": username, "password": password})).await
}

// ---------------------------------------------------------------- refresh rotation, sign-out

#[actix_web::test]
async fn refresh_rotates_the_refresh_token() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let body = refresh(&app, &user.refresh).await.ok_json(200);
    let (access, next) = (body["access"].as_str().unwrap(), body["refresh"].as_str().unwrap());
    assert_ne!(next, user.refresh, "a new refresh token");
    let me = app.json(Method::GET, "/api/me/", Some(access), None).await.ok_json(200);
    assert_eq!(me["id"], user.id);
    // The new one works in turn.
    refresh(&app, next).await.ok_json(200);
}

#[actix_web::test]
async fn a_replaced_refresh_token_used_again_ends_the_whole_session() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let r1 = user.refresh.clone();
    let r2 = refresh(&app, &r1).await.ok_json(200)["refresh"].as_str().unwrap().to_owned();
    let r3 = refresh(&app, &r2).await.ok_json(200)["refresh"].as_str().unwrap().to_owned();
    // r1 is two rotations old: a thief's copy. Refused, and the owner's current token with it.
    refresh(&app, &r1).await.assert_error(401, "token_invalid");
    refresh(&app, &r3).await.assert_error(401, "token_invalid");
    // Other sessions of the user are untouched.
    let (_, other) = app.login("ana").await;
    refresh(&app, &other).await.ok_json(200);
}

#[actix_web::test]
async fn two_tabs_refreshing_with_one_token_both_stay_signed_in() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let first = refresh(&app, &user.refresh).await.ok_json(200);
    // Within the grace period the replaced token gets the very pair of the first rotation, as
    // often as it comes (idempotent): a copy of it never gets a rotation of its own.
    for _ in 0..3 {
        assert_eq!(refresh(&app, &user.refresh).await.ok_json(200), first);
    }
    let next = refresh(&app, first["refresh"].as_str().unwrap()).await.ok_json(200);
    assert_ne!(next, first);
    // The other tab's copy of `first` is now the one just replaced: it gets `next`, not a theft.
    assert_eq!(refresh(&app, first["refresh"].as_str().unwrap()).await.ok_json(200), next);
}

#[actix_web::test]
async fn a_stolen_refresh_token_stops_working_after_the_owner_signs_out() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let stolen = user.refresh.clone();
    let res = app.post_json("/api/logout/", json!({ "refresh": user.refresh })).await;
    assert_eq!(res.status, 204, "{}", res.text());
    refresh(&app, &stolen).await.assert_error(401, "token_invalid");
    // Signing out twice, or with garbage.
    assert_eq!(app.post_json("/api/logout/", json!({ "refresh": stolen })).await.status, 204);
    app.post_json("/api/logout/", json!({"refresh": "garbage"})).await.assert_error(401, "token_invalid");
    app.post_json("/api/logout/", json!({"refresh": user.access})).await.assert_error(401, "token_invalid");
    let err = app.post_json("/api/logout/", json!({})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["refresh"].is_array(), "{err}");
}

#[actix_web::test]
async fn signing_out_everywhere_revokes_every_session() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let (_, laptop) = app.login("ana").await;
    let bob = app.unsubscribed_user("bob").await;
    let res = app.authed_json(Method::POST, "/api/logout-all/", &user, None).await;
    assert_eq!(res.status, 204, "{}", res.text());
    refresh(&app, &user.refresh).await.assert_error(401, "token_invalid");
    refresh(&app, &laptop).await.assert_error(401, "token_invalid");
    refresh(&app, &bob.refresh).await.ok_json(200);
    app.json(Method::POST, "/api/logout-all/", None, None).await.assert_error(401, "not_authenticated");
}

// ---------------------------------------------------------------- password change

#[actix_web::test]
async fn changing_the_password_needs_the_current_one_and_signs_out_the_other_sessions() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let (_, phone) = app.login("ana").await;
    let change = |current: &str, new: &str| json!({"current_password": current, "new_password": new});

    let err = app
        .authed_json(Method::POST, "/api/password/change/", &user, Some(change("wrong one", "short")))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["current_password"].is_array() && err["fields"]["new_password"].is_array(), "{err}");
    let err = app
        .authed_json(Method::POST, "/api/password/change/", &user, Some(json!({"new_password": "x"})))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["current_password"].is_array(), "{err}");
    login_with(&app, "ana", PASSWORD).await.ok_json(200);

    let res = app
        .authed_json(Method::POST, "/api/password/change/", &user, Some(change(PASSWORD, "a brand new passphrase")))
        .await;
    assert_eq!(res.status, 204, "{}", res.text());
    refresh(&app, &phone).await.assert_error(401, "token_invalid");
    refresh(&app, &user.refresh).await.ok_json(200);
    login_with(&app, "ana", PASSWORD).await.assert_error(401, "invalid_credentials");
    login_with(&app, "ana", "a brand new passphrase").await.ok_json(200);
}

#[actix_web::test]
async fn wrong_current_passwords_are_throttled_like_failed_logins() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let body = json!({"current_password": "not it at all", "new_password": "whatever long"});
    for _ in 0..5 {
        app.authed_json(Method::POST, "/api/password/change/", &user, Some(body.clone()))
            .await
            .assert_error(400, "validation_error");
    }
    app.authed_json(Method::POST, "/api/password/change/", &user, Some(body))
        .await
        .assert_error(429, "too_many_requests");
    login_with(&app, "ana", PASSWORD).await.assert_error(429, "too_many_requests");
}

// ---------------------------------------------------------------- password reset

/// The `.eml` files of a folder, waiting until there are `n` (mail is sent in the background).
fn wait_for_mail(dir: &Path, n: usize) -> Vec<String> {
    let start = Instant::now();
    loop {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect())
            .unwrap_or_default();
        if files.len() >= n || start.elapsed() > Duration::from_secs(20) {
            files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
            let mails: Vec<String> = files.iter().map(|f| std::fs::read_to_string(f).unwrap_or_default()).collect();
            // lettre writes each file in place: under load one can be read half written.
            let whole = mails.iter().all(|m| {
                let text = decoded(m);
                text.split("reset-password?token=").nth(1).is_some_and(|t| t.chars().take_while(char::is_ascii_hexdigit).count() >= 64)
            });
            if whole || start.elapsed() > Duration::from_secs(20) {
                return mails;
            }
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

fn decoded(mail: &str) -> String {
    mail.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

/// The `token=` of the reset link in a message (its body is quoted-printable: soft line breaks
/// `=` + newline, and `=3D` for `=`).
fn reset_token(mail: &str) -> String {
    let text = decoded(mail);
    let after = text.split("/reset-password?token=").nth(1).unwrap_or_else(|| panic!("no reset link in {mail}"));
    after.chars().take_while(|c| c.is_ascii_hexdigit()).collect()
}

#[actix_web::test]
async fn a_forgotten_password_is_reset_through_a_single_use_link_in_the_outbox() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let known = app.post_json("/api/password/reset/", json!({"email": "ANA@example.com"})).await.ok_json(200);
    let unknown = app.post_json("/api/password/reset/", json!({"email": "ghost@example.com"})).await.ok_json(200);
    assert_eq!(known, unknown, "the answer does not tell whether an account exists");
    let mails = wait_for_mail(&app.outbox_dir(), 1);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(wait_for_mail(&app.outbox_dir(), 1).len(), 1, "no mail for an unknown address");
    assert!(mails[0].contains("To: ana@example.com"), "{}", mails[0]);
    assert!(decoded(&mails[0]).contains("http://localhost:8080/reset-password?token="), "{}", mails[0]);
    let token = reset_token(&mails[0]);
    assert_eq!(token.len(), 64, "256 random bits");

    let confirm = |token: &str, password: &str| json!({"token": token, "password": password});
    let err =
        app.post_json("/api/password/reset/confirm/", confirm("0".repeat(64).as_str(), "long enough pw")).await;
    assert!(err.assert_error(400, "validation_error")["fields"]["token"].is_array());
    let err = app.post_json("/api/password/reset/confirm/", confirm(&token, "short")).await;
    assert!(err.assert_error(400, "validation_error")["fields"]["password"].is_array());
    let res = app.post_json("/api/password/reset/confirm/", confirm(&token, "my new passphrase")).await;
    assert_eq!(res.status, 204, "{}", res.text());
    // Used once; every session signed out; the new password works, the old one not.
    let again = app.post_json("/api/password/reset/confirm/", confirm(&token, "another passphrase")).await;
    assert!(again.assert_error(400, "validation_error")["fields"]["token"].is_array());
    refresh(&app, &user.refresh).await.assert_error(401, "token_invalid");
    login_with(&app, "ana", PASSWORD).await.assert_error(401, "invalid_credentials");
    login_with(&app, "ana@example.com", "my new passphrase").await.ok_json(200);
}

#[actix_web::test]
async fn reset_requests_are_checked_and_throttled() {
    let app = TestApp::new().await;
    let err = app.post_json("/api/password/reset/", json!({"email": "not an email"})).await;
    assert!(err.assert_error(400, "validation_error")["fields"]["email"].is_array());
    app.post_json("/api/password/reset/", json!({})).await.assert_error(400, "validation_error");
    let err = app.post_json("/api/password/reset/confirm/", json!({})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["token"].is_array() && err["fields"]["password"].is_array(), "{err}");
    let mut throttled = false;
    for _ in 0..25 {
        let res = app.post_json("/api/password/reset/", json!({"email": "ghost@example.com"})).await;
        if res.status == 429 {
            assert!(res.header("Retry-After").is_some());
            throttled = true;
            break;
        }
        res.ok_json(200);
    }
    assert!(throttled, "20 reset calls from one address, then 429");
}

/// A real SMTP server for the test: Python's aiosmtpd, saving messages in a maildir.
struct SmtpServer {
    child: std::process::Child,
    port: u16,
    maildir: tempfile::TempDir,
}

impl SmtpServer {
    fn start() -> SmtpServer {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let maildir = tempfile::tempdir().unwrap();
        let child = std::process::Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
            .arg(maildir.path().join("mail"))
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("python3 with aiosmtpd (pip install aiosmtpd) runs the test SMTP server");
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed() < Duration::from_secs(15), "aiosmtpd did not start (pip install aiosmtpd)");
            std::thread::sleep(Duration::from_millis(50));
        }
        SmtpServer { child, port, maildir }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[actix_web::test]
async fn with_smtp_url_the_reset_mail_goes_to_a_real_smtp_server() {
    let smtp = SmtpServer::start();
    let url = format!("smtp://127.0.0.1:{}", smtp.port);
    let app = TestApp::with_settings(|s| s.smtp_url = Some(url)).await;
    app.unsubscribed_user("ana").await;
    app.post_json("/api/password/reset/", json!({"email": "ana@example.com"})).await.ok_json(200);
    let mails = wait_for_mail(&smtp.maildir.path().join("mail").join("new"), 1);
    assert_eq!(mails.len(), 1, "the SMTP server received the message");
    assert!(mails[0].contains("Subject: Reset your BuildLedger password"), "{}", mails[0]);
    assert!(!app.outbox_dir().exists() || wait_for_mail(&app.outbox_dir(), 0).is_empty(), "nothing in the outbox");
    let token = reset_token(&mails[0]);
    let res = app
        .post_json("/api/password/reset/confirm/", json!({"token": token, "password": "via smtp passphrase"}))
        .await;
    assert_eq!(res.status, 204, "{}", res.text());
    login_with(&app, "ana", "via smtp passphrase").await.ok_json(200);
}

// ---------------------------------------------------------------- export and deletion

async fn owner_with_a_document(app: &TestApp, name: &str) -> (User, i64, i64) {
    let user = app.user(name).await;
    let project = app.create_project(&user, json!({"name": format!("{name}'s house")})).await["id"].as_i64().unwrap();
    let task = app.create_task(&user, project, json!({"title": "Framing", "actual_cost": 1200.5})).await["id"]
        .as_i64()
        .unwrap();
    app.upload(user_ref(&user), task, "quote.pdf", crate::helpers::PDF).await.ok_json(201);
    (user, project, task)
}

fn user_ref(u: &User) -> &User {
    u
}

#[actix_web::test]
async fn my_data_holds_my_account_projects_tasks_and_documents_and_nothing_of_others() {
    let app = TestApp::new().await;
    let (ana, project, task) = owner_with_a_document(&app, "ana").await;
    owner_with_a_document(&app, "bob").await;
    // The money of the build goes with it: roster, bids, payments, change orders, draws.
    let post = |path: &'static str, body: Value| {
        let (app, ana) = (&app, &ana);
        async move { app.authed_json(actix_web::http::Method::POST, path, ana, Some(body)).await.ok_json(201) }
    };
    let acme = post("/api/contractors/", json!({"name": "Acme"})).await;
    post("/api/bids/", json!({"task": task, "contractor": acme["id"], "amount": 900})).await;
    post("/api/task-payments/", json!({"task": task, "amount": 300, "payee": "Ace"})).await;
    post("/api/change-orders/", json!({"task": task, "description": "Extra", "amount": -20})).await;
    post("/api/draws/", json!({"project": project, "tasks": [task]})).await;
    let link = post("/api/shares/", json!({"project": project, "label": "Bank", "include_payments": true})).await;
    let res = app.authed_get("/api/account/export/", &ana).await;
    assert!(res.header("content-disposition").unwrap().starts_with("attachment;"), "{:?}", res.headers);
    let data = res.ok_json(200);
    assert_eq!(data["user"]["username"], "ana");
    assert_eq!(data["user"]["email"], "ana@example.com");
    assert!(data["user"].get("password_hash").is_none(), "{data}");
    assert_eq!(data["subscription"]["status"], "active");
    let projects = data["projects"].as_array().unwrap();
    assert_eq!(projects.len(), 1, "only ana's: {data}");
    assert_eq!(projects[0]["id"], project);
    assert_eq!(projects[0]["name"], "ana's house");
    let tasks = projects[0]["tasks"].as_array().unwrap();
    assert_eq!(tasks[0]["id"], task);
    assert_eq!(tasks[0]["actual_cost"], 1200.5);
    assert_eq!(data["contractors"][0]["name"], "Acme");
    assert_eq!(tasks[0]["bids"][0]["amount"], 900.0);
    assert_eq!(tasks[0]["payments"][0]["payee"], "Ace");
    assert_eq!(tasks[0]["change_orders"][0]["amount"], -20.0);
    assert_eq!(projects[0]["draws"][0]["number"], 1);
    assert_eq!(projects[0]["shares"][0]["label"], "Bank");
    let scope = |k: &str| projects[0]["shares"][0][k].clone();
    assert_eq!(
        (scope("include_documents"), scope("include_bids"), scope("include_payments")),
        (json!(false), json!(false), json!(true))
    );
    assert!(!data.to_string().contains(link["token"].as_str().unwrap()), "a share token is never exported");
    let documents = tasks[0]["documents"].as_array().unwrap();
    assert_eq!(documents[0]["name"], "quote.pdf");
    // Its link downloads the file.
    let file = documents[0]["file"].as_str().unwrap();
    assert_eq!(app.get(file).await.body, crate::helpers::PDF);
    // Without a subscription the export still works (it is the user's data).
    let unpaid = app.unsubscribed_user("carl").await;
    let data: Value = app.authed_get("/api/account/export/", &unpaid).await.ok_json(200);
    assert_eq!(data["projects"], json!([]));
    app.get("/api/account/export/").await.assert_error(401, "not_authenticated");
}

/// The invitation token of the last mail to `to` (the mail's quoted-printable undone).
fn invitation_token(app: &TestApp, to: &str) -> String {
    let mails = crate::members::mails_to(&app.outbox_dir(), to, 1);
    let text = mails.last().expect("the invitation mail").replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
    let after = text.split("/join?token=").nth(1).expect("a join link");
    let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
    assert_eq!(token.len(), 64, "{text}");
    token
}

#[actix_web::test]
async fn my_data_holds_the_schedule_the_lien_waivers_the_team_and_the_whole_trail() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let task = |title: &'static str, days: i64| {
        let (app, ana) = (&app, &ana);
        async move {
            app.create_task(ana, project, json!({"title": title, "duration_days": days})).await["id"].as_i64().unwrap()
        }
    };
    let (foundation, framing) = (task("Foundation", 3).await, task("Framing", 2).await);
    let post = |path: &'static str, body: Value| {
        let (app, ana) = (&app, &ana);
        async move { app.authed_json(Method::POST, path, ana, Some(body)).await.ok_json(201) }
    };
    let link = post("/api/dependencies/", json!({"predecessor": foundation, "successor": framing, "lag_days": 1})).await;
    // The baseline of the plan as it stands: Foundation Mon 5 to Wed 7 January, Framing (a
    // working day of lag) Fri 9 to Mon 12.
    app.authed_json(Method::POST, &format!("/api/projects/{project}/baseline/"), &ana, None).await.ok_json(201);
    let acme = post("/api/contractors/", json!({"name": "Acme Framing"})).await["id"].as_i64().unwrap();
    let pay = json!({"task": framing, "amount": 2000, "contractor": acme, "paid_on": "2026-11-20"});
    let payment = post("/api/task-payments/", pay).await["id"].as_i64().unwrap();
    let waiver = post(
        "/api/lien-waivers/",
        json!({"project": project, "contractor": acme, "payment": payment, "kind": "conditional_progress",
               "amount": "2000.00", "through_date": "2026-11-15"}),
    )
    .await;
    let delay = json!({"task": framing, "days": 3, "reason": "weather", "note": "Rain", "recorded_on": "2026-01-09"});
    let delay = post("/api/delays/", delay).await;
    let inspection = post(
        "/api/inspections/",
        json!({"task": foundation, "kind": "Footing", "scheduled_on": "2026-01-07", "inspector": "City of Austin",
               "result": "passed", "notes": "Rebar ok"}),
    )
    .await;
    crate::members::join(&app, &ana, project, &bob, "partner").await;
    let joined_token = invitation_token(&app, "bob@example.com");
    let invite = json!({"email": "carl@example.com", "role": "viewer"});
    app.authed_json(Method::POST, &format!("/api/projects/{project}/members/"), &ana, Some(invite)).await.ok_json(201);
    let open_token = invitation_token(&app, "carl@example.com");

    let data = app.authed_get("/api/account/export/", &ana).await.ok_json(200);
    let p = &data["projects"][0];
    assert_eq!(p["id"], project);
    let tasks = p["tasks"].as_array().unwrap();
    let of = |id: i64| tasks.iter().find(|t| t["id"] == id).unwrap_or_else(|| panic!("task {id}: {p}"));
    // Per task: its delays and inspections, as the API answers them.
    assert_eq!(
        of(framing)["delays"],
        json!([{"id": delay["id"], "project": project, "task": framing, "days": 3, "reason": "weather",
                "note": "Rain", "recorded_on": "2026-01-09"}])
    );
    assert_eq!(of(foundation)["delays"], json!([]));
    assert_eq!(
        of(foundation)["inspections"],
        json!([{"id": inspection["id"], "project": project, "task": foundation, "kind": "Footing",
                "scheduled_on": "2026-01-07", "inspector": "City of Austin", "result": "passed",
                "notes": "Rebar ok", "document": null}])
    );
    assert_eq!(of(framing)["inspections"], json!([]));
    assert_eq!(of(framing)["payments"][0]["amount"], 2000.0);
    // Per project: lien waivers, links, the baseline, the team, the trail.
    assert_eq!(
        p["lien_waivers"],
        json!([{"id": waiver["id"], "project": project, "contractor": acme, "contractor_name": "Acme Framing",
                "payment": payment, "kind": "conditional_progress", "amount": 2000.0,
                "through_date": "2026-11-15", "status": "requested", "received_on": null, "document": null,
                "document_name": null}])
    );
    assert_eq!(
        p["dependencies"],
        json!([{"id": link["id"], "project": project, "predecessor": foundation, "successor": framing,
                "type": "FS", "lag_days": 1}])
    );
    assert_eq!(
        p["baseline"],
        json!({"baseline_finish": "2026-01-12", "tasks": [
            {"task": foundation, "baseline_start": "2026-01-05", "baseline_finish": "2026-01-07"},
            {"task": framing, "baseline_start": "2026-01-09", "baseline_finish": "2026-01-12"}]})
    );
    let members = p["members"].as_array().unwrap();
    let who: Vec<_> = members.iter().map(|m| (m["user"].clone(), m["email"].clone(), m["role"].clone())).collect();
    assert_eq!(
        who,
        [
            (json!("bob"), json!("bob@example.com"), json!("partner")),
            (Value::Null, json!("carl@example.com"), json!("viewer"))
        ]
    );
    assert!(members[0]["joined_at"].is_string() && members[1]["joined_at"].is_null(), "{members:?}");
    let listed = app.authed_get(&format!("/api/projects/{project}/members/"), &ana).await.ok_json(200);
    assert_eq!(p["members"], listed, "the members as the API lists them");
    let text = data.to_string();
    for token in [&joined_token, &open_token] {
        assert!(!text.contains(token.as_str()), "an invitation token is never exported");
    }
    assert!(!text.contains("token"), "no token field either: {text}");
    // The whole trail, newest first, as the feed pages it.
    let trail = p["activity"].as_array().unwrap();
    let feed = app.authed_get(&format!("/api/projects/{project}/activity/?limit=200"), &ana).await.ok_json(200);
    assert_eq!(p["activity"], feed["entries"]);
    assert!(feed["next"].is_null(), "{feed}");
    let ids: Vec<i64> = trail.iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    let actions: Vec<&str> = trail.iter().map(|e| e["action"].as_str().unwrap()).collect();
    for action in ["task.created", "payment.created", "member.invited", "member.joined"] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
    assert_eq!(actions.iter().filter(|a| **a == "task.created").count(), 2, "{actions:?}");
    assert_eq!(trail[0]["action"], "member.invited", "the last change comes first");
    // A project without a baseline exports null; a member's own export holds none of ana's.
    let bare = app.create_project(&ana, json!({"name": "Bare"})).await["id"].as_i64().unwrap();
    let data = app.authed_get("/api/account/export/", &ana).await.ok_json(200);
    let bare = data["projects"].as_array().unwrap().iter().find(|p| p["id"] == bare).unwrap().clone();
    assert_eq!((bare["baseline"].clone(), bare["members"].clone()), (Value::Null, json!([])));
    let theirs = app.authed_get("/api/account/export/", &bob).await.ok_json(200);
    assert_eq!(theirs["projects"], json!([]));
}

#[actix_web::test]
async fn deleting_my_account_needs_my_password_and_removes_everything() {
    let app = TestApp::new().await;
    let (ana, project, _) = owner_with_a_document(&app, "ana").await;
    let (bob, bobs_project, _) = owner_with_a_document(&app, "bob").await;
    assert_eq!(app.stored_files().len(), 2);

    let err = app
        .authed_json(Method::DELETE, "/api/account/", &ana, Some(json!({"password": "not my password"})))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["password"].is_array(), "{err}");
    app.authed_json(Method::DELETE, "/api/account/", &ana, Some(json!({}))).await.assert_error(400, "validation_error");
    app.authed_get(&format!("/api/projects/{project}/"), &ana).await.ok_json(200);

    let res = app.authed_json(Method::DELETE, "/api/account/", &ana, Some(json!({"password": PASSWORD}))).await;
    assert_eq!(res.status, 204, "{}", res.text());
    login_with(&app, "ana", PASSWORD).await.assert_error(401, "invalid_credentials");
    refresh(&app, &ana.refresh).await.assert_error(401, "token_invalid");
    // The subscription record and the files are gone; bob keeps his.
    assert!(DieselSubscriptionRepository::new(app.db.clone()).find_for_user(ana.id).unwrap().is_none());
    assert_eq!(app.stored_files().len(), 1);
    app.authed_get(&format!("/api/projects/{bobs_project}/"), &bob).await.ok_json(200);
    // The name is free again.
    app.register("ana").await;
}

#[actix_web::test]
async fn an_account_that_used_every_feature_deletes_and_leaves_no_row_file_or_session() {
    let app = TestApp::new().await;
    let (ana, project, task) = owner_with_a_document(&app, "ana").await;
    let (bob, bobs_project, _) = owner_with_a_document(&app, "bob").await;
    let call = |method: Method, path: String, body: Option<Value>| {
        let (app, ana) = (&app, &ana);
        async move { app.authed_json(method, &path, ana, body).await }
    };
    let post = |path: &str, body: Value| call(Method::POST, path.to_owned(), Some(body));
    // Bids and an award, payments, an approved change order, a funded draw, a share link, a
    // second session: everything that ties rows to the contractors and the user.
    let acme = post("/api/contractors/", json!({"name": "Acme"})).await.ok_json(201);
    let other = post("/api/contractors/", json!({"name": "Other"})).await.ok_json(201);
    let bid = post("/api/bids/", json!({"task": task, "contractor": acme["id"], "amount": 900})).await.ok_json(201);
    post("/api/bids/", json!({"task": task, "contractor": other["id"], "amount": 950})).await.ok_json(201);
    call(Method::POST, format!("/api/bids/{}/award/", bid["id"]), None).await.ok_json(200);
    post("/api/task-payments/", json!({"task": task, "amount": 300, "payee": "Acme", "contractor": acme["id"]}))
        .await
        .ok_json(201);
    post("/api/change-orders/", json!({"task": task, "description": "Beam", "amount": 250, "status": "approved"}))
        .await
        .ok_json(201);
    let draw = post("/api/draws/", json!({"project": project, "tasks": [task]})).await.ok_json(201);
    let draw_path = format!("/api/draws/{}/", draw["id"]);
    call(Method::PATCH, draw_path.clone(), Some(json!({"status": "submitted"}))).await.ok_json(200);
    call(Method::PATCH, draw_path, Some(json!({"status": "funded", "funded_amount": 300, "funded_on": "2026-11-28"})))
        .await
        .ok_json(200);
    let link = post("/api/shares/", json!({"project": project, "label": "Bank", "include_documents": true}))
        .await
        .ok_json(201);
    let (_, phone_refresh) = app.login("ana").await;

    let res = app.authed_json(Method::DELETE, "/api/account/", &ana, Some(json!({"password": PASSWORD}))).await;
    assert_eq!(res.status, 204, "{}", res.text());

    // No row of ana's is left in any table, no file, no session, no share link.
    let left = app.db.read(move |conn| {
        use diesel::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut left = Vec::new();
        for (table, filter) in [
            ("users", format!("id = {}", ana.id)),
            ("projects", format!("owner_id = {}", ana.id)),
            ("tasks", format!("project_id = {project}")),
            ("documents", format!("owner_id = {}", ana.id)),
            ("contractors", format!("owner_id = {}", ana.id)),
            ("bids", format!("project_id = {project}")),
            ("task_payments", format!("task_id = {task}")),
            ("change_orders", format!("task_id = {task}")),
            ("draws", format!("project_id = {project}")),
            ("draw_items", "TRUE".to_owned()),
            ("project_shares", format!("owner_id = {}", ana.id)),
            ("sessions", format!("user_id = {}", ana.id)),
            ("subscriptions", format!("user_id = {}", ana.id)),
            ("invoices", format!("user_id = {}", ana.id)),
        ] {
            let sql = format!("SELECT COUNT(*) AS n FROM {table} WHERE {filter}");
            let n = diesel::sql_query(sql).get_result::<N>(conn)?.n;
            if n > 0 {
                left.push(format!("{table}: {n}"));
            }
        }
        Ok(left)
    });
    assert_eq!(left.unwrap(), Vec::<String>::new());
    assert_eq!(app.stored_files().len(), 1, "only bob's file");
    refresh(&app, &phone_refresh).await.assert_error(401, "token_invalid");
    app.get(&format!("/api/share/{}/", link["token"].as_str().unwrap())).await.assert_error(404, "not_found");
    // Billing stopped after the data went (local payments cancel at once: nothing pending).
    let pending = buildledger_application::subscription::ports::BillingCancellationRepository::pending(
        &DieselSubscriptionRepository::new(app.db.clone()),
        10,
    );
    assert_eq!(pending.unwrap(), Vec::<String>::new());
    // Bob keeps everything.
    app.authed_get(&format!("/api/projects/{bobs_project}/"), &bob).await.ok_json(200);
}

// ---------------------------------------------------------------- throttles

#[actix_web::test]
async fn parallel_wrong_passwords_are_counted_before_they_are_checked() {
    let app = TestApp::new().await;
    app.register("ana").await;
    let attempts = (0..20).map(|_| login_with(&app, "ana", "wrong password"));
    let results = futures_util::future::join_all(attempts).await;
    let checked = results.iter().filter(|r| r.status == 401).count();
    let throttled = results.iter().filter(|r| r.status == 429).count();
    assert_eq!((checked, throttled), (5, 15), "20 at once against a limit of 5");
}

#[actix_web::test]
async fn the_right_password_is_slowed_down_for_a_minute_not_locked_out_for_fifteen() {
    let app = TestApp::new().await;
    app.register("ana").await;
    for _ in 0..5 {
        login_with(&app, "ana@example.com", "wrong password").await.assert_error(401, "invalid_credentials");
    }
    // Every spelling of the account shares its bucket.
    let res = login_with(&app, "ANA", PASSWORD).await;
    res.assert_error(429, "too_many_requests");
    let wait: u64 = res.header("Retry-After").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
}

/// A login from a given client address.
async fn login_from(app: &TestApp, address: &str, username: &str, password: &str) -> crate::helpers::Res {
    let req = TestRequest::post()
        .uri("/api/token/")
        .peer_addr(format!("{address}:4000").parse().unwrap())
        .set_json(json!({"username": username, "password": password}));
    app.send(req).await
}

#[actix_web::test]
async fn wrong_passwords_from_one_address_do_not_stop_the_owner_signing_in_from_another() {
    let app = TestApp::new().await;
    app.register("ana").await;
    let mut refused = 0;
    for _ in 0..8 {
        let res = login_from(&app, "198.51.100.66", "ana", "wrong password").await;
        refused += usize::from(res.status == 429);
        assert!(res.status == 401 || res.status == 429, "{}", res.status);
    }
    assert_eq!(refused, 3, "the guessing address is stopped after 5");
    let started = std::time::Instant::now();
    login_from(&app, "203.0.113.20", "ana", PASSWORD).await.ok_json(200);
    assert!(started.elapsed() < std::time::Duration::from_secs(1), "not even slowed down");
    // The guessing address stays refused, even with the right password.
    login_from(&app, "198.51.100.66", "ana", PASSWORD).await.assert_error(429, "too_many_requests");
}

#[actix_web::test]
async fn a_campaign_from_many_addresses_only_slows_the_owner_down() {
    let app = TestApp::new().await;
    app.register("ana").await;
    // 20 addresses, one guess each: the account's own bucket (20) is empty.
    for i in 0..20 {
        login_from(&app, &format!("198.51.100.{i}"), "ana", "wrong password")
            .await
            .assert_error(401, "invalid_credentials");
    }
    // An address that guessed is refused; a fresh one gets in after the slow-down (2 s).
    login_from(&app, "198.51.100.3", "ana", "wrong password").await.assert_error(429, "too_many_requests");
    let started = std::time::Instant::now();
    login_from(&app, "203.0.113.20", "ana", PASSWORD).await.ok_json(200);
    assert!(started.elapsed() >= std::time::Duration::from_secs(2), "slowed down");
}

#[actix_web::test]
async fn registrations_are_limited_per_address() {
    let app = TestApp::new().await;
    let register = |i: usize| {
        let req = TestRequest::post()
            .uri("/api/register/")
            .peer_addr("203.0.113.5:4000".parse().unwrap())
            .set_json(json!({"username": format!("u{i}"), "email": format!("u{i}@example.com"), "password": PASSWORD}));
        app.send(req)
    };
    // Malformed registrations do not count.
    for _ in 0..5 {
        let req = TestRequest::post()
            .uri("/api/register/")
            .peer_addr("203.0.113.5:4000".parse().unwrap())
            .set_json(json!({"username": ""}));
        app.send(req).await.assert_error(400, "validation_error");
    }
    for i in 0..100 {
        assert_eq!(register(i).await.status, 201, "registration {i}");
    }
    let res = register(100).await;
    res.assert_error(429, "too_many_requests");
    assert!(res.header("Retry-After").is_some());
    // Another address is not affected.
    let other = TestRequest::post()
        .uri("/api/register/")
        .peer_addr("198.51.100.1:4000".parse().unwrap())
        .set_json(json!({"username": "elsewhere", "email": "e@example.com", "password": PASSWORD}));
    assert_eq!(app.send(other).await.status, 201);
}

#[actix_web::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_address_limit() {
    let app = TestApp::with_settings(|s| {
        s.trusted_proxies = buildledger_http::client_address::TrustedProxies::parse("10.0.0.1").unwrap()
    })
    .await;
    app.register("ana").await;
    let attempt = |client: &str, user: &str| {
        let req = TestRequest::post()
            .uri("/api/token/")
            .peer_addr("10.0.0.1:443".parse().unwrap())
            .insert_header(("X-Forwarded-For", client.to_owned()))
            .set_json(json!({"username": user, "password": "wrong password"}));
        app.send(req)
    };
    // One attacker behind the proxy spends the address budget on made-up accounts...
    for i in 0..50 {
        attempt("198.51.100.66", &format!("nobody{i}")).await.assert_error(401, "invalid_credentials");
    }
    attempt("198.51.100.66", "nobody-else").await.assert_error(429, "too_many_requests");
    // ...and the owner, through the same proxy, still logs in.
    let req = TestRequest::post()
        .uri("/api/token/")
        .peer_addr("10.0.0.1:443".parse().unwrap())
        .insert_header(("X-Forwarded-For", "203.0.113.20"))
        .set_json(json!({"username": "ana", "password": PASSWORD}));
    app.send(req).await.ok_json(200);
}

#[actix_web::test]
async fn a_look_alike_username_cannot_be_registered() {
    let app = TestApp::new().await;
    app.register("paypal").await;
    let res = app
        .post_json(
            "/api/register/",
            json!({"username": "p\u{0430}ypal", "email": "phish@example.com", "password": PASSWORD}),
        )
        .await;
    let err = res.assert_error(409, "conflict");
    assert!(err["fields"]["username"][0].as_str().unwrap().contains("looks the same"), "{err}");
}
