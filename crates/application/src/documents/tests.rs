//! The documents' use cases against mocks.

use super::*;
use crate::error::RepoError;
use crate::ports::{MockClock, MockDocumentRepository, MockDocumentStore, MockLinkSigner, MockTaskRepository};
use buildledger_domain::ids::{DocumentId, TaskId, TypedId, UserId};
use buildledger_domain::money::Money;
use buildledger_domain::project::{parse_date, OwnerBuilder, Project, ProjectDetails, ProjectInput, ProjectType};
use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
use buildledger_domain::FieldErrors;
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
        crate::tasks::tests::team(),
    )
}

fn file(name: &str, head: &[u8], size: u64) -> UploadedFile {
    UploadedFile { original_name: name.into(), temp_path: "/tmp/x".into(), size_bytes: size, head: head.to_vec() }
}

#[test]
fn a_pdf_is_stored_and_listed_with_a_signed_link() {
    let mut m = mocks();
    m.tasks.expect_find_for_owner().with(eq(UserId::new(3)), eq(TaskId::new(5))).returning(|_, _| Ok(Some(owned())));
    m.docs.expect_total_bytes_for_owner().returning(|_| Ok(0));
    m.images.expect_scrub().withf(|t, _| t == "application/pdf").times(1).returning(|_, _| Ok(None));
    m.store.expect_put().times(1).returning(|_, _| Ok(()));
    m.docs
        .expect_create()
        .withf(|n| n.name == "quote.pdf" && n.content_type == "application/pdf" && n.task_id == 5 && n.size_bytes == 9)
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

#[test]
fn a_viewer_reads_documents_but_uploads_renames_and_deletes_nothing() {
    use crate::tasks::tests::VIEWER;
    let mut m = mocks();
    m.tasks.expect_find_for_owner().with(eq(UserId::new(3)), eq(TaskId::new(5))).returning(|_, _| Ok(Some(owned())));
    m.docs.expect_list_for_task().with(eq(5)).times(1).returning(|_| Ok(vec![doc(1)]));
    m.images.expect_scrub().never();
    m.store.expect_put().never();
    m.docs.expect_create().never();
    m.docs.expect_rename().never();
    m.docs.expect_delete().never();
    let s = service(m);
    let viewer = UserId::new(VIEWER);
    assert_eq!(s.list(viewer, TaskId::new(5)).unwrap().len(), 1);
    let forbidden = |r: Result<(), UseCaseError>| assert!(matches!(r, Err(UseCaseError::Forbidden)), "{r:?}");
    forbidden(s.upload(viewer, TaskId::new(5), file("a.pdf", b"%PDF-", 5)).map(drop));
    forbidden(s.rename(viewer, DocumentId::new(1), Ok("Smith bid".into())).map(drop));
    forbidden(s.rename(viewer, DocumentId::new(1), Err(FieldErrors::single("name", "bad"))).map(drop));
    forbidden(s.delete(viewer, DocumentId::new(1)));
}

#[test]
fn a_partner_uploads_to_the_owners_task_and_storage() {
    let mut m = mocks();
    m.tasks.expect_find_for_owner().with(eq(UserId::new(3)), eq(TaskId::new(5))).returning(|_, _| Ok(Some(owned())));
    m.docs.expect_total_bytes_for_owner().with(eq(3)).times(1).returning(|_| Ok(0));
    m.images.expect_scrub().returning(|_, _| Ok(None));
    m.store.expect_put().times(1).returning(|_, _| Ok(()));
    m.docs.expect_create().withf(|n| n.task_id == 5).times(1).returning(|_| Ok(doc(1)));
    m.docs
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(DocumentId::new(1)))
        .returning(|_, id| Ok(Some(doc(id.get()))));
    m.docs
        .expect_rename()
        .withf(|id, name| *id == 1 && name == "Smith bid.pdf")
        .times(1)
        .returning(|id, name| Ok(Document { name: name.into(), ..doc(id) }));
    let s = service(m);
    let partner = UserId::new(crate::tasks::tests::PARTNER);
    assert_eq!(s.upload(partner, TaskId::new(5), file("a.pdf", b"%PDF-", 5)).unwrap().document.owner_id, 3);
    assert_eq!(s.rename(partner, DocumentId::new(1), Ok("Smith bid".into())).unwrap().document.name, "Smith bid.pdf");
}

#[test]
fn a_stranger_is_told_no_document_exists_whatever_the_body() {
    let mut m = mocks();
    m.docs.expect_find_for_owner().never();
    m.docs.expect_rename().never();
    m.docs.expect_delete().never();
    let s = service(m);
    let stranger = UserId::new(crate::tasks::tests::STRANGER);
    let bad = Err(FieldErrors::single("name", "bad"));
    assert!(matches!(s.rename(stranger, DocumentId::new(1), bad), Err(UseCaseError::NotFound { entity: "document" })));
    assert!(matches!(s.get(stranger, DocumentId::new(1)), Err(UseCaseError::NotFound { entity: "document" })));
    assert!(matches!(s.delete(stranger, DocumentId::new(1)), Err(UseCaseError::NotFound { entity: "document" })));
}
