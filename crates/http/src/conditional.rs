//! Conditional reads: the board and the summary answer 304 while the caller's copy is current
//! (their ETag is the project's version, known in memory or read with one query).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use buildledger_domain::ids::{ProjectId, UserId};

use crate::error::{blocking, ApiError};
use crate::state::AppState;

fn if_none_match(req: &HttpRequest) -> Option<&str> {
    req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok())
}

/// The version of the caller's project: from memory when this process knows it, else one query.
pub(crate) async fn current_version(
    state: &AppState,
    owner_id: UserId,
    project_id: ProjectId,
) -> Result<i64, ApiError> {
    match state.tasks.known_board_version(owner_id, project_id) {
        Some(known) => Ok(known?),
        None => {
            let svc = state.tasks.clone();
            blocking(move || svc.board_version(owner_id, project_id)).await
        }
    }
}

pub(crate) fn matches_tag(req: &HttpRequest, current: &str) -> bool {
    if_none_match(req).is_some_and(|tag| tag.split(',').any(|t| t.trim() == current))
}

pub(crate) fn not_modified(etag: String) -> HttpResponse {
    HttpResponse::NotModified()
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .finish()
}
