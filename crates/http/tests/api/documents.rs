//! Documents: multipart upload, signed downloads, listing, deletion, the type and content
//! checks, cascades from tasks and projects, and another user's documents.

use actix_web::http::Method;
use actix_web::test::TestRequest;
use serde_json::{json, Value};

use crate::helpers::{Part, TestApp, User, PDF};

async fn setup() -> (TestApp, User, i64, i64) {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let project = p["id"].as_i64().unwrap();
    let t = app.create_task(&user, project, json!({"title": "Framing"})).await;
    (app, user, project, t["id"].as_i64().unwrap())
}

#[actix_web::test]
async fn a_pdf_upload_answers_201_with_a_signed_link() {
    let (app, user, _, task) = setup().await;
    let doc = app.upload(&user, task, "quote 1.pdf", PDF).await.ok_json(201);
    assert!(doc["id"].as_i64().is_some_and(|id| id > 0), "{doc}");
    assert_eq!(doc["task"], task);
    assert_eq!(doc["name"], "quote 1.pdf");
    assert_eq!(doc["content_type"], "application/pdf");
    assert_eq!(doc["size"], PDF.len());
    assert!(chrono::DateTime::parse_from_rfc3339(doc["uploaded_at"].as_str().unwrap()).is_ok(), "{doc}");
    let file = doc["file"].as_str().unwrap();
    let prefix = format!("/api/documents/{}/download/?", doc["id"]);
    assert!(file.starts_with(&prefix) && file.contains("expires=") && file.contains("signature="), "{file}");
    assert_eq!(app.stored_files().len(), 1);
}

#[actix_web::test]
async fn the_signed_link_downloads_the_file_without_a_login() {
    let (app, user, _, task) = setup().await;
    let doc = app.upload(&user, task, "quote 1.pdf", PDF).await.ok_json(201);
    let res = app.get(doc["file"].as_str().unwrap()).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(&res.body[..], PDF);
    assert_eq!(res.header("Content-Type").as_deref(), Some("application/pdf"));
    let disposition = res.header("Content-Disposition").unwrap();
    assert!(disposition.starts_with("inline; filename=\"quote 1.pdf\""), "{disposition}");
    assert_eq!(res.header("X-Content-Type-Options").as_deref(), Some("nosniff"));
}

#[actix_web::test]
async fn a_tampered_or_missing_signature_is_404() {
    let (app, user, _, task) = setup().await;
    let doc = app.upload(&user, task, "quote.pdf", PDF).await.ok_json(201);
    let file = doc["file"].as_str().unwrap().to_owned();
    let (base, query) = file.split_once('?').unwrap();
    let params: Vec<(&str, &str)> = query.split('&').map(|kv| kv.split_once('=').unwrap()).collect();
    let expires = params.iter().find(|(k, _)| *k == "expires").unwrap().1;
    let signature = params.iter().find(|(k, _)| *k == "signature").unwrap().1;
    let mut flipped = signature.to_owned();
    let last = flipped.pop().unwrap();
    flipped.push(if last == '0' { '1' } else { '0' });
    let later: i64 = expires.parse::<i64>().unwrap() + 3600;
    let other_id = doc["id"].as_i64().unwrap() + 1;
    for url in [
        format!("{base}?expires={expires}&signature={flipped}"),
        format!("{base}?expires={later}&signature={signature}"),
        format!("{base}?expires={expires}"),
        format!("{base}?signature={signature}"),
        format!("{base}?expires=soon&signature={signature}"),
        base.to_owned(),
        format!("/api/documents/{other_id}/download/?expires={expires}&signature={signature}"),
        format!("{base}?expires=1&signature={signature}"),
    ] {
        app.get(&url).await.assert_error(404, "not_found");
    }
    // The genuine link still works.
    assert_eq!(app.get(&file).await.status, 200);
}

