//! The adapter against a real S3-compatible server. Runs only when `TEST_S3_ENDPOINT` is set, e.g.
//!
//! ```sh
//! moto_server -p 5055 &
//! TEST_S3_ENDPOINT=http://127.0.0.1:5055 cargo test -p buildledger-storage-s3
//! ```
//!
//! Each test makes its own bucket (moto accepts an unsigned `PUT /bucket`). Credentials come from
//! `TEST_S3_ACCESS_KEY_ID` / `TEST_S3_SECRET_ACCESS_KEY` (moto accepts any; default `test`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use buildledger_application::error::RepoError;
use buildledger_application::ports::DocumentStore;
use buildledger_storage_s3::{S3Config, S3DocumentStore};

fn endpoint() -> Option<String> {
    std::env::var("TEST_S3_ENDPOINT")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .map(|v| v.trim().trim_end_matches('/').to_owned())
}

/// Skips the test (passing) when no server is configured.
macro_rules! require_s3 {
    () => {
        match endpoint() {
            Some(e) => e,
            None => {
                eprintln!("TEST_S3_ENDPOINT is not set: skipped");
                return;
            }
        }
    };
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// `PUT /{bucket}` on the server, unsigned.
fn create_bucket(endpoint: &str) -> String {
    let bucket = format!("bl-test-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst));
    let host = endpoint.strip_prefix("http://").expect("TEST_S3_ENDPOINT must be http:// for bucket creation");
    let mut s = TcpStream::connect(host).expect("cannot reach TEST_S3_ENDPOINT");
    write!(s, "PUT /{bucket} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(
        answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.0 200"),
        "bucket creation failed: {answer}"
    );
    bucket
}

fn store(endpoint: &str, bucket: &str, prefix: Option<&str>) -> S3DocumentStore {
    S3DocumentStore::new(S3Config {
        bucket: bucket.into(),
        endpoint: Some(endpoint.into()),
        region: "us-east-1".into(),
        access_key_id: Some(std::env::var("TEST_S3_ACCESS_KEY_ID").unwrap_or_else(|_| "test".into())),
        secret_access_key: Some(std::env::var("TEST_S3_SECRET_ACCESS_KEY").unwrap_or_else(|_| "test".into())),
        allow_http: true,
        prefix: prefix.map(str::to_owned),
    })
    .unwrap()
}

fn temp_file(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn files_round_trip_and_deletes_are_idempotent() {
    let endpoint = require_s3!();
    let bucket = create_bucket(&endpoint);
    let s = store(&endpoint, &bucket, None);
    let dir = tempfile::tempdir().unwrap();
    let src = temp_file(&dir, "upload.tmp", b"%PDF-1.4 hello");
    s.put("p1/t2/abc", &src).unwrap();
    assert_eq!(s.get("p1/t2/abc").unwrap(), b"%PDF-1.4 hello");
    s.delete("p1/t2/abc").unwrap();
    s.delete("p1/t2/abc").unwrap();
    assert!(matches!(s.get("p1/t2/abc"), Err(RepoError::NotFound)));
}

#[test]
fn a_missing_key_is_not_found() {
    let endpoint = require_s3!();
    let bucket = create_bucket(&endpoint);
    let s = store(&endpoint, &bucket, None);
    assert!(matches!(s.get("p9/t9/nothing"), Err(RepoError::NotFound)));
    s.delete("p9/t9/nothing").unwrap();
}

#[test]
fn a_second_instance_sees_the_first_ones_files() {
    let endpoint = require_s3!();
    let bucket = create_bucket(&endpoint);
    let a = store(&endpoint, &bucket, None);
    let b = store(&endpoint, &bucket, None);
    let dir = tempfile::tempdir().unwrap();
    let bytes: Vec<u8> = (0..3 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
    let src = temp_file(&dir, "big.tmp", &bytes);
    a.put("p1/t1/big", &src).unwrap();
    assert_eq!(b.get("p1/t1/big").unwrap(), bytes);
    b.delete("p1/t1/big").unwrap();
    assert!(matches!(a.get("p1/t1/big"), Err(RepoError::NotFound)));
}

#[test]
fn prefixes_keep_deployments_apart() {
    let endpoint = require_s3!();
    let bucket = create_bucket(&endpoint);
    let a = store(&endpoint, &bucket, Some("a"));
    let b = store(&endpoint, &bucket, Some("b"));
    let dir = tempfile::tempdir().unwrap();
    a.put("p1/t1/x", &temp_file(&dir, "x", b"from a")).unwrap();
    assert!(matches!(b.get("p1/t1/x"), Err(RepoError::NotFound)));
    let root = store(&endpoint, &bucket, None);
    assert_eq!(root.get("a/p1/t1/x").unwrap(), b"from a");
}

#[test]
fn many_threads_share_one_adapter() {
    let endpoint = require_s3!();
    let bucket = create_bucket(&endpoint);
    let s = Arc::new(store(&endpoint, &bucket, None));
    let dir = Arc::new(tempfile::tempdir().unwrap());
    let handles: Vec<_> = (0..8)
        .map(|t| {
            let s = s.clone();
            let dir = dir.clone();
            std::thread::spawn(move || {
                for i in 0..10 {
                    let body = format!("thread {t} file {i}");
                    let src = temp_file(&dir, &format!("{t}-{i}"), body.as_bytes());
                    let key = format!("p{t}/t{i}/f");
                    s.put(&key, &src).unwrap();
                    assert_eq!(s.get(&key).unwrap(), body.as_bytes());
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
fn a_missing_bucket_is_a_storage_error_not_a_panic() {
    let endpoint = require_s3!();
    let s = store(&endpoint, "bl-no-such-bucket-ever", None);
    let dir = tempfile::tempdir().unwrap();
    let err = s.put("p1/t1/x", &temp_file(&dir, "x", b"x")).unwrap_err();
    assert!(!matches!(err, RepoError::NotFound), "{err:?}");
    // /healthz tells it too.
    assert!(matches!(s.check(), Err(RepoError::Unavailable(_))), "{:?}", s.check());
}

#[test]
fn a_reachable_bucket_is_healthy_and_the_check_leaves_nothing() {
    let endpoint = require_s3!();
    let bucket = create_bucket(&endpoint);
    let s = store(&endpoint, &bucket, Some("tenant"));
    s.check().unwrap();
    s.check().unwrap();
    assert!(matches!(s.get(".healthz"), Err(RepoError::NotFound)));
}
