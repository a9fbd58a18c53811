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

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::HttpResponse;

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>BuildLedger</title></head><body><main><h1>BuildLedger</h1><p>The web app has not been built. Run <code>make run</code>, which builds it.</p></main></body></html>";

/// The prerendered landing page, written by `npm run build` (frontend/scripts/prerender.mjs).
pub const LANDING_FILE: &str = "landing.html";

/// The static files service with the index fallback, or a notice when nothing is built.
pub fn service(dist: Option<&Path>) -> Files {
    let dist: PathBuf = dist.map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("frontend/dist"));
    let index = dist.join("index.html");
    let landing = dist.join(LANDING_FILE);
    Files::new("/", &dist)
        .index_file("index.html")
        .use_etag(true)
        .use_last_modified(true)
        // The site root goes to the handler below (prerendered landing page or app shell,
        // never cached without revalidation); every other file is served as a file, except
        // landing.html itself (only `/` may show it: the app hydrates it on `/` alone).
        .path_filter(|path, _| !path.as_os_str().is_empty() && path != Path::new(LANDING_FILE))
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            let landing = landing.clone();
            async move {
                let (req, _) = req.into_parts();
                if req.path().starts_with("/assets/") {
                    let res = HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
                    return Ok(ServiceResponse::new(req, res));
                }
                let opened = if req.path() == "/" {
                    match NamedFile::open_async(&landing).await {
                        Ok(file) => Ok(file),
                        Err(_) => NamedFile::open_async(&index).await,
                    }
                } else {
                    NamedFile::open_async(&index).await
                };
                let res = match opened {
                    Ok(file) => {
                        let mut res = file.into_response(&req);
                        // The app shell must be revalidated so new deployments are picked up.
                        res.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
                        // A shared project's page is for the people it was sent to, not search engines.
                        if req.path().starts_with("/share/") {
                            res.headers_mut().insert(
                                header::HeaderName::from_static("x-robots-tag"),
                                header::HeaderValue::from_static("noindex, nofollow"),
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
        let app = test::init_service(App::new().service(service(Some(dist)))).await;
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
    async fn a_missing_asset_is_a_404_not_the_shell() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "shell").unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        let (status, _, body) = get(dir.path(), "/assets/index-0123abcd.js").await;
        assert_eq!((status, body.as_str()), (404, "Not found"));
        assert_eq!(get(dir.path(), "/assets/nested/gone.css").await.0, 404);
    }
}
