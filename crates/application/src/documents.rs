//! Documents: contractor quotes and other files attached to tasks.

use buildledger_domain::ids::{DocumentId, ProjectId, TaskId, TypedId, UserId};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use buildledger_domain::document::{
    content_matches_kind, kind_from_name, sanitize_file_name, Document, MAX_DOCUMENT_BYTES,
};

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
}

impl DocumentService {
    pub fn new(
        tasks: Arc<dyn TaskRepository>,
        documents: Arc<dyn DocumentRepository>,
        store: Arc<dyn DocumentStore>,
        signer: Arc<dyn LinkSigner>,
        clock: Arc<dyn Clock>,
        images: Arc<dyn ImageMetadataScrubber>,
    ) -> Self {
        Self { tasks, documents, store, signer, clock, images }
    }

    fn view(&self, document: Document) -> DocumentView {
        let (expires, signature) = self.signer.sign(document.id);
        let download_url = format!("/api/documents/{}/download/?expires={expires}&signature={signature}", document.id);
        DocumentView { document, download_url }
    }

    /// Checks and stores one uploaded file for a task of the caller. Images lose their location
    /// and camera metadata before they are stored (the size kept and counted against the quota
    /// is the cleaned file's); an image that cannot be read is refused. Nothing is kept when a
    /// check fails, and a stored file is removed again if its row cannot be written.
    pub fn upload(&self, owner_id: UserId, task_id: TaskId, file: UploadedFile) -> Result<DocumentView, UseCaseError> {
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

    pub fn list(&self, owner_id: UserId, task_id: TaskId) -> Result<Vec<DocumentView>, UseCaseError> {
        self.tasks.find_for_owner(owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        Ok(self.documents.list_for_task(task_id.get())?.into_iter().map(|d| self.view(d)).collect())
    }

    /// Every document of the owner with a fresh download link (the data export).
    pub fn list_for_owner(&self, owner_id: UserId) -> Result<Vec<DocumentView>, UseCaseError> {
        Ok(self.documents.list_for_owner(owner_id.get())?.into_iter().map(|d| self.view(d)).collect())
    }

    /// Every document of one of the owner's projects with a fresh download link (a share link
    /// that includes documents).
    pub fn list_for_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<DocumentView>, UseCaseError> {
        Ok(self.documents.list_for_project(owner_id, project_id)?.into_iter().map(|d| self.view(d)).collect())
    }

    pub fn get(&self, owner_id: UserId, id: DocumentId) -> Result<DocumentView, UseCaseError> {
        let doc = self.documents.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("document"))?;
        Ok(self.view(doc))
    }

    /// Renames one of the caller's documents; the name keeps the file's extension.
    pub fn rename(&self, owner_id: UserId, id: DocumentId, name: &str) -> Result<DocumentView, UseCaseError> {
        let doc = self.documents.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("document"))?;
        let name = buildledger_domain::document::rename_file(&doc.name, name)?;
        let renamed = self.documents.rename(id.get(), &name).map_err(|e| not_found_as(e, "document"))?;
        Ok(self.view(renamed))
    }

    pub fn delete(&self, owner_id: UserId, id: DocumentId) -> Result<(), UseCaseError> {
        self.documents.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("document"))?;
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
mod tests {
    use super::*;
    use crate::error::RepoError;
    use crate::ports::{MockClock, MockDocumentRepository, MockDocumentStore, MockLinkSigner, MockTaskRepository};
    use buildledger_domain::ids::{TaskId, TypedId, UserId};
    use buildledger_domain::money::Money;
    use buildledger_domain::project::{parse_date, OwnerBuilder, Project, ProjectDetails, ProjectInput, ProjectType};
    use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
    use chrono::NaiveDate;
    use mockall::predicate::eq;
    use mockall::Sequence;

    fn now() -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap().and_hms_opt(0, 0, 0).unwrap()
    }

    fn owned() -> (Task, Project) {
        let details = ProjectDetails::parse(ProjectInput {
            name: Some("Cabin".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::Adu),
            square_footage: Some(600),
            start_date: parse_date("2026-01-01").ok(),
            end_date: parse_date("2026-06-01").ok(),
            budget: Money::from_cents(100),
            owner_builder: Some(OwnerBuilder::Yes),
            ..Default::default()
        })
        .unwrap();
        let task = Task {
            id: 5,
            project_id: 1,
            title: "Roofing".into(),
            description: String::new(),
            status: TaskStatus::ToDo,
            material_quality: MaterialQuality::Basic,
            actual_cost: None,
            due_date: None,
            position: 0,
            bids: Default::default(),
            ledger: Default::default(),
            schedule: Default::default(),
        };
        (task, Project { id: 1, owner_id: 3, details, version: 1, created_at: now(), drawn_cents: 0 })
    }

