//! Serves the built frontend: files from FRONTEND_DIST, and `index.html` for every client
//! route (deep links such as /kanban/3 must load the app, with status 200).
//!
//! `GET /` is the one exception: when the build prerendered the landing page
//! (`landing.html`: the app shell with the landing page's markup inside `#root`, so the page
//! paints before any JavaScript runs; docs/lighthouse.md), that file is sent instead of the
//! empty shell. Every other route keeps `index.html`, whose `#root` is empty.
//!
//! A missing file under `/assets/` is a 404, not the shell: those names are content-hashed build
//! output, cached for a year, so a shell served there would be cached as that asset.
//!
//! The app shell carries `Link` preload headers for its own and the route's chunks
//! (`route_preload.rs`).
//!
//! Compressed once: the build writes `<file>.br` and `<file>.gz` beside every compressible file
//! (frontend/scripts/precompress.mjs). A client that accepts one gets it as it is, with
//! `Content-Encoding` and `Vary: Accept-Encoding`; the `Compress` middleware leaves a response that
//! names its encoding alone, so nothing built is compressed again per request.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::{guard, web, HttpMessage, HttpRequest, HttpResponse};

use crate::compression::accepts;
use crate::route_preload::RoutePreload;

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>BuildLedger</title></head><body><main><h1>BuildLedger</h1><p>The web app has not been built. Run <code>make run</code>, which builds it.</p></main></body></html>";

/// The prerendered landing page, written by `npm run build` (frontend/scripts/prerender.mjs).
pub const LANDING_FILE: &str = "landing.html";

/// The variants the build writes beside a file, in the order the server prefers them.
const PRECOMPRESSED: [(ContentEncoding, &str, &str); 2] =
    [(ContentEncoding::Brotli, "br", "br"), (ContentEncoding::Gzip, "gzip", "gz")];

/// A file's precompressed variant chosen for one request.
#[derive(Clone)]
struct Variant {
    path: PathBuf,
    encoding: ContentEncoding,
    mime: actix_web::mime::Mime,
}

/// `dist`'s file for a request path made only of plain names (no `..`, no hidden files), or None.
fn plain_file(dist: &Path, request_path: &str) -> Option<PathBuf> {
    let relative = request_path.strip_prefix('/')?;
    let plain = |segment: &str| {
        !segment.is_empty()
            && !segment.starts_with('.')
            && segment.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
    };
    relative.split('/').all(plain).then(|| dist.join(relative))
}

/// The precompressed variant of `file` that the client accepts, if the build wrote one (and wrote
/// it after the file itself: a stale variant is never sent).
fn precompressed(file: &Path, accept: Option<&HeaderValue>) -> Option<Variant> {
    let accept = accept?.to_str().ok()?;
    let modified = |p: &Path| std::fs::metadata(p).ok().filter(|m| m.is_file()).and_then(|m| m.modified().ok());
    let mut original: Option<Option<SystemTime>> = None;
    for (encoding, coding, extension) in PRECOMPRESSED {
        if !accepts(accept, coding) {
            continue;
        }
        let mut name = file.file_name()?.to_owned();
        name.push(".");
        name.push(extension);
        let path = file.with_file_name(name);
        let Some(written) = modified(&path) else { continue };
        let source = *original.get_or_insert_with(|| modified(file));
        if source.is_some_and(|source| written >= source) {
            let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
            return Some(Variant { path, encoding, mime: actix_files::file_extension_to_mime(ext) });
        }
    }
    None
}

/// Opens `file`, or its precompressed variant when the client accepts one.
async fn open(file: &Path, req: &HttpRequest) -> std::io::Result<(NamedFile, bool)> {
    match precompressed(file, req.headers().get(header::ACCEPT_ENCODING)) {
        Some(v) => Ok((open_variant(&v).await?, true)),
        None => Ok((NamedFile::open_async(file).await?, false)),
    }
}

async fn open_variant(v: &Variant) -> std::io::Result<NamedFile> {
    Ok(NamedFile::open_async(&v.path)
        .await?
        .set_content_type(v.mime.clone())
        .set_content_encoding(v.encoding)
        .disable_content_disposition())
}

fn vary(res: &mut HttpResponse) {
    res.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
}

/// Sends the variant the guard in [`routes`] chose.
async fn send_precompressed(req: HttpRequest) -> actix_web::Result<HttpResponse> {
    let variant = req.extensions().get::<Variant>().cloned();
    let Some(variant) = variant else { return Ok(HttpResponse::NotFound().finish()) };
    let mut res = open_variant(&variant).await?.into_response(&req);
    vary(&mut res);
    Ok(res)
}