#[actix_web::test]
async fn documents_are_listed_by_task() {
    let (app, user, project, task) = setup().await;
    let other_task = app.create_task(&user, project, json!({"title": "Roofing"})).await["id"].as_i64().unwrap();
    let d1 = app.upload(&user, task, "a.pdf", PDF).await.ok_json(201);
    let d2 = app.upload(&user, task, "b.txt", b"plain text notes\n").await.ok_json(201);
    app.upload(&user, other_task, "c.csv", b"a,b\n1,2\n").await.ok_json(201);
    let list = app.authed_get(&format!("/api/documents/?task={task}"), &user).await.ok_json(200);
    let ids: Vec<&Value> = list.as_array().unwrap().iter().map(|d| &d["id"]).collect();
    assert_eq!(ids, [&d1["id"], &d2["id"]]);
    assert_eq!(list[1]["content_type"], "text/plain; charset=utf-8");
    // Every listed link works.
    for d in list.as_array().unwrap() {
        assert_eq!(app.get(d["file"].as_str().unwrap()).await.status, 200);
    }
    // And one document by id.
    let got = app.authed_get(&format!("/api/documents/{}/", d1["id"]), &user).await.ok_json(200);
    assert_eq!((got["id"].clone(), got["name"].clone()), (d1["id"].clone(), json!("a.pdf")));
    // A bad or missing task parameter.
    app.authed_get("/api/documents/", &user).await.assert_error(400, "invalid_query");
    app.authed_get("/api/documents/?task=abc", &user).await.assert_error(400, "invalid_query");
    app.authed_get("/api/documents/?task=999999", &user).await.assert_error(404, "not_found");
}

#[actix_web::test]
async fn disallowed_types_are_415_and_nothing_is_kept() {
    let (app, user, _, task) = setup().await;
    let cases: [(&str, &[u8]); 5] = [
        ("setup.exe", b"MZ\x90\x00\x03\x00\x00\x00"),
        ("page.html", b"<html><body>hi</body></html>"),
        ("fake.pdf", b"<html><script>alert(1)</script></html>"),
        ("fake.png", b"GIF89a......"),
        ("noextension", b"%PDF-1.4"),
    ];
    for (name, bytes) in cases {
        let res = app.upload(&user, task, name, bytes).await;
        res.assert_error(415, "unsupported_media_type");
    }
    assert!(app.stored_files().is_empty());
    assert_eq!(app.authed_get(&format!("/api/documents/?task={task}"), &user).await.ok_json(200), json!([]));
}

#[actix_web::test]
async fn a_missing_file_or_task_is_400() {
    let (app, user, _, task) = setup().await;
    let task_s = task.to_string();
    let res = app.upload_parts(Some(&user.access), &[Part::Field("task", &task_s)]).await;
    let err = res.assert_error(400, "validation_error");
    assert!(err["fields"]["file"].is_array(), "{err}");
    let res = app.upload_parts(Some(&user.access), &[Part::File("file", "quote.pdf", PDF)]).await;
    let err = res.assert_error(400, "validation_error");
    assert!(err["fields"]["task"].is_array(), "{err}");
    let res =
        app.upload_parts(Some(&user.access), &[Part::Field("task", "abc"), Part::File("file", "quote.pdf", PDF)]).await;
    let err = res.assert_error(400, "validation_error");
    assert!(err["fields"]["task"].is_array(), "{err}");
    // Two files in one request.
    let res = app
        .upload_parts(
            Some(&user.access),
            &[Part::Field("task", &task_s), Part::File("file", "a.pdf", PDF), Part::File("file", "b.pdf", PDF)],
        )
        .await;
    assert_eq!(res.status, 400, "{}", res.text());
    assert!(app.stored_files().is_empty());
}

#[actix_web::test]
async fn a_non_multipart_upload_is_rejected() {
    let (app, user, _, task) = setup().await;
    let res = app.authed_json(Method::POST, "/api/documents/", &user, Some(json!({"task": task, "file": "x"}))).await;
    res.assert_error(415, "unsupported_media_type");
    let req = TestRequest::post()
        .uri("/api/documents/")
        .insert_header(("Authorization", format!("Bearer {}", user.access)))
        .set_payload("raw");
    let res = app.send(req).await;
    assert!(matches!(res.status, 400 | 415), "{}", res.text());
}

