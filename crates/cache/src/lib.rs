//! The one in-memory map behind every cache of the server: verified access tokens
//! (`security`), project versions and subscriptions (`persistence/src/memo.rs`) and serialized
//! boards (`http/src/tasks.rs`). Each of those decides what an entry means and how long it is
//! trusted; this type only holds entries, bounded.
//!
//! A mutex around a hash map: every operation is a few hash-map steps under a lock held for
//! nothing else, which on the hottest path (a 304 checks three of these maps) costs less than
//! the bookkeeping of an eviction policy would. When a new key would exceed the capacity the map
//! is emptied (a miss only costs a query or a verification), and [`BoundedMap::clears`] counts
//! that, for callers that must know an entry may have been dropped.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// A map of at most `capacity` entries, shared between threads.
#[derive(Debug)]
pub struct BoundedMap<K, V> {
    entries: Mutex<HashMap<K, V>>,
    capacity: usize,
    clears: AtomicU64,
}

impl<K: Eq + Hash, V: Clone> BoundedMap<K, V> {
    pub fn new(capacity: usize) -> Self {
        Self { entries: Mutex::new(HashMap::new()), capacity: capacity.max(1), clears: AtomicU64::new(0) }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<K, V>> {
        // A panic while holding the lock cannot leave the map half-changed (each operation is one
        // hash-map call), so a poisoned lock is used as it is.
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A copy of the entry for `key`.
    pub fn get<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.lock().get(key).cloned()
    }

    /// Stores `value` under `key`.
    pub fn insert(&self, key: K, value: V) {
        let mut entries = self.lock();
        self.make_room(&mut entries, &key);
        entries.insert(key, value);
    }

    /// Reads and replaces the entry for `key` in one step: `f` sees the current entry and returns
    /// the new one, or `None` to leave the map as it is.
    pub fn update(&self, key: K, f: impl FnOnce(Option<&V>) -> Option<V>) {
        let mut entries = self.lock();
        if let Some(value) = f(entries.get(&key)) {
            self.make_room(&mut entries, &key);
            entries.insert(key, value);
        }
    }

    pub fn remove<Q>(&self, key: &Q)
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.lock().remove(key);
    }

    /// How many times the map was emptied to make room.
    pub fn clears(&self) -> u64 {
        self.clears.load(Ordering::Acquire)
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn make_room(&self, entries: &mut HashMap<K, V>, key: &K) {
        if entries.len() >= self.capacity && !entries.contains_key(key) {
            entries.clear();
            self.clears.fetch_add(1, Ordering::AcqRel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_kept_copied_and_removed() {
        let map = BoundedMap::new(4);
        map.insert("a".to_string(), 1);
        assert_eq!(map.get("a"), Some(1));
        assert_eq!(map.get("b"), None);
        map.remove("a");
        assert!(map.is_empty());
    }

    #[test]
    fn a_full_map_is_emptied_for_a_new_key_and_says_so() {
        let map = BoundedMap::new(2);
        map.insert(1, 'a');
        map.insert(2, 'b');
        map.insert(2, 'c'); // an existing key never empties it
        assert_eq!((map.len(), map.clears()), (2, 0));
        map.insert(3, 'd');
        assert_eq!((map.len(), map.clears(), map.get(&3)), (1, 1, Some('d')));
    }

    #[test]
    fn update_reads_and_replaces_in_one_step_or_leaves_the_entry() {
        let map = BoundedMap::new(8);
        let keep_max = |new: i64| move |old: Option<&i64>| (old.is_none_or(|o| *o < new)).then_some(new);
        map.update(1, keep_max(5));
        map.update(1, keep_max(3));
        assert_eq!(map.get(&1), Some(5));
        map.update(1, keep_max(9));
        assert_eq!(map.get(&1), Some(9));
    }

    #[test]
    fn concurrent_updates_lose_nothing() {
        let map = std::sync::Arc::new(BoundedMap::new(8));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let map = map.clone();
                std::thread::spawn(move || {
                    for _ in 0..1000 {
                        map.update(0, |old: Option<&u64>| Some(old.copied().unwrap_or(0) + 1));
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(map.get(&0), Some(4000));
    }
}