/// The frontend's routes: precompressed variants of built files first, then the files service
/// with the index fallback (or a notice when nothing is built).
pub fn routes(dist: Option<&Path>) -> impl FnOnce(&mut web::ServiceConfig) {
    let dist: PathBuf = dist.map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("frontend/dist"));
    move |cfg| {
        let root = dist.clone();
        cfg.service(
            web::resource("/{file:.+}")
                .guard(guard::Any(guard::Get()).or(guard::Head()))
                .guard(guard::fn_guard(move |ctx| {
                    let path = ctx.head().uri.path();
                    if path == format!("/{LANDING_FILE}") {
                        return false;
                    }
                    let found = plain_file(&root, path)
                        .and_then(|file| precompressed(&file, ctx.head().headers.get(header::ACCEPT_ENCODING)));
                    let matched = found.is_some();
                    if let Some(variant) = found {
                        ctx.req_data_mut().insert(variant);
                    }
                    matched
                }))
                .to(send_precompressed),
        )
        .service(files(&dist));
    }
}

/// The static files service with the index fallback, or a notice when nothing is built.
fn files(dist: &Path) -> Files {
    let index = dist.join("index.html");
    let landing = dist.join(LANDING_FILE);
    let preload = RoutePreload::load(dist).map(std::sync::Arc::new);
    Files::new("/", dist)
        .index_file("index.html")
        .use_etag(true)
        .use_last_modified(true)
        // `inline; filename=...` on every script and style: bytes a browser never uses.
        .disable_content_disposition()
        // The site root goes to the handler below (prerendered landing page or app shell,
        // never cached without revalidation); every other file is served as a file, except
        // landing.html itself (only `/` may show it: the app hydrates it on `/` alone).
        .path_filter(|path, _| !path.as_os_str().is_empty() && path != Path::new(LANDING_FILE))
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            let landing = landing.clone();
            let preload = preload.clone();
            async move {
                let (req, _) = req.into_parts();
                if req.path().starts_with("/assets/") {
                    let res = HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
                    return Ok(ServiceResponse::new(req, res));
                }
                let (opened, shell) = if req.path() == "/" {
                    match open(&landing, &req).await {
                        Ok(file) => (Ok(file), false),
                        Err(_) => (open(&index, &req).await, true),
                    }
                } else {
                    (open(&index, &req).await, true)
                };
                let res = match opened {
                    Ok((file, compressed)) => {
                        let mut res = file.into_response(&req);
                        if compressed {
                            vary(&mut res);
                        }
                        // The shell's and the route's chunks, asked for with the headers (route_preload.rs).
                        if let Some(preload) = preload.as_deref().filter(|_| shell && res.status().is_success()) {
                            res.headers_mut().insert(header::LINK, preload.for_path(req.path()).clone());
                        }
                        // The app shell must be revalidated so new deployments are picked up.
                        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
                        // A shared project's page is for the people it was sent to, not search engines.
                        if req.path().starts_with("/share/") {
                            res.headers_mut().insert(
                                header::HeaderName::from_static("x-robots-tag"),
                                HeaderValue::from_static("noindex, nofollow"),
                            );
                        }
                        res
                    }
                    Err(_) => HttpResponse::Ok().content_type("text/html; charset=utf-8").body(NOT_BUILT),
                };
                Ok(ServiceResponse::new(req, res))
            }
        }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::{test, App};

    async fn get(dist: &Path, path: &str) -> (u16, Option<String>, String) {
        let app = test::init_service(App::new().configure(routes(Some(dist)))).await;
        let res = test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        let status = res.status().as_u16();
        let cache = res.headers().get(header::CACHE_CONTROL).map(|v| v.to_str().unwrap().to_owned());
        let body = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
        (status, cache, body)
    }

    #[actix_web::test]
    async fn the_root_gets_the_prerendered_landing_page_and_other_routes_the_shell() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "shell").unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/a.js"), "js").unwrap();

        // Without a prerendered page, `/` is the shell, as every client route.
        assert_eq!(get(dir.path(), "/").await, (200, Some("no-cache".into()), "shell".into()));

        std::fs::write(dir.path().join(LANDING_FILE), "landing").unwrap();
        assert_eq!(get(dir.path(), "/").await, (200, Some("no-cache".into()), "landing".into()));
        for path in ["/kanban/3", "/projects", "/what-is-buildledger", "/login?next=/", "/landing.html"] {
            let (status, cache, body) = get(dir.path(), path).await;
            assert_eq!((status, body.as_str()), (200, "shell"), "{path}");
            assert_eq!(cache.as_deref(), Some("no-cache"), "{path}");
        }
        assert_eq!(get(dir.path(), "/assets/a.js").await.2, "js");
    }

    #[actix_web::test]
    async fn the_shell_names_its_routes_chunks_in_link_headers_and_the_landing_page_does_not() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "shell").unwrap();
        std::fs::write(dir.path().join(LANDING_FILE), "landing").unwrap();
        std::fs::write(
            dir.path().join(crate::route_preload::ROUTE_PRELOAD_FILE),
            r#"{"shell": ["assets/index-a.js"], "routes": [["^\\/kanban\\/[^/]+\\/?$", ["assets/board-b.js"]]]}"#,
        )
        .unwrap();
        let app = test::init_service(App::new().configure(routes(Some(dir.path())))).await;
        let link = |path: &'static str| {
            let app = &app;
            async move {
                let res = test::call_service(app, test::TestRequest::get().uri(path).to_request()).await;
                assert_eq!(res.status().as_u16(), 200, "{path}");
                res.headers().get(header::LINK).map(|v| v.to_str().unwrap().to_owned())
            }
        };
        assert_eq!(
            link("/kanban/3").await.as_deref(),
            Some("</assets/index-a.js>; rel=modulepreload, </assets/board-b.js>; rel=modulepreload")
        );
        assert_eq!(link("/projects").await.as_deref(), Some("</assets/index-a.js>; rel=modulepreload"));
        assert_eq!(link("/").await, None, "the prerendered landing page lists its own");
    }

    #[actix_web::test]
    async fn a_missing_asset_is_a_404_not_the_shell() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "shell").unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        let (status, _, body) = get(dir.path(), "/assets/index-0123abcd.js").await;
        assert_eq!((status, body.as_str()), (404, "Not found"));
        assert_eq!(get(dir.path(), "/assets/nested/gone.css").await.0, 404);
    }

    async fn get_encoded(dist: &Path, path: &str, accept: &str) -> ServiceResponse {
        let app = test::init_service(App::new().configure(routes(Some(dist)))).await;
        let req = test::TestRequest::get().uri(path).insert_header((header::ACCEPT_ENCODING, accept));
        test::call_service(&app, req.to_request()).await
    }

    fn head(res: &ServiceResponse, name: header::HeaderName) -> Option<String> {
        res.headers().get(name).map(|v| v.to_str().unwrap().to_owned())
    }

    #[actix_web::test]
    async fn a_built_variant_is_sent_as_it_is_with_its_encoding() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "shell").unwrap();
        std::fs::write(dir.path().join(LANDING_FILE), "landing").unwrap();
        std::fs::write(dir.path().join(format!("{LANDING_FILE}.br")), "landing-br").unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/app.js"), "js").unwrap();
        std::fs::write(dir.path().join("assets/app.js.br"), "js-br").unwrap();
        std::fs::write(dir.path().join("assets/app.js.gz"), "js-gz").unwrap();

        let browser = "gzip, deflate, br, zstd";
        let res = get_encoded(dir.path(), "/assets/app.js", browser).await;
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(head(&res, header::CONTENT_ENCODING).as_deref(), Some("br"));
        assert_eq!(head(&res, header::VARY).as_deref(), Some("accept-encoding"));
        assert!(head(&res, header::CONTENT_TYPE).unwrap().starts_with("text/javascript"), "{:?}", res.headers());
        assert!(head(&res, header::ETAG).is_some());
        // Sized: sent with Content-Length, not chunked.
        let size = actix_web::body::MessageBody::size(res.response().body());
        assert_eq!(size, actix_web::body::BodySize::Sized(5));
        assert_eq!(test::read_body(res).await, "js-br");

        let res = get_encoded(dir.path(), "/assets/app.js", "gzip, br;q=0").await;
        assert_eq!(head(&res, header::CONTENT_ENCODING).as_deref(), Some("gzip"));
        assert_eq!(test::read_body(res).await, "js-gz");

        // A client without br or gzip gets the file itself.
        let res = get_encoded(dir.path(), "/assets/app.js", "identity").await;
        assert_eq!(head(&res, header::CONTENT_ENCODING), None);
        assert_eq!(test::read_body(res).await, "js");

        // The root's prerendered page too, still never cached without revalidation.
        let res = get_encoded(dir.path(), "/", browser).await;
        assert_eq!(head(&res, header::CONTENT_ENCODING).as_deref(), Some("br"));
        assert_eq!(head(&res, header::CACHE_CONTROL).as_deref(), Some("no-cache"));
        assert_eq!(test::read_body(res).await, "landing-br");
        // ...and only the root shows it.
        assert_eq!(test::read_body(get_encoded(dir.path(), "/landing.html", browser).await).await, "shell");
    }

    #[actix_web::test]
    async fn a_variant_older_than_its_file_or_outside_plain_names_is_never_sent() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "shell").unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/app.js.br"), "stale").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.path().join("assets/app.js"), "fresh").unwrap();
        let res = get_encoded(dir.path(), "/assets/app.js", "br").await;
        assert_eq!(head(&res, header::CONTENT_ENCODING), None);
        assert_eq!(test::read_body(res).await, "fresh");

        let outside = dir.path().join("secret.txt");
        std::fs::write(&outside, "x").unwrap();
        std::fs::write(dir.path().join("secret.txt.br"), "x").unwrap();
        for path in ["/assets/../secret.txt", "/assets/%2e%2e/secret.txt", "/.secret.txt"] {
            assert!(plain_file(dir.path(), path).is_none(), "{path}");
        }
        assert!(plain_file(dir.path(), "/assets/index-0aB_c.js").is_some());
    }
}
