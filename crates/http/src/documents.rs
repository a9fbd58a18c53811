//! Documents: multipart upload, listing, deletion and signed downloads.

use std::io::Write;

use actix_multipart::{Multipart, MultipartError};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::documents::{DocumentView, UploadedFile};
use buildledger_domain::document::MAX_DOCUMENT_BYTES;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::IdPath;
use crate::request::{Patch, ValidJson};
use crate::state::AppState;
use buildledger_domain::ids::{DocumentId, TaskId, TypedId};

/// A file attached to a task.
#[derive(Serialize, ToSchema)]
#[schema(as = Document)]
pub(crate) struct DocumentResponse {
    id: i64,
    task: i64,
    /// Signed download URL, valid 15 minutes:
    /// `/api/documents/{id}/download/?expires=...&signature=...`. Opens in a new tab without a
    /// login header.
    file: String,
    name: String,
    content_type: String,
    #[schema(minimum = 0)]
    size: i64,
    #[schema(format = DateTime)]
    uploaded_at: String,
}

/// `POST /api/documents/` as `multipart/form-data` (read part by part, never buffered whole).
#[derive(ToSchema)]
#[schema(as = DocumentUpload)]
#[allow(dead_code)]
struct UploadForm {
    /// The task id.
    #[schema(minimum = 1)]
    task: i64,
    /// One file (its part's filename gives the type), at most 25 MiB: PDF, PNG, JPG/JPEG, GIF,
    /// WEBP, HEIC, TXT, CSV, DOC/DOCX, XLS/XLSX. The content must match the extension.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

impl From<DocumentView> for DocumentResponse {
    fn from(v: DocumentView) -> Self {
        let d = v.document;
        DocumentResponse {
            id: d.id,
            task: d.task_id,
            file: v.download_url,
            name: d.name,
            content_type: d.content_type,
            size: d.size_bytes,
            uploaded_at: d.uploaded_at.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        }
    }
}

fn multipart_error(e: MultipartError) -> ApiError {
    match e {
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the upload as multipart/form-data with the fields task and file.",
        ),
        other => ApiError::bad_request("bad_request", format!("The upload could not be read: {other}")),
    }
}

const TOO_LARGE: &str = "The file is larger than 25 MB.";

/// `POST /api/documents/`: multipart with `task` and one `file`.
#[utoipa::path(
    tag = "documents", operation_id = "uploadDocument", summary = "Upload one file to a task",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The document.", body = DocumentResponse,
            links(("GetDocument" = (operation_id = "getDocument", parameters(("id" = "$response.body#/id")))),
                  ("DeleteDocument" = (operation_id = "deleteDocument", parameters(("id" = "$response.body#/id")))))),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 413, description = "The file is larger than 25 MB, or the storage quota is full (`payload_too_large`).", body = crate::error::ErrorBody),
        (status = 415, description = "File type not allowed, content not matching the extension, or not multipart (`unsupported_media_type`).", body = crate::error::ErrorBody),
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/documents/")]
pub async fn upload(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    mut payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut task: Option<String> = None;
    let mut file: Option<(tempfile::NamedTempFile, UploadedFile)> = None;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(multipart_error)?;
        match field.name().unwrap_or("") {
            "task" => {
                let mut raw = Vec::new();
                while let Some(chunk) = field.next().await {
                    raw.extend_from_slice(&chunk.map_err(multipart_error)?);
                    if raw.len() > 32 {
                        return Err(ApiError::bad_request("validation_error", "task: A valid integer is required."));
                    }
                }
                task = Some(String::from_utf8_lossy(&raw).trim().to_owned());
            }
            "file" => {
                if file.is_some() {
                    return Err(ApiError::bad_request("bad_request", "Send one file per request."));
                }
                let original_name =
                    field.content_disposition().and_then(|cd| cd.get_filename()).unwrap_or("document").to_owned();
                std::fs::create_dir_all(&state.upload_tmp).map_err(ApiError::internal)?;
                let mut tmp = tempfile::NamedTempFile::new_in(&state.upload_tmp).map_err(ApiError::internal)?;
                let mut size: u64 = 0;
                let mut head: Vec<u8> = Vec::with_capacity(512);
                while let Some(chunk) = field.next().await {
                    let chunk = chunk.map_err(multipart_error)?;
                    size += chunk.len() as u64;
                    if size > MAX_DOCUMENT_BYTES {
                        // The temporary file is removed when `tmp` drops.
                        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", TOO_LARGE));
                    }
                    if head.len() < 512 {
                        let take = (512 - head.len()).min(chunk.len());
                        head.extend_from_slice(&chunk[..take]);
                    }
                    tmp.write_all(&chunk).map_err(ApiError::internal)?;
                }
                tmp.flush().map_err(ApiError::internal)?;
                let meta = UploadedFile { original_name, temp_path: tmp.path().to_path_buf(), size_bytes: size, head };
                file = Some((tmp, meta));
            }
            _ => {
                // Unknown parts are read and ignored.
                while let Some(chunk) = field.next().await {
                    chunk.map_err(multipart_error)?;
                }
            }
        }
    }
    let mut missing = buildledger_domain::FieldErrors::new();
    let task_id = match task.as_deref() {
        None | Some("") => {
            missing.add("task", buildledger_domain::messages::REQUIRED);
            None
        }
        Some(t) => match t.parse::<i64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                missing.add("task", buildledger_domain::messages::NOT_AN_INTEGER);
                None
            }
        },
    };
    if file.is_none() {
        missing.add("file", "No file was submitted.");
    }
    let (Some(task_id), Some((tmp, meta))) = (task_id, file) else {
        return Err(ApiError::validation(&missing));
    };
    let svc = state.documents.clone();
    let view = blocking(move || svc.upload(user.owner(), TaskId::new(task_id), meta)).await?;
    drop(tmp);
    Ok(HttpResponse::Created().json(DocumentResponse::from(view)))
}

