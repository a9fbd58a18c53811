//! Documents: contractor quotes and other files attached to tasks.

use buildledger_domain::ids::{DocumentId, ProjectId, TaskId, TypedId, UserId};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use buildledger_domain::document::{
    content_matches_kind, kind_from_name, sanitize_file_name, Document, MAX_DOCUMENT_BYTES,
};

use buildledger_domain::member::Need;
use buildledger_domain::DomainError;

use crate::access::{Authorizer, Target};
use crate::error::{BoxError, UseCaseError};
use crate::ports::{Clock, DocumentRepository, DocumentStore, LinkSigner, NewDocument, TaskRepository};
use crate::projects::not_found_as;

/// Total bytes one user may keep (quota).
pub const USER_QUOTA_BYTES: i64 = 2 * 1024 * 1024 * 1024;

/// A file received by the HTTP layer, already written to a temporary file.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    pub original_name: String,
    pub temp_path: PathBuf,
    pub size_bytes: u64,
    /// The first bytes of the file (at least 16 when the file is that long), for type sniffing.
    pub head: Vec<u8>,
}

/// Why an uploaded image could not be cleaned.
#[derive(Debug, thiserror::Error)]
pub enum ScrubError {
    /// The file cannot be read as an image of its type (damaged, truncated, or a form the adapter
    /// cannot clean without decoding it). The upload MUST be refused: keeping the file as it is
    /// could keep the location it carries. The text says why, for the logs.
    #[error("unreadable image: {0}")]
    Unreadable(String),
    /// Reading or rewriting the temporary file failed.
    #[error("cannot rewrite the uploaded image")]
    Io(#[source] BoxError),
}

/// Removes from an uploaded image what says where and with what it was taken (EXIF with GPS,
/// camera make, model and serial, dates and thumbnails; XMP; comments), keeping its pixels and
/// the way it is displayed (orientation, colour profile).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait ImageMetadataScrubber: Send + Sync {
    /// Rewrites the file at `path`, whose content type is `content_type` (one of the allowed
    /// kinds'), in place, and returns its new size in bytes. `Ok(None)` for the types it does not
    /// rewrite (PDF, text, office files, GIF): those are left untouched.
    fn scrub(&self, content_type: &str, path: &Path) -> Result<Option<u64>, ScrubError>;
}

/// A document with its signed download link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentView {
    pub document: Document,
    pub download_url: String,
}

/// The bytes of a document, for a download.
#[derive(Debug, Clone)]
pub struct Download {
    pub document: Document,
    pub bytes: Vec<u8>,
}

#[derive(Clone)]
pub struct DocumentService {
    tasks: Arc<dyn TaskRepository>,
    documents: Arc<dyn DocumentRepository>,
    store: Arc<dyn DocumentStore>,
    signer: Arc<dyn LinkSigner>,
    clock: Arc<dyn Clock>,
    images: Arc<dyn ImageMetadataScrubber>,
    access: Authorizer,
}

impl DocumentService {
    pub fn new(
        tasks: Arc<dyn TaskRepository>,
        documents: Arc<dyn DocumentRepository>,
        store: Arc<dyn DocumentStore>,
        signer: Arc<dyn LinkSigner>,
        clock: Arc<dyn Clock>,
        images: Arc<dyn ImageMetadataScrubber>,
        access: Authorizer,
    ) -> Self {
        Self { tasks, documents, store, signer, clock, images, access }
    }

    fn view(&self, document: Document) -> DocumentView {
        let (expires, signature) = self.signer.sign(document.id);
        let download_url = format!("/api/documents/{}/download/?expires={expires}&signature={signature}", document.id);
        DocumentView { document, download_url }
    }