    fn doc(id: i64) -> Document {
        Document {
            id,
            task_id: 5,
            project_id: 1,
            owner_id: 3,
            name: "quote.pdf".into(),
            content_type: "application/pdf".into(),
            size_bytes: 9,
            storage_key: "k".into(),
            uploaded_at: now(),
        }
    }

    struct Mocks {
        tasks: MockTaskRepository,
        docs: MockDocumentRepository,
        store: MockDocumentStore,
        signer: MockLinkSigner,
        images: MockImageMetadataScrubber,
    }

    fn mocks() -> Mocks {
        let mut signer = MockLinkSigner::new();
        signer.expect_sign().returning(|_| (1_900_000_000, "sig".into()));
        Mocks {
            tasks: MockTaskRepository::new(),
            docs: MockDocumentRepository::new(),
            store: MockDocumentStore::new(),
            signer,
            images: MockImageMetadataScrubber::new(),
        }
    }

    fn service(m: Mocks) -> DocumentService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        DocumentService::new(
            Arc::new(m.tasks),
            Arc::new(m.docs),
            Arc::new(m.store),
            Arc::new(m.signer),
            Arc::new(clock),
            Arc::new(m.images),
        )
    }

    fn file(name: &str, head: &[u8], size: u64) -> UploadedFile {
        UploadedFile { original_name: name.into(), temp_path: "/tmp/x".into(), size_bytes: size, head: head.to_vec() }
    }

    #[test]
    fn a_pdf_is_stored_and_listed_with_a_signed_link() {
        let mut m = mocks();
        m.tasks
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(TaskId::new(5)))
            .returning(|_, _| Ok(Some(owned())));
        m.docs.expect_total_bytes_for_owner().returning(|_| Ok(0));
        m.images.expect_scrub().withf(|t, _| t == "application/pdf").times(1).returning(|_, _| Ok(None));
        m.store.expect_put().times(1).returning(|_, _| Ok(()));
        m.docs
            .expect_create()
            .withf(|n| {
                n.name == "quote.pdf" && n.content_type == "application/pdf" && n.task_id == 5 && n.size_bytes == 9
            })
            .returning(|_| Ok(doc(1)));
        let v = service(m).upload(UserId::new(3), TaskId::new(5), file("../quote.pdf", b"%PDF-1.4", 9)).unwrap();
        assert_eq!(v.download_url, "/api/documents/1/download/?expires=1900000000&signature=sig");
    }

    #[test]
    fn a_disallowed_type_is_415_and_nothing_is_stored() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.images.expect_scrub().never();
        m.store.expect_put().never();
        m.docs.expect_create().never();
        let s = service(m);
        assert!(matches!(
            s.upload(UserId::new(3), TaskId::new(5), file("run.exe", b"MZ", 2)),
            Err(UseCaseError::FileTypeNotAllowed(_))
        ));
        assert!(matches!(
            s.upload(UserId::new(3), TaskId::new(5), file("fake.pdf", b"<html>", 6)),
            Err(UseCaseError::FileTypeNotAllowed(_))
        ));
    }

    #[test]
    fn a_file_over_25_mib_is_413() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.images.expect_scrub().never();
        m.store.expect_put().never();
        let err = service(m)
            .upload(UserId::new(3), TaskId::new(5), file("big.pdf", b"%PDF-", MAX_DOCUMENT_BYTES + 1))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::FileTooLarge(_)));
    }

    #[test]
    fn the_quota_is_enforced() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.docs.expect_total_bytes_for_owner().returning(|_| Ok(USER_QUOTA_BYTES - 1));
        m.images.expect_scrub().returning(|_, _| Ok(None));
        m.store.expect_put().never();
        assert!(matches!(
            service(m).upload(UserId::new(3), TaskId::new(5), file("a.pdf", b"%PDF-", 2)),
            Err(UseCaseError::FileTooLarge(_))
        ));
    }

    #[test]
    fn a_failed_row_write_removes_the_stored_file() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.docs.expect_total_bytes_for_owner().returning(|_| Ok(0));
        m.images.expect_scrub().returning(|_, _| Ok(None));
        m.store.expect_put().returning(|_, _| Ok(()));
        m.docs.expect_create().returning(|_| Err(RepoError::NotFound));
        m.store.expect_delete().times(1).returning(|_| Ok(()));
        assert!(service(m).upload(UserId::new(3), TaskId::new(5), file("a.pdf", b"%PDF-", 5)).is_err());
    }

    #[test]
    fn uploading_to_someone_elses_task_is_not_found() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(None));
        m.images.expect_scrub().never();
        m.store.expect_put().never();
        assert!(matches!(
            service(m).upload(UserId::new(3), TaskId::new(5), file("a.pdf", b"%PDF-", 5)),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
    }

    const JPEG_HEAD: &[u8] = b"\xFF\xD8\xFF\xE1\x00\x10Exif\x00\x00";

    #[test]
    fn an_image_is_cleaned_before_it_is_stored_and_keeps_its_cleaned_size() {
        let mut m = mocks();
        let mut order = Sequence::new();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.docs.expect_total_bytes_for_owner().returning(|_| Ok(0));
        m.images
            .expect_scrub()
            .withf(|t, p| t == "image/jpeg" && p == Path::new("/tmp/x"))
            .times(1)
            .in_sequence(&mut order)
            .returning(|_, _| Ok(Some(700)));
        m.store.expect_put().times(1).in_sequence(&mut order).returning(|_, _| Ok(()));
        m.docs
            .expect_create()
            .withf(|n| n.content_type == "image/jpeg" && n.size_bytes == 700)
            .times(1)
            .returning(|_| Ok(doc(1)));
        service(m).upload(UserId::new(3), TaskId::new(5), file("IMG_2041.JPG", JPEG_HEAD, 1000)).unwrap();
    }

    #[test]
    fn the_quota_counts_the_cleaned_size() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        // 1,000 bytes uploaded, 700 left after cleaning: exactly what is free.
        m.docs.expect_total_bytes_for_owner().returning(|_| Ok(USER_QUOTA_BYTES - 700));
        m.images.expect_scrub().returning(|_, _| Ok(Some(700)));
        m.store.expect_put().times(1).returning(|_, _| Ok(()));
        m.docs.expect_create().returning(|_| Ok(doc(1)));
        assert!(service(m).upload(UserId::new(3), TaskId::new(5), file("site.jpg", JPEG_HEAD, 1000)).is_ok());
    }

    #[test]
    fn an_image_that_cannot_be_read_is_refused_and_nothing_is_stored() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.images.expect_scrub().returning(|_, _| Err(ScrubError::Unreadable("truncated".into())));
        m.docs.expect_total_bytes_for_owner().never();
        m.store.expect_put().never();
        m.docs.expect_create().never();
        let err = service(m).upload(UserId::new(3), TaskId::new(5), file("broken.jpg", JPEG_HEAD, 20)).unwrap_err();
        assert!(matches!(&err, UseCaseError::Refused(m) if m.contains(".jpg file could not be read")), "{err:?}");
    }

    #[test]
    fn a_failure_to_rewrite_the_image_is_internal_and_nothing_is_stored() {
        let mut m = mocks();
        m.tasks.expect_find_for_owner().returning(|_, _| Ok(Some(owned())));
        m.images.expect_scrub().returning(|_, _| Err(ScrubError::Io("disk full".into())));
        m.store.expect_put().never();
        m.docs.expect_create().never();
        assert!(matches!(
            service(m).upload(UserId::new(3), TaskId::new(5), file("site.jpg", JPEG_HEAD, 20)),
            Err(UseCaseError::Internal(_))
        ));
    }

    #[test]
    fn downloads_need_a_valid_unexpired_signature() {
        let mut m = mocks();
        m.signer.expect_verify().returning(|id, _, sig| id == 1 && sig == "good");
        m.docs.expect_find().returning(|id| Ok(Some(doc(id))));
        m.store.expect_get().returning(|_| Ok(b"%PDF-".to_vec()));
        let s = service(m);
        let future = now().and_utc().timestamp() + 60;
        assert_eq!(s.download(1, future, "good").unwrap().bytes, b"%PDF-");
        assert!(matches!(s.download(1, future, "bad"), Err(UseCaseError::NotFound { .. })));
        assert!(matches!(s.download(1, now().and_utc().timestamp() - 1, "good"), Err(UseCaseError::NotFound { .. })));
    }
}
