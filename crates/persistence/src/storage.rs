//! Document bytes in a local directory (the default store; one instance or a shared volume).

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use buildledger_application::error::RepoError;
use buildledger_application::ports::DocumentStore;

pub struct LocalDocumentStore {
    root: PathBuf,
}

impl LocalDocumentStore {
    /// Creates the directory if needed. It must not be a folder the web server serves.
    pub fn new(root: impl Into<PathBuf>) -> std::io::Result<Self> {
        let root = root.into();
        fs::create_dir_all(&root)?;
        Ok(Self { root })
    }

    /// Keys are made by the application (`p1/t2/123-abcd`); anything that could climb out of
    /// the root is refused.
    fn path(&self, key: &str) -> Result<PathBuf, RepoError> {
        let safe = !key.is_empty()
            && key.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'));
        if !safe {
            return Err(RepoError::Other(format!("invalid storage key {key:?}").into()));
        }
        Ok(self.root.join(key))
    }
}

fn io_err(e: std::io::Error) -> RepoError {
    if e.kind() == ErrorKind::NotFound {
        RepoError::NotFound
    } else {
        RepoError::Other(Box::new(e))
    }
}

impl DocumentStore for LocalDocumentStore {
    fn put(&self, key: &str, source: &Path) -> Result<(), RepoError> {
        let dest = self.path(key)?;
        if let Some(dir) = dest.parent() {
            fs::create_dir_all(dir).map_err(io_err)?;
        }
        // Copy to a temporary name then rename, so a crash never leaves half a file under the key.
        let partial = dest.with_extension("partial");
        fs::copy(source, &partial).map_err(io_err)?;
        fs::File::open(&partial).and_then(|f| f.sync_all()).map_err(io_err)?;
        fs::rename(&partial, &dest).map_err(io_err)
    }

    fn get(&self, key: &str) -> Result<Vec<u8>, RepoError> {
        fs::read(self.path(key)?).map_err(io_err)
    }

    fn delete(&self, key: &str) -> Result<(), RepoError> {
        match fs::remove_file(self.path(key)?) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(RepoError::Other(Box::new(e))),
        }
    }

    /// The directory is there and takes a file (a full or read-only disk refuses it).
    fn check(&self) -> Result<(), RepoError> {
        static PROBES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = PROBES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // A name no key can have (keys are `p<id>/...`), unique to this process and call.
        let probe = self.root.join(format!(".healthz-{}-{n}", std::process::id()));
        let unavailable = |e: std::io::Error| RepoError::Unavailable(Box::new(e));
        fs::write(&probe, b"").map_err(unavailable)?;
        fs::remove_file(&probe).map_err(unavailable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_round_trip_and_deletes_are_idempotent() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalDocumentStore::new(dir.path().join("docs")).unwrap();
        let src = dir.path().join("upload.tmp");
        fs::write(&src, b"%PDF-1.4 hello").unwrap();
        store.put("p1/t2/abc", &src).unwrap();
        assert_eq!(store.get("p1/t2/abc").unwrap(), b"%PDF-1.4 hello");
        store.delete("p1/t2/abc").unwrap();
        store.check().unwrap();
        // A store whose directory became a file (or went read-only) is not healthy.
        let gone = LocalDocumentStore::new(dir.path().join("gone")).unwrap();
        fs::remove_dir(dir.path().join("gone")).unwrap();
        fs::write(dir.path().join("gone"), b"not a directory").unwrap();
        assert!(matches!(gone.check(), Err(RepoError::Unavailable(_))));
        store.delete("p1/t2/abc").unwrap();
        assert!(matches!(store.get("p1/t2/abc"), Err(RepoError::NotFound)));
    }

    #[test]
    fn keys_cannot_escape_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalDocumentStore::new(dir.path()).unwrap();
        for bad in ["../x", "a/../../x", "", "/etc/passwd", "a//b"] {
            assert!(store.get(bad).is_err(), "{bad}");
        }
    }
}