    /// Checks and stores one uploaded file for a task the caller may change. Images lose their
    /// location and camera metadata before they are stored (the size kept and counted against
    /// the project owner's quota is the cleaned file's); an image that cannot be read is
    /// refused. Nothing is kept when a check fails, and a stored file is removed again if its
    /// row cannot be written.
    pub fn upload(&self, user_id: UserId, task_id: TaskId, file: UploadedFile) -> Result<DocumentView, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Task(task_id), Need::Write)?;
        let owner_id = grant.owner_id;
        let (task, project) = self.tasks.find_for_owner(owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        if file.size_bytes > MAX_DOCUMENT_BYTES {
            return Err(UseCaseError::FileTooLarge("The file is larger than 25 MB.".into()));
        }
        let name = sanitize_file_name(&file.original_name);
        let kind = kind_from_name(&name).ok_or_else(|| {
            UseCaseError::FileTypeNotAllowed("This file type is not allowed. Upload a PDF, an image (PNG, JPG, GIF, WEBP, HEIC), a text or CSV file, or a Word or Excel file.".into())
        })?;
        if !content_matches_kind(kind, &file.head) {
            return Err(UseCaseError::FileTypeNotAllowed(format!(
                "The file's content is not a valid .{} file.",
                kind.extension
            )));
        }
        let size_bytes = match self.images.scrub(kind.content_type, &file.temp_path) {
            Ok(Some(cleaned)) => cleaned,
            Ok(None) => file.size_bytes,
            Err(ScrubError::Unreadable(reason)) => {
                tracing::info!(%reason, extension = kind.extension, "upload refused: unreadable image");
                return Err(UseCaseError::Refused(format!(
                    "This .{} file could not be read as an image (it may be damaged), so it was not stored.",
                    kind.extension
                )));
            }
            Err(ScrubError::Io(e)) => return Err(UseCaseError::Internal(e)),
        };
        let used = self.documents.total_bytes_for_owner(owner_id.get())?;
        if used.saturating_add(size_bytes as i64) > USER_QUOTA_BYTES {
            return Err(UseCaseError::FileTooLarge(
                "Your document storage is full (2 GB). Delete some documents first.".into(),
            ));
        }
        let storage_key = format!(
            "p{}/t{}/{}-{}",
            project.id,
            task.id,
            self.clock.now().and_utc().timestamp_micros(),
            random_suffix()
        );
        self.store.put(&storage_key, &file.temp_path)?;
        let new = NewDocument {
            task_id: task.id,
            name,
            content_type: kind.content_type.to_owned(),
            size_bytes: size_bytes as i64,
            storage_key: storage_key.clone(),
        };
        match self.documents.create(&new) {
            Ok(doc) => Ok(self.view(doc)),
            Err(e) => {
                let _ = self.store.delete(&storage_key);
                Err(not_found_as(e, "task"))
            }
        }
    }

    /// A task's documents, for the project's owner and members.
    pub fn list(&self, user_id: UserId, task_id: TaskId) -> Result<Vec<DocumentView>, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Task(task_id), Need::Read)?;
        self.tasks.find_for_owner(grant.owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        Ok(self.documents.list_for_task(task_id.get())?.into_iter().map(|d| self.view(d)).collect())
    }

    /// Every document of the owner with a fresh download link (the data export).
    pub fn list_for_owner(&self, owner_id: UserId) -> Result<Vec<DocumentView>, UseCaseError> {
        Ok(self.documents.list_for_owner(owner_id.get())?.into_iter().map(|d| self.view(d)).collect())
    }

    /// Every document of one of the owner's projects with a fresh download link (a share link
    /// that includes documents: no caller's check, the link is the owner's).
    pub fn list_for_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<DocumentView>, UseCaseError> {
        Ok(self.documents.list_for_project(owner_id, project_id)?.into_iter().map(|d| self.view(d)).collect())
    }

    pub fn get(&self, user_id: UserId, id: DocumentId) -> Result<DocumentView, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Document(id), Need::Read)?;
        let doc = self.documents.find_for_owner(grant.owner_id, id)?.ok_or(UseCaseError::not_found("document"))?;
        Ok(self.view(doc))
    }

    /// Renames a document the caller may change; the name keeps the file's extension. `name`
    /// is the body as read: a document the caller may not change is refused whatever it says.
    pub fn rename(
        &self,
        user_id: UserId,
        id: DocumentId,
        name: Result<String, DomainError>,
    ) -> Result<DocumentView, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Document(id), Need::Write)?;
        let doc = self.documents.find_for_owner(grant.owner_id, id)?.ok_or(UseCaseError::not_found("document"))?;
        let name = buildledger_domain::document::rename_file(&doc.name, &name?)?;
        let renamed = self.documents.rename(id.get(), &name).map_err(|e| not_found_as(e, "document"))?;
        Ok(self.view(renamed))
    }

    pub fn delete(&self, user_id: UserId, id: DocumentId) -> Result<(), UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Document(id), Need::Write)?;
        self.documents.find_for_owner(grant.owner_id, id)?.ok_or(UseCaseError::not_found("document"))?;
        let key = self.documents.delete(id.get()).map_err(|e| not_found_as(e, "document"))?;
        crate::projects::remove_files(self.store.as_ref(), &[key]);
        Ok(())
    }

    /// The file behind a signed link. A bad or expired signature is reported as not found so
    /// that links reveal nothing.
    pub fn download(&self, id: i64, expires: i64, signature: &str) -> Result<Download, UseCaseError> {
        if expires < self.clock.now().and_utc().timestamp() || !self.signer.verify(id, expires, signature) {
            return Err(UseCaseError::not_found("document"));
        }
        let document = self.documents.find(id)?.ok_or(UseCaseError::not_found("document"))?;
        let bytes = self.store.get(&document.storage_key).map_err(|e| not_found_as(e, "document"))?;
        Ok(Download { document, bytes })
    }
}

/// 64 random bits in hex, from the OS (via std's hasher seed), enough to make keys unguessable
/// and unique alongside the microsecond timestamp.
fn random_suffix() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0);
    format!("{:016x}", h.finish())
}

#[cfg(test)]
mod tests;