/// `?task={id}`: read as text so that a bad value gets our own message.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// The task id.
    #[param(value_type = i64, required = true, minimum = 1)]
    task: Option<String>,
}

/// `GET /api/documents/?task={id}`
#[utoipa::path(
    tag = "documents", operation_id = "listDocuments", summary = "A task's documents",
    params(ListQuery),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Documents.", body = [DocumentResponse]),
        (status = 400, description = "Missing or bad `task` parameter (`invalid_query`).", body = crate::error::ErrorBody),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/documents/")]
pub async fn list(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let raw = query.into_inner().task.ok_or_else(|| {
        ApiError::bad_request("invalid_query", "The task query parameter is required, e.g. ?task=12.")
    })?;
    let task_id = raw
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_request("invalid_query", "task must be a task id."))?;
    let svc = state.documents.clone();
    let docs = blocking(move || svc.list(user.owner(), TaskId::new(task_id))).await?;
    Ok(HttpResponse::Ok().json(docs.into_iter().map(DocumentResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "documents", operation_id = "getDocument", summary = "One document, with a fresh signed link",
    params(IdPath<DocumentId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The document.", body = DocumentResponse),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/documents/{id}/")]
pub async fn get(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DocumentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.documents.clone();
    let doc = blocking(move || svc.get(user.owner(), id)).await?;
    Ok(HttpResponse::Ok().json(DocumentResponse::from(doc)))
}

/// `PATCH /api/documents/{id}/`.
#[derive(Debug, Default, Deserialize, validator::Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DocumentRename)]
pub struct RenameRequest {
    /// The new name. The file's extension is kept: "Smith bid" for `quote.pdf` becomes
    /// `Smith bid.pdf`.
    #[schema(value_type = String, min_length = 1, max_length = 200, pattern = "[^\\s]", required = true)]
    #[validate(length(max = 200, message = "Ensure this field has no more than 200 characters."))]
    #[serde(default)]
    name: Patch<String>,
}

#[utoipa::path(
    tag = "documents", operation_id = "renameDocument", summary = "Rename a document",
    params(IdPath<DocumentId>),
    request_body = RenameRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The renamed document.", body = DocumentResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[patch("/documents/{id}/")]
pub async fn rename(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DocumentId>,
    body: ValidJson<RenameRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let mut errors = body.shape_errors;
    let name = body.body.name.required(&mut errors, "name");
    // Reported by the use case after its check: someone else's document is a 404, a viewer's
    // rename a 403, whatever the body (the authorization matrix).
    let name = errors.into_result().map(|()| name.unwrap_or_default());
    let svc = state.documents.clone();
    let doc = blocking(move || svc.rename(user.owner(), id, name)).await?;
    Ok(HttpResponse::Ok().json(DocumentResponse::from(doc)))
}

#[utoipa::path(
    tag = "documents", operation_id = "deleteDocument", summary = "Delete a document and its file",
    params(IdPath<DocumentId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        crate::openapi::SharedWriteErrors,
    )
)]
#[delete("/documents/{id}/")]
pub async fn delete(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DocumentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.documents.clone();
    blocking(move || svc.delete(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The signed link's query; anything missing or wrong is simply not found.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// Unix seconds, from the signed link.
    #[param(value_type = i64, required = true)]
    expires: Option<String>,
    /// From the signed link.
    #[param(value_type = String, required = true)]
    signature: Option<String>,
}

/// `GET /api/documents/{id}/download/?expires=..&signature=..`: the signature is the credential.
#[utoipa::path(
    tag = "documents", operation_id = "downloadDocument",
    summary = "The file behind a signed link (no login: the signature is the credential)",
    params(IdPath<DocumentId>, DownloadQuery),
    security(()),
    responses(
        (status = 200, description = "The file, served inline with its stored content type.",
            content_type = "application/octet-stream", body = Vec<u8>,
            headers(("Content-Disposition" = String), ("X-Content-Type-Options" = String))),
        (status = 400, description = "Unreadable query string, e.g. a repeated parameter (`invalid_query`).", body = crate::error::ErrorBody),
        (status = 404, description = "Unknown document, or a bad or expired signature (`not_found`).", body = crate::error::ErrorBody),
        (status = 503, response = crate::openapi::Unavailable),
    )
)]
#[get("/documents/{id}/download/")]
pub async fn download(
    state: web::Data<AppState>,
    path: IdPath<DocumentId>,
    query: web::Query<DownloadQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let q = query.into_inner();
    let expires = q.expires.and_then(|e| e.parse::<i64>().ok()).ok_or_else(|| ApiError::not_found("Document"))?;
    let signature = q.signature.ok_or_else(|| ApiError::not_found("Document"))?;
    let svc = state.documents.clone();
    let dl = blocking(move || svc.download(id.get(), expires, &signature)).await?;
    let disposition = content_disposition(&dl.document.name);
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, dl.document.content_type.clone()))
        .insert_header((header::CONTENT_DISPOSITION, disposition))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, max-age=300"))
        // Even an allowed type is never run as a page of our origin.
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        ))
        .body(dl.bytes))
}

/// `inline` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987).
fn content_disposition(name: &str) -> String {
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).collect();
    let encoded: String = url::form_urlencoded::byte_serialize(name.as_bytes()).collect::<String>().replace('+', "%20");
    format!("inline; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn disposition_escapes_names() {
        assert_eq!(
            content_disposition("quote 1.pdf"),
            "inline; filename=\"quote 1.pdf\"; filename*=UTF-8''quote%201.pdf"
        );
        assert!(content_disposition("devis é.pdf").starts_with("inline; filename=\"devis _.pdf\""));
    }
}
