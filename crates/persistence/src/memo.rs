//! What this process remembers of the database between requests, so the hottest reads (a board
//! revalidated with `If-None-Match`, the subscription check in front of every paid call) can be
//! answered without a query or a trip to the blocking pool.
//!
//! Correctness rests on three rules:
//! - **Write-through.** Every write made by this process hands its effects here when its
//!   transaction ends, before its caller is answered (a project's new version, a deleted
//!   project, a changed subscription: `effects.rs`), so this process always sees its own writes
//!   at once.
//! - **Never backwards.** Versions only grow: a reader that loaded a version before a write
//!   committed cannot replace the newer one (`observe` keeps the maximum), and a deleted
//!   project stays deleted (ids are never reused: AUTOINCREMENT / sequences).
//! - **Bounded staleness for other writers.** Another process can write the same database (a
//!   second instance on PostgreSQL). Entries are trusted for [`Memo::ttl`] only
//!   (`open::memo_ttl`: 60 s on SQLite, where this process is the only writer and the bound is a
//!   safety net; 1 s on PostgreSQL). See docs/architecture.md ("Caches").

use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use buildledger_application::ports::{KnownState, KnownVersion};
use buildledger_cache::BoundedMap;
use buildledger_domain::subscription::Subscription;

/// Entries kept per map before it is emptied (a crude bound; misses only cost a query).
const CAPACITY: usize = 100_000;

#[derive(Debug, Clone, Copy)]
enum VersionState {
    Current { owner_id: i64, version: i64 },
    Deleted,
}

#[derive(Debug, Clone, Copy)]
struct VersionEntry {
    state: VersionState,
    seen: Instant,
}

#[derive(Debug, Clone)]
struct SubscriptionEntry {
    subscription: Option<Arc<Subscription>>,
    seen: Instant,
}

/// A project's version as a write left it, recorded after the commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bumped {
    pub project_id: i64,
    pub owner_id: i64,
    pub version: i64,
}

/// A ticket taken before reading the database; an entry read with it is stored only if no
/// write that could contradict it happened meanwhile (see [`Memo::remember_subscription`]).
#[derive(Debug, Clone, Copy)]
pub struct ReadTicket {
    generation: u64,
    version_clears: u64,
}

#[derive(Debug)]
pub struct Memo {
    ttl: Duration,
    versions: BoundedMap<i64, VersionEntry>,
    subscriptions: BoundedMap<i64, SubscriptionEntry>,
    /// Bumped after every subscription write.
    generation: AtomicU64,
}

impl Memo {
    pub fn new(ttl: Duration) -> Self {
        Self::with_capacity(ttl, CAPACITY)
    }

    fn with_capacity(ttl: Duration, capacity: usize) -> Self {
        Self {
            ttl,
            versions: BoundedMap::new(capacity),
            subscriptions: BoundedMap::new(capacity),
            generation: AtomicU64::new(0),
        }
    }

    /// How long an entry is trusted without asking the database again.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    fn fresh(&self, seen: Instant) -> bool {
        seen.elapsed() < self.ttl
    }

    pub fn ticket(&self) -> ReadTicket {
        ReadTicket { generation: self.generation.load(Ordering::Acquire), version_clears: self.versions.clears() }
    }

    /// The project's version if known and owned by `owner_id`; `Missing` for a project this
    /// process deleted; `Unknown` otherwise (not seen, expired, or another owner's: those go to
    /// the database, which answers them the same way as a missing project).
    pub fn known_version(&self, project_id: i64, owner_id: i64) -> KnownVersion {
        match self.versions.get(&project_id) {
            Some(e) if self.fresh(e.seen) => match e.state {
                VersionState::Current { owner_id: o, version } if o == owner_id => KnownVersion::Current(version),
                VersionState::Current { .. } => KnownVersion::Unknown,
                VersionState::Deleted => KnownVersion::Missing,
            },
            _ => KnownVersion::Unknown,
        }
    }

    /// Records a version read from or written to the database. Keeps the larger of the known
    /// and the observed version; a deleted project stays deleted.
    pub fn observe(&self, b: Bumped) {
        let now = Instant::now();
        self.versions.update(b.project_id, |known| match known.map(|e| e.state) {
            Some(VersionState::Deleted) => None,
            // An older read arriving late: the newer version stands, and was confirmed by
            // whoever recorded it, so `seen` stays.
            Some(VersionState::Current { version, .. }) if version > b.version => None,
            _ => Some(VersionEntry {
                state: VersionState::Current { owner_id: b.owner_id, version: b.version },
                seen: now,
            }),
        });
    }

    /// Records a version read under `ticket`: dropped if the versions map was emptied since (a
    /// delete recorded then could have been lost with it).
    pub fn observe_read(&self, ticket: ReadTicket, b: Bumped) {
        if self.versions.clears() == ticket.version_clears {
            self.observe(b);
        }
    }

    /// Records that this process deleted the project (after the commit).
    pub fn deleted(&self, project_id: i64) {
        self.versions.insert(project_id, VersionEntry { state: VersionState::Deleted, seen: Instant::now() });
    }

    /// The user's subscription record if known: `Some(None)` when known to have none.
    pub fn known_subscription(&self, user_id: i64) -> Option<Option<Arc<Subscription>>> {
        self.subscriptions.get(&user_id).filter(|e| self.fresh(e.seen)).map(|e| e.subscription)
    }

    /// Stores a subscription record read under `ticket`, unless a subscription was written
    /// since the ticket was taken (the read may predate that write). The check runs inside the
    /// map's update, so a write that lands meanwhile removes the entry after it is stored.
    pub fn remember_subscription(&self, ticket: ReadTicket, user_id: i64, subscription: Option<Subscription>) {
        let entry = SubscriptionEntry { subscription: subscription.map(Arc::new), seen: Instant::now() };
        self.subscriptions
            .update(user_id, |_| (self.generation.load(Ordering::Acquire) == ticket.generation).then_some(entry));
    }

    /// Forgets the user's subscription (after a write to it commits, or fails).
    pub fn subscription_changed(&self, user_id: i64) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.subscriptions.remove(&user_id);
    }
}

