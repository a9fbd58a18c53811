//! Login throttling: too many failed logins for one account, or from one client address,
//! within a window make further attempts wait (429 with Retry-After).
//!
//! Only failures count, so people who type their password right are never slowed down.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub per_account: u32,
    pub per_address: u32,
    pub window: Duration,
}

impl Default for Limits {
    /// 5 failures per account and 50 per client address in 15 minutes.
    fn default() -> Self {
        Self { per_account: 5, per_address: 50, window: Duration::from_secs(15 * 60) }
    }
}

struct Window {
    started: Instant,
    failures: u32,
}

/// What a window counts: one account or one client address, as a keyed hash, so a key costs
/// the same few bytes whatever was typed into the login field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Account(u64),
    Address(u64),
}

/// The longest login text that can name an account (an email is at most 254 characters, a
/// username 150); longer input is cut before it is hashed.
const LOGIN_MAX_CHARS: usize = 254;

pub struct LoginThrottle {
    limits: Limits,
    windows: Mutex<HashMap<Key, Window>>,
    /// Seeded per process: nobody can choose logins whose keys collide.
    hasher: RandomState,
}

/// Bound on remembered keys; old windows are swept when it is reached.
const MAX_KEYS: usize = 100_000;

impl LoginThrottle {
    pub fn new(limits: Limits) -> Self {
        Self { limits, windows: Mutex::new(HashMap::new()), hasher: RandomState::new() }
    }

    fn account_key(&self, account: &str) -> Key {
        let capped: String = account.trim().chars().take(LOGIN_MAX_CHARS).flat_map(char::to_lowercase).collect();
        Key::Account(self.hasher.hash_one(capped))
    }

    fn keys(&self, account: &str, address: &str) -> [(Key, bool); 2] {
        [(self.account_key(account), true), (Key::Address(self.hasher.hash_one(address)), false)]
    }

    /// `Some(seconds to wait)` when either key is over its limit.
    pub fn check(&self, account: &str, address: &str, now: Instant) -> Option<u64> {
        let windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        self.keys(account, address)
            .iter()
            .filter_map(|(key, is_account)| {
                let w = windows.get(key)?;
                let limit = if *is_account { self.limits.per_account } else { self.limits.per_address };
                let elapsed = now.saturating_duration_since(w.started);
                (elapsed < self.limits.window && w.failures >= limit)
                    .then(|| (self.limits.window - elapsed).as_secs().max(1))
            })
            .max()
    }

    pub fn record_failure(&self, account: &str, address: &str, now: Instant) {
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if windows.len() >= MAX_KEYS {
            let window = self.limits.window;
            windows.retain(|_, w| now.saturating_duration_since(w.started) < window);
        }
        for (key, _) in self.keys(account, address) {
            let w = windows.entry(key).or_insert(Window { started: now, failures: 0 });
            if now.saturating_duration_since(w.started) >= self.limits.window {
                *w = Window { started: now, failures: 0 };
            }
            w.failures += 1;
        }
    }

    /// A successful login clears the account's failures (not the address's).
    pub fn record_success(&self, account: &str) {
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        windows.remove(&self.account_key(account));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits { per_account: 3, per_address: 5, window: Duration::from_secs(60) }
    }

    #[test]
    fn an_account_is_throttled_after_its_failures_until_the_window_ends() {
        let t = LoginThrottle::new(limits());
        let now = Instant::now();
        for _ in 0..3 {
            assert_eq!(t.check("Ana", "1.1.1.1", now), None);
            t.record_failure("Ana", "1.1.1.1", now);
        }
        let wait = t.check("ana", "2.2.2.2", now + Duration::from_secs(10)).unwrap();
        assert_eq!(wait, 50);
        assert_eq!(t.check("ana", "2.2.2.2", now + Duration::from_secs(61)), None);
        assert_eq!(t.check("bob", "3.3.3.3", now), None);
    }

    #[test]
    fn an_address_is_throttled_across_accounts() {
        let t = LoginThrottle::new(limits());
        let now = Instant::now();
        for i in 0..5 {
            t.record_failure(&format!("user{i}"), "9.9.9.9", now);
        }
        assert!(t.check("someone-else", "9.9.9.9", now).is_some());
        assert!(t.check("someone-else", "8.8.8.8", now).is_none());
    }

    #[test]
    fn a_huge_login_costs_one_small_key_and_still_counts() {
        let t = LoginThrottle::new(limits());
        let now = Instant::now();
        let huge = "x".repeat(250_000);
        for _ in 0..3 {
            t.record_failure(&huge, "1.1.1.1", now);
        }
        // Keys are hashes: two entries (account, address) whatever the size of the input.
        assert_eq!(t.windows.lock().unwrap().len(), 2);
        assert!(std::mem::size_of::<Key>() <= 16);
        assert!(t.check(&huge, "2.2.2.2", now).is_some(), "the same long login is still throttled");
        // Logins that agree on their first 254 characters are one account key (none is longer).
        assert!(t.check(&format!("{huge}y"), "2.2.2.2", now).is_some());
    }

    #[test]
    fn success_clears_the_account() {
        let t = LoginThrottle::new(limits());
        let now = Instant::now();
        for _ in 0..3 {
            t.record_failure("ana", "1.1.1.1", now);
        }
        t.record_success("ana");
        assert_eq!(t.check("ana", "4.4.4.4", now), None);
    }
}
