//! Documents: multipart upload, listing, deletion and signed downloads.

use std::io::Write;

use actix_multipart::{Multipart, MultipartError};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use buildledger_application::documents::{DocumentView, UploadedFile};
use buildledger_domain::document::MAX_DOCUMENT_BYTES;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use crate::auth::Subscribed;
use crate::error::{blocking, ApiError};
use crate::projects::parse_id;
use crate::state::AppState;

#[derive(Serialize)]
struct DocumentResponse {
    id: i64,
    task: i64,
    /// A signed link valid for a few minutes: opens in a new tab without a login header.
    file: String,
    name: String,
    content_type: String,
    size: i64,
    uploaded_at: String,
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
pub async fn upload(
    Subscribed(user): Subscribed,
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
            missing.add("task", "This field is required.");
            None
        }
        Some(t) => match t.parse::<i64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                missing.add("task", "A valid integer is required.");
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
    let view = blocking(move || svc.upload(user.id, task_id, meta)).await?;
    drop(tmp);
    Ok(HttpResponse::Created().json(DocumentResponse::from(view)))
}

#[derive(Deserialize)]
pub struct ListQuery {
    task: Option<String>,
}

/// `GET /api/documents/?task={id}`
pub async fn list(
    Subscribed(user): Subscribed,
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
    let docs = blocking(move || svc.list(user.id, task_id)).await?;
    Ok(HttpResponse::Ok().json(docs.into_iter().map(DocumentResponse::from).collect::<Vec<_>>()))
}

pub async fn get(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Document")?;
    let svc = state.documents.clone();
    let doc = blocking(move || svc.get(user.id, id)).await?;
    Ok(HttpResponse::Ok().json(DocumentResponse::from(doc)))
}

pub async fn delete(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Document")?;
    let svc = state.documents.clone();
    blocking(move || svc.delete(user.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
pub struct DownloadQuery {
    expires: Option<String>,
    signature: Option<String>,
}

/// `GET /api/documents/{id}/download/?expires=..&signature=..`: the signature is the credential.
pub async fn download(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<DownloadQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Document")?;
    let q = query.into_inner();
    let expires = q.expires.and_then(|e| e.parse::<i64>().ok()).ok_or_else(|| ApiError::not_found("Document"))?;
    let signature = q.signature.ok_or_else(|| ApiError::not_found("Document"))?;
    let svc = state.documents.clone();
    let dl = blocking(move || svc.download(id, expires, &signature)).await?;
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