#[actix_web::test]
async fn delete_answers_204_and_removes_the_file() {
    let (app, user, _, task) = setup().await;
    let doc = app.upload(&user, task, "quote.pdf", PDF).await.ok_json(201);
    let keep = app.upload(&user, task, "keep.pdf", PDF).await.ok_json(201);
    assert_eq!(app.stored_files().len(), 2);
    let path = format!("/api/documents/{}/", doc["id"]);
    let res = app.authed_json(Method::DELETE, &path, &user, None).await;
    assert_eq!(res.status, 204);
    assert!(res.body.is_empty());
    assert_eq!(app.stored_files().len(), 1);
    app.get(doc["file"].as_str().unwrap()).await.assert_error(404, "not_found");
    app.authed_get(&path, &user).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &user, None).await.assert_error(404, "not_found");
    let list = app.authed_get(&format!("/api/documents/?task={task}"), &user).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], keep["id"]);
}

#[actix_web::test]
async fn deleting_the_task_removes_its_documents() {
    let (app, user, project, task) = setup().await;
    let other = app.create_task(&user, project, json!({"title": "Roofing"})).await["id"].as_i64().unwrap();
    let doc = app.upload(&user, task, "quote.pdf", PDF).await.ok_json(201);
    app.upload(&user, other, "other.pdf", PDF).await.ok_json(201);
    assert_eq!(app.stored_files().len(), 2);
    assert_eq!(app.authed_json(Method::DELETE, &format!("/api/tasks/{task}/"), &user, None).await.status, 204);
    assert_eq!(app.stored_files().len(), 1);
    app.get(doc["file"].as_str().unwrap()).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/documents/{}/", doc["id"]), &user).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/documents/?task={task}"), &user).await.assert_error(404, "not_found");
    assert_eq!(
        app.authed_get(&format!("/api/documents/?task={other}"), &user).await.ok_json(200).as_array().unwrap().len(),
        1
    );
}

#[actix_web::test]
async fn deleting_the_project_removes_its_tasks_and_documents() {
    let (app, user, project, task) = setup().await;
    let keep_project = app.create_project(&user, json!({"name": "Keep"})).await["id"].as_i64().unwrap();
    let keep_task = app.create_task(&user, keep_project, json!({"title": "Fence"})).await["id"].as_i64().unwrap();
    let doc = app.upload(&user, task, "quote.pdf", PDF).await.ok_json(201);
    app.upload(&user, task, "notes.txt", b"notes").await.ok_json(201);
    app.upload(&user, keep_task, "keep.pdf", PDF).await.ok_json(201);
    assert_eq!(app.stored_files().len(), 3);
    assert_eq!(app.authed_json(Method::DELETE, &format!("/api/projects/{project}/"), &user, None).await.status, 204);
    assert_eq!(app.stored_files().len(), 1);
    app.get(doc["file"].as_str().unwrap()).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/documents/{}/", doc["id"]), &user).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &format!("/api/tasks/{task}/"), &user, Some(json!({"title": "x"})))
        .await
        .assert_error(404, "not_found");
    assert_eq!(
        app.authed_get(&format!("/api/documents/?task={keep_task}"), &user)
            .await
            .ok_json(200)
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[actix_web::test]
async fn another_users_documents_are_404() {
    let (app, ana, _, task) = setup().await;
    let bob = app.user("bob").await;
    let doc = app.upload(&ana, task, "quote.pdf", PDF).await.ok_json(201);
    let path = format!("/api/documents/{}/", doc["id"]);
    app.authed_get(&path, &bob).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/documents/?task={task}"), &bob).await.assert_error(404, "not_found");
    app.upload(&bob, task, "mine.pdf", PDF).await.assert_error(404, "not_found");
    // Ana's document and file are untouched.
    assert_eq!(app.stored_files().len(), 1);
    assert_eq!(
        app.authed_get(&format!("/api/documents/?task={task}"), &ana).await.ok_json(200).as_array().unwrap().len(),
        1
    );
    assert_eq!(app.get(doc["file"].as_str().unwrap()).await.status, 200);
}

#[actix_web::test]
async fn a_viewer_reads_documents_and_a_partner_manages_them() {
    let (app, ana, project, task) = setup().await;
    let (sam, lena) = (app.user("sam").await, app.user("lena").await);
    crate::members::join(&app, &ana, project, &sam, "partner").await;
    crate::members::join(&app, &ana, project, &lena, "viewer").await;
    let doc = app.upload(&sam, task, "quote.pdf", PDF).await.ok_json(201);
    let path = format!("/api/documents/{}/", doc["id"]);
    let renamed = app.authed_json(Method::PATCH, &path, &sam, Some(json!({"name": "Smith bid"}))).await.ok_json(200);
    assert_eq!(renamed["name"], "Smith bid.pdf");

    // The viewer lists, reads and downloads...
    let list = app.authed_get(&format!("/api/documents/?task={task}"), &lena).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1);
    let got = app.authed_get(&path, &lena).await.ok_json(200);
    assert_eq!(app.get(got["file"].as_str().unwrap()).await.status, 200);
    // ... and changes nothing, whatever the body says.
    app.upload(&lena, task, "mine.pdf", PDF).await.assert_error(403, "forbidden");
    for body in [json!({"name": "Mine"}), json!({}), json!({"name": ""})] {
        app.authed_json(Method::PATCH, &path, &lena, Some(body)).await.assert_error(403, "forbidden");
    }
    app.authed_json(Method::DELETE, &path, &lena, None).await.assert_error(403, "forbidden");
    assert_eq!(app.stored_files().len(), 1);
    assert_eq!(app.authed_get(&path, &ana).await.ok_json(200)["name"], "Smith bid.pdf");

    // A stranger's bad body is still a 404.
    let bob = app.user("bob").await;
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({}))).await.assert_error(404, "not_found");
    assert_eq!(app.authed_json(Method::DELETE, &path, &sam, None).await.status, 204);
    assert!(app.stored_files().is_empty());
}