/// The application's view of this memory: answers without I/O for the hottest checks.
impl KnownState for Memo {
    fn project_version(&self, owner_id: UserId, project_id: ProjectId) -> KnownVersion {
        let (project_id, owner_id) = (project_id.get(), owner_id.get());
        self.known_version(project_id, owner_id)
    }

    fn subscription(&self, user_id: i64) -> Option<Option<Arc<Subscription>>> {
        self.known_subscription(user_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(project_id: i64, owner_id: i64, version: i64) -> Bumped {
        Bumped { project_id, owner_id, version }
    }

    #[test]
    fn versions_only_move_forward() {
        let m = Memo::new(Duration::from_secs(60));
        assert_eq!(m.known_version(1, 7), KnownVersion::Unknown);
        m.observe(b(1, 7, 3));
        m.observe(b(1, 7, 2)); // a read that started before the write of 3
        assert_eq!(m.known_version(1, 7), KnownVersion::Current(3));
        m.observe(b(1, 7, 4));
        assert_eq!(m.known_version(1, 7), KnownVersion::Current(4));
    }

    #[test]
    fn another_owner_is_never_answered_from_memory() {
        let m = Memo::new(Duration::from_secs(60));
        m.observe(b(1, 7, 3));
        assert_eq!(m.known_version(1, 8), KnownVersion::Unknown);
    }

    #[test]
    fn a_deleted_project_stays_deleted() {
        let m = Memo::new(Duration::from_secs(60));
        m.observe(b(1, 7, 3));
        m.deleted(1);
        m.observe(b(1, 7, 9)); // a late read from before the delete
        assert_eq!(m.known_version(1, 7), KnownVersion::Missing);
    }

    #[test]
    fn entries_expire_after_the_ttl() {
        let m = Memo::new(Duration::ZERO);
        m.observe(b(1, 7, 3));
        assert_eq!(m.known_version(1, 7), KnownVersion::Unknown);
        m.remember_subscription(m.ticket(), 7, None);
        assert_eq!(m.known_subscription(7), None);
    }

    #[test]
    fn a_subscription_read_before_a_write_is_not_remembered() {
        let m = Memo::new(Duration::from_secs(60));
        let ticket = m.ticket();
        m.subscription_changed(7); // the write commits while the read is in flight
        m.remember_subscription(ticket, 7, None);
        assert_eq!(m.known_subscription(7), None);
        m.remember_subscription(m.ticket(), 7, None);
        assert_eq!(m.known_subscription(7), Some(None));
        m.subscription_changed(7);
        assert_eq!(m.known_subscription(7), None);
    }

    #[test]
    fn a_read_older_than_a_clear_is_dropped() {
        let m = Memo::with_capacity(Duration::from_secs(60), 1);
        let ticket = m.ticket();
        m.deleted(1);
        m.observe(b(2, 7, 1)); // the map is full: emptied, and the delete of 1 forgotten
        m.observe_read(ticket, b(1, 7, 3)); // read before the delete: must not come back
        assert_eq!(m.known_version(1, 7), KnownVersion::Unknown);
        m.observe_read(m.ticket(), b(1, 7, 3));
        assert_eq!(m.known_version(1, 7), KnownVersion::Current(3));
    }
}
