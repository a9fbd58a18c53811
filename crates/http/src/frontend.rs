//! Serves the built frontend: files from FRONTEND_DIST, and `index.html` for every client
//! route (deep links such as /kanban/3 must load the app, with status 200).

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::HttpResponse;

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>BuildLedger</title></head><body><main><h1>BuildLedger</h1><p>The web app has not been built. Run <code>make run</code>, which builds it.</p></main></body></html>";

/// The static files service with the index fallback, or a notice when nothing is built.
pub fn service(dist: Option<&Path>) -> Files {
    let dist: PathBuf = dist.map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("frontend/dist"));
    let index = dist.join("index.html");
    Files::new("/", &dist)
        .index_file("index.html")
        .use_etag(true)
        .use_last_modified(true)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                let res = match NamedFile::open_async(&index).await {
                    Ok(file) => {
                        let mut res = file.into_response(&req);
                        // The app shell must be revalidated so new deployments are picked up.
                        res.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
                        res
                    }
                    Err(_) => HttpResponse::Ok().content_type("text/html; charset=utf-8").body(NOT_BUILT),
                };
                Ok(ServiceResponse::new(req, res))
            }
        }))
}