#[actix_web::test]
async fn uploads_to_unknown_tasks_are_404() {
    let (app, user, _, _) = setup().await;
    app.upload(&user, 999_999, "quote.pdf", PDF).await.assert_error(404, "not_found");
    assert!(app.stored_files().is_empty());
}

#[actix_web::test]
async fn a_file_over_25_mib_is_413_and_nothing_is_kept() {
    let (app, user, _, task) = setup().await;
    let mut big = b"%PDF-1.4\n".to_vec();
    big.resize(25 * 1024 * 1024 + 1, b'0');
    app.upload(&user, task, "huge.pdf", &big).await.assert_error(413, "payload_too_large");
    assert!(app.stored_files().is_empty());
    assert_eq!(app.spooled_files(), 0);
    // Exactly 25 MiB is fine.
    big.truncate(25 * 1024 * 1024);
    let doc = app.upload(&user, task, "big.pdf", &big).await.ok_json(201);
    assert_eq!(doc["size"], 25 * 1024 * 1024);
    assert_eq!(app.spooled_files(), 0);
}

#[actix_web::test]
async fn uploaded_names_are_sanitized() {
    let (app, user, _, task) = setup().await;
    let doc = app.upload(&user, task, "../../etc/quote<1>:x.pdf", PDF).await.ok_json(201);
    let name = doc["name"].as_str().unwrap();
    assert!(!name.contains('/') && !name.contains('"') && name.ends_with(".pdf"), "{name}");
    let res = app.get(doc["file"].as_str().unwrap()).await;
    assert_eq!(res.status, 200);
    assert!(res.header("Content-Disposition").unwrap().starts_with("inline; filename=\""));
}

/// A 2x1 grey baseline JPEG without metadata (JFIF, tables, one scan).
const JPEG: &[u8] = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\
\xff\xdb\x00\x43\x00\x10\x0b\x0c\x0e\x0c\x0a\x10\x0e\x0d\x0e\x12\x11\x10\x13\x18\x28\x1a\x18\x16\x16\x18\x31\x23\
\x25\x1d\x28\x3a\x33\x3d\x3c\x39\x33\x38\x37\x40\x48\x5c\x4e\x40\x44\x57\x45\x37\x38\x50\x6d\x51\x57\x5f\x62\x67\
\x68\x67\x3e\x4d\x71\x79\x70\x64\x78\x5c\x65\x67\x63\
\xff\xc0\x00\x0b\x08\x00\x01\x00\x02\x01\x01\x11\x00\
\xff\xc4\x00\x14\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\xff\xc4\x00\x14\x10\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00\x3f\xff\xd9";

