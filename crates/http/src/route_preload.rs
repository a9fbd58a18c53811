//! `Link` preload headers for the app shell (issue 31). The build writes `route-preload.json`
//! beside `index.html` (frontend/vite.config.ts, `routePreload`): the scripts and styles the shell
//! loads, and for each client route pattern the chunks that route needs. With `index.html` the
//! server sends them as `Link: <...>; rel=modulepreload` (styles: `rel=preload; as=style;
//! crossorigin`, the mode in which the page asks for its styles: Vite marks them `crossorigin`, and
//! a preload in another mode is not used, the style downloaded twice), so a
//! browser asks for them as soon as the response's headers arrive, instead of after parsing the
//! page and running its route preload module: on a slow phone network that was ~0.5 s of the
//! board's first load. Without the file (a development build, no frontend), nothing is added.

use std::path::Path;

use actix_web::http::header::HeaderValue;
use regex_lite::Regex;
use serde::Deserialize;

/// The file the build writes (frontend/vite.config.ts).
pub const ROUTE_PRELOAD_FILE: &str = "route-preload.json";

#[derive(Deserialize)]
struct Manifest {
    shell: Vec<String>,
    /// (pattern of `location.pathname`, files under dist)
    routes: Vec<(String, Vec<String>)>,
}

/// The `Link` header of each route, built once at start-up.
pub struct RoutePreload {
    shell: HeaderValue,
    routes: Vec<(Regex, HeaderValue)>,
}

/// One `Link` entry: modules are preloaded as modules (parsed ahead, kept in the module map).
fn link(file: &str) -> Option<String> {
    // Only the build's own file names: no quoting or escaping needed, nothing else let through.
    let plain = !file.is_empty()
        && !file.contains("..")
        && file.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~'));
    if !plain {
        return None;
    }
    let path = file.trim_start_matches('/');
    Some(if path.ends_with(".css") {
        format!("</{path}>; rel=preload; as=style; crossorigin")
    } else {
        format!("</{path}>; rel=modulepreload")
    })
}

fn header(files: &[&String]) -> Option<HeaderValue> {
    let links: Vec<String> = files.iter().filter_map(|f| link(f)).collect();
    HeaderValue::from_str(&links.join(", ")).ok()
}

impl RoutePreload {
    /// Reads `dist/route-preload.json`; None when it is missing or not what the build writes.
    pub fn load(dist: &Path) -> Option<RoutePreload> {
        let text = std::fs::read_to_string(dist.join(ROUTE_PRELOAD_FILE)).ok()?;
        let manifest: Manifest = match serde_json::from_str(&text) {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!(error = %e, "{ROUTE_PRELOAD_FILE} is not readable: no preload headers");
                return None;
            }
        };
        let shell: Vec<&String> = manifest.shell.iter().collect();
        let mut routes = Vec::new();
        for (pattern, files) in &manifest.routes {
            let Ok(re) = Regex::new(pattern) else {
                tracing::warn!(pattern, "{ROUTE_PRELOAD_FILE}: a route pattern that does not compile is skipped");
                continue;
            };
            let all: Vec<&String> =
                shell.iter().copied().chain(files.iter().filter(|f| !manifest.shell.contains(f))).collect();
            routes.push((re, header(&all)?));
        }
        Some(RoutePreload { shell: header(&shell)?, routes })
    }

    /// The `Link` header for the app shell served at `path`.
    pub fn for_path(&self, path: &str) -> &HeaderValue {
        self.routes.iter().find(|(re, _)| re.is_match(path)).map(|(_, v)| v).unwrap_or(&self.shell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, json: &str) {
        std::fs::write(dir.join(ROUTE_PRELOAD_FILE), json).unwrap();
    }

    #[test]
    fn each_route_gets_the_shell_and_its_own_chunks() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            r#"{"shell": ["assets/index-a.js", "assets/index-b.css"],
                "routes": [["^\\/kanban\\/[^/]+\\/?$", ["assets/board-c.js", "assets/index-a.js", "assets/board-d.css"]]]}"#,
        );
        let preload = RoutePreload::load(dir.path()).unwrap();
        assert_eq!(
            preload.for_path("/kanban/3").to_str().unwrap(),
            "</assets/index-a.js>; rel=modulepreload, </assets/index-b.css>; rel=preload; as=style; crossorigin, \
             </assets/board-c.js>; rel=modulepreload, </assets/board-d.css>; rel=preload; as=style; crossorigin"
        );
        assert_eq!(
            preload.for_path("/projects").to_str().unwrap(),
            "</assets/index-a.js>; rel=modulepreload, </assets/index-b.css>; rel=preload; as=style; crossorigin"
        );
        assert_eq!(preload.for_path("/kanban/3/money"), preload.for_path("/login"));
    }

    #[test]
    fn a_missing_or_broken_file_adds_nothing_and_odd_names_are_left_out() {
        let dir = tempfile::tempdir().unwrap();
        assert!(RoutePreload::load(dir.path()).is_none());
        write(dir.path(), "not json");
        assert!(RoutePreload::load(dir.path()).is_none());
        write(
            dir.path(),
            r#"{"shell": ["assets/a.js", "assets/b c.js", "../x.js", "x>; rel=x"], "routes": [["(", ["y.js"]]]}"#,
        );
        let preload = RoutePreload::load(dir.path()).unwrap();
        assert_eq!(preload.for_path("/x").to_str().unwrap(), "</assets/a.js>; rel=modulepreload");
    }
}
