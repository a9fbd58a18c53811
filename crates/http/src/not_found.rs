//! The JSON 404 (or 405 with `Allow`) for unknown API paths.

use actix_web::{HttpRequest, HttpResponse};

use crate::error::ApiError;

/// Methods the OpenAPI document declares for each path template, for `Allow` headers.
fn declared_methods() -> &'static [(Vec<String>, String)] {
    static METHODS: std::sync::OnceLock<Vec<(Vec<String>, String)>> = std::sync::OnceLock::new();
    METHODS.get_or_init(|| {
        let doc: serde_json::Value = serde_json::from_str(crate::openapi::document_json()).unwrap_or_default();
        let mut out = Vec::new();
        if let Some(paths) = doc.get("paths").and_then(|p| p.as_object()) {
            for (template, item) in paths {
                let methods: Vec<String> = ["get", "post", "put", "patch", "delete"]
                    .iter()
                    .filter(|m| item.get(**m).is_some())
                    .map(|m| m.to_uppercase())
                    .collect();
                if !methods.is_empty() {
                    // Whatever answers GET answers HEAD too (head.rs).
                    let methods = if item.get("get").is_some() {
                        let mut m = methods;
                        m.insert(1, "HEAD".to_owned());
                        m
                    } else {
                        methods
                    };
                    out.push((template.split('/').map(str::to_owned).collect(), methods.join(", ")));
                }
            }
        }
        out
    })
}

/// The `Allow` value for a concrete path, from the declared templates (`{id}` matches a segment).
pub fn allowed_methods(path: &str) -> Option<&'static str> {
    let segments: Vec<&str> = path.split('/').collect();
    declared_methods()
        .iter()
        .find(|(template, _)| {
            template.len() == segments.len()
                && template.iter().zip(&segments).all(|(t, s)| t == s || matches_parameter(t, s))
        })
        .map(|(_, allow)| allow.as_str())
}

/// Whether `segment` fills the template segment `{name}` or `{name}.suffix` (`{token}.ics`).
fn matches_parameter(template: &str, segment: &str) -> bool {
    let Some(rest) = template.strip_prefix('{') else { return false };
    let Some((_, suffix)) = rest.split_once('}') else { return false };
    segment.len() > suffix.len() && segment.ends_with(suffix)
}

/// Any other `/api/...` or `/payments/...` request: 405 with `Allow` when the path exists with
/// other methods, else a JSON 404 (never the app's HTML).
pub async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(allow) = allowed_methods(req.path()) {
        let body = serde_json::json!({"error": "method_not_allowed", "message": format!("Method {} is not allowed here. Allowed: {allow}.", req.method())});
        return Ok(HttpResponse::MethodNotAllowed().insert_header(("Allow", allow)).json(body));
    }
    Err(ApiError::new(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_found",
        format!("No API endpoint at {}.", req.path()),
    ))
}
