//! Responses as a browser meets them (`Accept-Encoding: gzip, deflate, br, zstd`): the board and
//! the summary come compressed from what is kept per project version, other JSON at a fast level,
//! tiny bodies as they are; a client that accepts nothing gets the plain body.

use std::io::Read;

use actix_web::test::TestRequest;
use serde_json::{json, Value};

use crate::helpers::{Res, TestApp, User};

const BROWSER: &str = "gzip, deflate, br, zstd";

async fn get_with(app: &TestApp, path: &str, user: Option<&User>, accept: &str) -> Res {
    let mut req = TestRequest::get().uri(path).insert_header(("Accept-Encoding", accept));
    if let Some(user) = user {
        req = req.insert_header(("Authorization", format!("Bearer {}", user.access)));
    }
    app.send(req).await
}

fn decoded(res: &Res) -> Vec<u8> {
    let mut out = Vec::new();
    match res.header("content-encoding").as_deref() {
        Some("br") => {
            brotli::Decompressor::new(&res.body[..], 4096).read_to_end(&mut out).unwrap();
        }
        Some("gzip") => {
            flate2::read::GzDecoder::new(&res.body[..]).read_to_end(&mut out).unwrap();
        }
        None => out.extend_from_slice(&res.body),
        Some(other) => panic!("unexpected encoding {other}"),
    }
    out
}

#[actix_web::test]
async fn the_board_and_summary_come_compressed_from_the_kept_version() {
    let app = TestApp::new().await;
    let user = app.user("zipper").await;
    let project = app.create_project(&user, json!({})).await;
    let id = project["id"].as_i64().unwrap();
    for i in 0..20 {
        app.create_task(&user, id, json!({"title": format!("Framing {i}"), "description": "Walls and roof per plans"}))
            .await;
    }
    for path in [format!("/api/projects/{id}/tasks/"), format!("/api/projects/{id}/summary/")] {
        let plain = get_with(&app, &path, Some(&user), "identity").await;
        assert_eq!(plain.status, 200, "{}", plain.text());
        assert_eq!(plain.header("content-encoding"), None, "{path}");
        let br = get_with(&app, &path, Some(&user), BROWSER).await;
        let again = get_with(&app, &path, Some(&user), BROWSER).await;
        let gz = get_with(&app, &path, Some(&user), "gzip").await;
        if plain.body.len() >= buildledger_http::compression::MIN_BYTES {
            assert_eq!(br.header("content-encoding").as_deref(), Some("br"), "{path}");
            assert_eq!(gz.header("content-encoding").as_deref(), Some("gzip"), "{path}");
            assert!(br.header("vary").is_some_and(|v| v.contains("accept-encoding")), "{path}");
            assert!(br.body.len() < plain.body.len() / 3, "{path}: {} of {}", br.body.len(), plain.body.len());
        }
        // The same bytes for the same version, and the same JSON whatever the encoding.
        assert_eq!(br.body, again.body, "{path}");
        assert_eq!(br.header("etag"), plain.header("etag"), "{path}");
        for res in [&br, &gz] {
            let json: Value = serde_json::from_slice(&decoded(res)).unwrap();
            assert_eq!(json, plain.json(), "{path}");
        }
    }

    // A write makes a new version: its compressed body follows.
    let task = app.create_task(&user, id, json!({"title": "Roofing late"})).await;
    assert!(task["id"].is_i64());
    let board = get_with(&app, &format!("/api/projects/{id}/tasks/"), Some(&user), BROWSER).await;
    let titles: Vec<Value> = serde_json::from_slice::<Vec<Value>>(&decoded(&board)).unwrap();
    assert!(titles.iter().any(|t| t["title"] == "Roofing late"));
}

#[actix_web::test]
async fn other_json_is_compressed_and_tiny_bodies_are_not() {
    let app = TestApp::new().await;
    let sources = get_with(&app, "/api/cost-sources/", None, BROWSER).await;
    assert_eq!(sources.status, 200);
    assert_eq!(sources.header("content-encoding").as_deref(), Some("br"));
    let plain = get_with(&app, "/api/cost-sources/", None, "identity").await;
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(decoded(&sources), plain.body.to_vec());

    let health = get_with(&app, "/healthz", None, BROWSER).await;
    assert_eq!(health.header("content-encoding"), None);
    assert_eq!(health.text(), r#"{"status":"ok","database":"ok","documents":"ok"}"#);
    // Errors are JSON too, small and plain.
    let missing = get_with(&app, "/api/nothing/", None, BROWSER).await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("content-encoding"), None);
    assert!(missing.json()["message"].is_string());
}
