//! Serialized response bodies kept per project version: the board (`tasks.rs`) and the money
//! summary (`summary.rs`), each in its own [`BodyCache`] of the app state.

use actix_web::web;
use buildledger_cache::BoundedMap;

use crate::compression::KeptJson;

/// Serialized bodies by project, each valid for one project version. A board or summary read
/// then costs one small query (the version) when nothing changed since it was last built.
pub struct BodyCache {
    entries: BoundedMap<i64, CachedBody>,
}

#[derive(Clone)]
struct CachedBody {
    owner_id: i64,
    version: i64,
    body: KeptJson,
}

impl BodyCache {
    pub fn new(capacity: usize) -> Self {
        Self { entries: BoundedMap::new(capacity) }
    }

    /// The kept body of this project version (with its compressed forms made so far).
    pub(crate) fn get(&self, project_id: i64, owner_id: i64, version: i64) -> Option<KeptJson> {
        self.entries.get(&project_id).filter(|c| c.owner_id == owner_id && c.version == version).map(|c| c.body)
    }

    /// Keeps `json` for this project version; returns the kept body.
    pub(crate) fn put(&self, project_id: i64, owner_id: i64, version: i64, json: web::Bytes) -> KeptJson {
        let body = KeptJson::new(json);
        self.entries.insert(project_id, CachedBody { owner_id, version, body: body.clone() });
        body
    }
}

impl Default for BodyCache {
    fn default() -> Self {
        Self::new(1024)
    }
}
