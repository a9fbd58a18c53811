//! Document bytes on an S3-compatible object store (AWS S3, MinIO, Ceph RGW, moto...), so that
//! several BuildLedger instances see the same files.
//!
//! The `DocumentStore` port is synchronous (use cases run on actix's blocking pool), while
//! `object_store` is async: the adapter owns a small tokio runtime and runs each call on it,
//! waiting for the answer on the calling thread. It therefore works from any thread, inside or
//! outside another runtime, without `block_on` nesting.

use std::fmt;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use buildledger_application::error::RepoError;
use buildledger_application::ports::DocumentStore;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as ObjectPath;
use object_store::{BackoffConfig, ClientOptions, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig};

/// Where the bucket is and how to sign requests to it.
#[derive(Clone)]
pub struct S3Config {
    pub bucket: String,
    /// `None` means AWS itself (from the region); set it for MinIO, moto, Ceph...
    pub endpoint: Option<String>,
    pub region: String,
    /// Both `None`: the usual AWS credential chain (instance profile, web identity...).
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    /// Plain `http://` endpoints are refused unless this is set.
    pub allow_http: bool,
    /// Keys are stored under this prefix (no leading or trailing slash), or at the bucket root.
    pub prefix: Option<String>,
}

impl fmt::Debug for S3Config {
    // The secret never appears in logs or panics.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S3Config")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &self.secret_access_key.as_ref().map(|_| "<redacted>"))
            .field("allow_http", &self.allow_http)
            .field("prefix", &self.prefix)
            .finish()
    }
}

/// The error when the configuration cannot give a client.
#[derive(Debug)]
pub struct S3ConfigError(String);

impl fmt::Display for S3ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for S3ConfigError {}

pub struct S3DocumentStore {
    store: Arc<AmazonS3>,
    prefix: Option<String>,
    /// `Option` only so that `Drop` can shut it down without blocking (dropping a runtime inside
    /// another runtime's worker panics otherwise).
    runtime: Option<tokio::runtime::Runtime>,
}

/// How long one call may take in all, retries included, before the request fails with 503.
const RETRY_TIMEOUT: Duration = Duration::from_secs(15);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

impl S3DocumentStore {
    pub fn new(config: S3Config) -> Result<Self, S3ConfigError> {
        if config.bucket.trim().is_empty() {
            return Err(S3ConfigError("the bucket name is empty".into()));
        }
        if config.access_key_id.is_some() != config.secret_access_key.is_some() {
            return Err(S3ConfigError("set both the access key id and the secret access key, or neither".into()));
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("s3-store")
            .enable_all()
            .build()
            .map_err(|e| S3ConfigError(format!("cannot start the S3 runtime: {e}")))?;
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            .with_allow_http(config.allow_http)
            .with_retry(RetryConfig { backoff: BackoffConfig::default(), max_retries: 4, retry_timeout: RETRY_TIMEOUT })
            .with_client_options(
                ClientOptions::new()
                    .with_timeout(REQUEST_TIMEOUT)
                    .with_connect_timeout(CONNECT_TIMEOUT)
                    .with_allow_http(config.allow_http),
            );
        if let Some(endpoint) = &config.endpoint {
            // Path-style requests (`endpoint/bucket/key`): what S3-compatible servers expect.
            builder = builder.with_endpoint(endpoint.trim_end_matches('/')).with_virtual_hosted_style_request(false);
        }
        if let (Some(id), Some(secret)) = (&config.access_key_id, &config.secret_access_key) {
            builder = builder.with_access_key_id(id).with_secret_access_key(secret);
        }
        let store = {
            let _guard = runtime.enter();
            builder.build().map_err(|e| S3ConfigError(format!("invalid S3 configuration: {e}")))?
        };
        let prefix = config.prefix.map(|p| p.trim_matches('/').to_owned()).filter(|p| !p.is_empty());
        Ok(Self { store: Arc::new(store), prefix, runtime: Some(runtime) })
    }

    /// Keys are made by the application (`p1/t2/123-abcd`); anything odd is refused, like the
    /// local store does, before it can become an object name.
    fn location(&self, key: &str) -> Result<ObjectPath, RepoError> {
        let safe = !key.is_empty()
            && key.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'));
        if !safe {
            return Err(RepoError::Other(format!("invalid storage key {key:?}").into()));
        }
        let full = match &self.prefix {
            Some(p) => format!("{p}/{key}"),
            None => key.to_owned(),
        };
        ObjectPath::parse(full).map_err(|e| RepoError::Other(Box::new(e)))
    }

    /// Runs `fut` on the adapter's runtime and waits for it on this thread.
    fn run<T, F>(&self, fut: F) -> Result<T, RepoError>
    where
        T: Send + 'static,
        F: std::future::Future<Output = Result<T, RepoError>> + Send + 'static,
    {
        let runtime =
            self.runtime.as_ref().ok_or_else(|| RepoError::Unavailable("the S3 store is shut down".into()))?;
        let (tx, rx) = mpsc::sync_channel(1);
        runtime.spawn(async move {
            let _ = tx.send(fut.await);
        });
        rx.recv().map_err(|_| RepoError::Unavailable("the S3 call was abandoned".into()))?
    }
}

impl Drop for S3DocumentStore {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// Missing objects are `NotFound`; a store that cannot be reached or answers 5xx (after the
/// retries) is `Unavailable` (503); anything else is a storage failure (500).
fn map_err(e: object_store::Error) -> RepoError {
    match e {
        object_store::Error::NotFound { .. } => RepoError::NotFound,
        object_store::Error::Generic { .. } => RepoError::Unavailable(Box::new(e)),
        other => RepoError::Other(Box::new(other)),
    }
}

impl DocumentStore for S3DocumentStore {
    fn put(&self, key: &str, source: &std::path::Path) -> Result<(), RepoError> {
        let location = self.location(key)?;
        // Uploads are capped at 25 MiB by the HTTP layer: one PUT, no multipart upload. S3 makes
        // the object visible only once the whole body is stored, so a crash never leaves half a file.
        let bytes = std::fs::read(source).map_err(|e| RepoError::Other(Box::new(e)))?;
        let store = self.store.clone();
        self.run(async move {
            match store.put(&location, PutPayload::from(bytes)).await {
                Ok(_) => Ok(()),
                // A 404 on a write means the bucket itself is missing: a storage failure (500),
                // not a missing document.
                Err(e @ object_store::Error::NotFound { .. }) => Err(RepoError::Other(Box::new(e))),
                Err(e) => Err(map_err(e)),
            }
        })
    }