/// 30° 16' 12.34" as three little-endian rationals, as a phone stores a latitude.
fn latitude() -> Vec<u8> {
    [30u32, 1, 16, 1, 1234, 100].iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// [`JPEG`] with the EXIF a phone writes: the camera make in IFD0 and the position in the GPS IFD
/// (tag 0x8825 points at it).
fn jpeg_with_gps() -> Vec<u8> {
    let mut tiff = b"II*\0\x08\0\0\0".to_vec();
    // IFD0 at 8: Make -> "Canon" at 104, Orientation 1, GPSInfo -> GPS IFD at 50; no next IFD.
    tiff.extend_from_slice(&3u16.to_le_bytes());
    tiff.extend_from_slice(b"\x0f\x01\x02\x00\x06\x00\x00\x00\x68\x00\x00\x00");
    tiff.extend_from_slice(b"\x12\x01\x03\x00\x01\x00\x00\x00\x01\x00\x00\x00");
    tiff.extend_from_slice(b"\x25\x88\x04\x00\x01\x00\x00\x00\x32\x00\x00\x00");
    tiff.extend_from_slice(&0u32.to_le_bytes());
    // GPS IFD at 50: LatitudeRef "N", Latitude -> 3 rationals at 80.
    tiff.extend_from_slice(&2u16.to_le_bytes());
    tiff.extend_from_slice(b"\x01\x00\x02\x00\x02\x00\x00\x00N\0\0\0");
    tiff.extend_from_slice(b"\x02\x00\x05\x00\x03\x00\x00\x00\x50\x00\x00\x00");
    tiff.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(tiff.len(), 80);
    tiff.extend(latitude());
    tiff.extend_from_slice(b"Canon\0");
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend(tiff);
    let mut jpeg = JPEG[..2].to_vec();
    jpeg.extend_from_slice(&[0xFF, 0xE1]);
    jpeg.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    jpeg.extend(app1);
    jpeg.extend_from_slice(&JPEG[2..]);
    jpeg
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[actix_web::test]
async fn an_uploaded_jpeg_is_served_without_its_gps_and_camera_data() {
    let (app, user, _, task) = setup().await;
    let original = jpeg_with_gps();
    assert!(contains(&original, &latitude()) && contains(&original, b"\x25\x88\x04\x00"));
    let doc = app.upload(&user, task, "IMG_2041.JPG", &original).await.ok_json(201);
    assert_eq!(doc["content_type"], "image/jpeg");
    let res = app.get(doc["file"].as_str().unwrap()).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let served = &res.body[..];
    assert!(!contains(served, &latitude()), "the GPS latitude is served");
    assert!(!contains(served, b"\x25\x88") && !contains(served, b"\x88\x25"), "the GPS IFD pointer (0x8825) is served");
    assert!(!contains(served, b"Canon") && !contains(served, b"Exif"), "camera data is served");
    // The picture itself is the same, and the size shown is the cleaned file's.
    assert_eq!(served, JPEG);
    assert_eq!(doc["size"], served.len());
    let stored = app.stored_files();
    assert_eq!(stored.len(), 1);
    assert_eq!(std::fs::read(&stored[0]).unwrap(), JPEG, "the original is not kept on the server either");
}

#[actix_web::test]
async fn an_image_that_cannot_be_read_is_400_and_nothing_is_kept() {
    let (app, user, _, task) = setup().await;
    // A JPEG cut inside its EXIF segment.
    let cut = &jpeg_with_gps()[..40];
    let err = app.upload(&user, task, "IMG_2042.jpg", cut).await.assert_error(400, "bad_request");
    assert!(err["message"].as_str().unwrap().contains("could not be read"), "{err}");
    assert!(app.stored_files().is_empty());
    assert_eq!(app.spooled_files(), 0);
}