    fn get(&self, key: &str) -> Result<Vec<u8>, RepoError> {
        let location = self.location(key)?;
        let store = self.store.clone();
        self.run(async move {
            let found = store.get(&location).await.map_err(map_err)?;
            found.bytes().await.map(|b| b.to_vec()).map_err(map_err)
        })
    }

    fn delete(&self, key: &str) -> Result<(), RepoError> {
        let location = self.location(key)?;
        let store = self.store.clone();
        self.run(async move {
            match store.delete(&location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(e) => Err(map_err(e)),
            }
        })
    }

    /// Lists a folder that is never written (an empty answer): a bucket that is there and takes
    /// these credentials answers; a missing bucket, refused credentials or no answer is an error.
    /// (A HEAD of a missing key could not tell a missing bucket from a missing key: both are 404
    /// without a body.)
    fn check(&self) -> Result<(), RepoError> {
        let location = self.location(".healthz")?;
        let store = self.store.clone();
        self.run(async move {
            store
                .list_with_delimiter(Some(&location))
                .await
                .map(|_| ())
                .map_err(|e| RepoError::Unavailable(Box::new(e)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> S3Config {
        S3Config {
            bucket: "docs".into(),
            endpoint: Some("http://127.0.0.1:9".into()),
            region: "us-east-1".into(),
            access_key_id: Some("id".into()),
            secret_access_key: Some("secret".into()),
            allow_http: true,
            prefix: None,
        }
    }

    #[test]
    fn keys_cannot_escape_or_be_empty() {
        let store = S3DocumentStore::new(config()).unwrap();
        for bad in ["../x", "a/../../x", "", "/etc/passwd", "a//b", "a\\b", "./a"] {
            assert!(store.get(bad).is_err(), "{bad}");
            assert!(store.location(bad).is_err(), "{bad}");
        }
        assert_eq!(store.location("p1/t2/123-abcd").unwrap().as_ref(), "p1/t2/123-abcd");
    }

    #[test]
    fn a_prefix_is_put_before_every_key() {
        let store = S3DocumentStore::new(S3Config { prefix: Some("/tenant-a/".into()), ..config() }).unwrap();
        assert_eq!(store.location("p1/t2/x").unwrap().as_ref(), "tenant-a/p1/t2/x");
    }

    #[test]
    fn half_given_credentials_and_empty_buckets_are_refused() {
        assert!(S3DocumentStore::new(S3Config { secret_access_key: None, ..config() }).is_err());
        assert!(S3DocumentStore::new(S3Config { bucket: " ".into(), ..config() }).is_err());
    }

    #[test]
    fn the_secret_is_not_in_debug_output() {
        let shown = format!("{:?}", config());
        assert!(!shown.contains("secret\""), "{shown}");
        assert!(shown.contains("<redacted>"));
    }

    #[test]
    fn an_unreachable_store_is_unavailable_not_a_panic() {
        // Port 9 (discard) refuses connections on loopback.
        let mut c = config();
        c.endpoint = Some("http://127.0.0.1:9".into());
        let store = S3DocumentStore::new(c).unwrap();
        let started = std::time::Instant::now();
        let err = store.get("p1/t1/x").unwrap_err();
        assert!(matches!(err, RepoError::Unavailable(_)), "{err:?}");
        assert!(matches!(store.check(), Err(RepoError::Unavailable(_))));
        assert!(started.elapsed() < RETRY_TIMEOUT + Duration::from_secs(5));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn it_can_be_called_and_dropped_from_inside_another_runtime() {
        let store = S3DocumentStore::new(config()).unwrap();
        let r = tokio::task::spawn_blocking(move || {
            let r = store.location("a/b").map(|_| ());
            drop(store);
            r
        })
        .await
        .unwrap();
        assert!(r.is_ok());
        let store = S3DocumentStore::new(config()).unwrap();
        drop(store); // on a runtime worker: must not panic
    }
}
