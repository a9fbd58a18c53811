//! Rate limits on the account endpoints, on governor's keyed GCRA limiters.
//!
//! An attempt takes its cell **before** the password is verified, atomically, so parallel
//! requests cannot all slip under the limit (20 at once against 5 let 5 through, not 20). A
//! login that turns out right gives its cell back: people who type their password right are
//! never slowed down, only failures add up. A bucket that is empty slows down (one more attempt
//! per interval) instead of locking anyone out for a fixed window.
//!
//! Keys are keyed hashes (of an account id, of a login text cut at 254 characters, of a client
//! address), so each costs 8 bytes whatever was typed, and the tables are swept when they grow.

use std::hash::{BuildHasher, Hash, RandomState};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::nanos::Nanos;
use governor::state::keyed::{DashMapStateStore, ShrinkableKeyedStateStore};
use governor::state::StateStore;
use governor::{Quota, RateLimiter};

/// How fast each kind of attempt may come.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Failed logins (and wrong current passwords) for one account.
    pub login_per_account: Quota,
    /// Failed logins from one client address, whatever the account.
    pub login_per_address: Quota,
    /// Registrations from one client address.
    pub registration_per_address: Quota,
    /// Password reset requests and confirmations from one client address.
    pub recovery_per_address: Quota,
}

fn quota(burst: u32, one_more_every: Duration) -> Quota {
    let burst = NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(one_more_every).unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN)).allow_burst(burst)
}

impl Default for Limits {
    /// docs/security.md lists these: 5 failures per account then one a minute; 50 per address
    /// then one every 18 s (50 in 15 minutes); 100 registrations per address then one every 9 s;
    /// 20 reset calls per address then one every 30 s.
    fn default() -> Self {
        Self {
            login_per_account: quota(5, Duration::from_secs(60)),
            login_per_address: quota(50, Duration::from_secs(18)),
            registration_per_address: quota(100, Duration::from_secs(9)),
            recovery_per_address: quota(20, Duration::from_secs(30)),
        }
    }
}

/// What a bucket counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A known account, by id.
    Account(i64),
    /// Login text that names no account (cut at [`LOGIN_MAX_CHARS`], case folded).
    Login(u64),
    /// A client address (an IPv6 client by its /64: one host holds a whole /64).
    Address(u64),
}

/// The longest login text that can name an account (an email is at most 254 characters, a
/// username 150); longer input is cut before it is hashed.
pub const LOGIN_MAX_CHARS: usize = 254;

/// Swept (stale keys dropped) when a table holds more keys than this.
const MAX_KEYS: usize = 100_000;

/// governor's DashMap store, shared so a cell can be given back ([`Bucket::refund`]).
#[derive(Clone, Default)]
struct SharedStore(Arc<DashMapStateStore<u64>>);

impl StateStore for SharedStore {
    type Key = u64;

    fn measure_and_replace<T, F, E>(&self, key: &u64, f: F) -> Result<T, E>
    where
        F: Fn(Option<Nanos>) -> Result<(T, Nanos), E>,
    {
        self.0.measure_and_replace(key, f)
    }
}

impl ShrinkableKeyedStateStore<u64> for SharedStore {
    fn retain_recent(&self, drop_below: Nanos) {
        self.0.retain_recent(drop_below);
    }
    fn shrink_to_fit(&self) {
        ShrinkableKeyedStateStore::shrink_to_fit(&*self.0);
    }
    fn len(&self) -> usize {
        ShrinkableKeyedStateStore::len(&*self.0)
    }
    fn is_empty(&self) -> bool {
        ShrinkableKeyedStateStore::is_empty(&*self.0)
    }
}

/// One keyed limiter.
struct Bucket {
    limiter: RateLimiter<u64, SharedStore, DefaultClock>,
    store: SharedStore,
    interval: Nanos,
}

impl Bucket {
    fn new(quota: Quota) -> Self {
        let store = SharedStore::default();
        let limiter = RateLimiter::new(quota, store.clone(), DefaultClock::default());
        Self { limiter, store, interval: Nanos::from(quota.replenish_interval()) }
    }

    /// Takes one cell, or says how long to wait for one.
    fn acquire(&self, key: u64) -> Result<(), Duration> {
        if self.limiter.len() > MAX_KEYS {
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
        self.limiter.check_key(&key).map_err(|not_until| not_until.wait_time_from(self.limiter.clock().now()))
    }

    /// Gives one cell back (the attempt turned out right).
    fn refund(&self, key: u64) {
        let interval = self.interval;
        let _ = self.store.measure_and_replace(&key, |tat| {
            Ok::<_, std::convert::Infallible>(((), tat.unwrap_or(Nanos::from(0)).saturating_sub(interval)))
        });
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.limiter.len()
    }
}

/// Seconds to wait, at least one (for `Retry-After`).
fn seconds(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// Every limiter of the account endpoints.
pub struct Throttle {
    login_account: Bucket,
    login_address: Bucket,
    registration: Bucket,
    recovery: Bucket,
    /// Seeded per process: nobody can choose inputs whose keys collide.
    hasher: RandomState,
}

/// Cells taken for one login attempt; give them back with [`Throttle::login_succeeded`].
#[must_use]
pub struct LoginPermit {
    account: u64,
    address: u64,
}

impl Throttle {
    pub fn new(limits: Limits) -> Self {
        Self {
            login_account: Bucket::new(limits.login_per_account),
            login_address: Bucket::new(limits.login_per_address),
            registration: Bucket::new(limits.registration_per_address),
            recovery: Bucket::new(limits.recovery_per_address),
            hasher: RandomState::new(),
        }
    }

    fn hash(&self, key: Key) -> u64 {
        self.hasher.hash_one(key)
    }

    /// The key of login text that names no account.
    pub fn login_key(&self, login: &str) -> Key {
        let capped: String = login.trim().chars().take(LOGIN_MAX_CHARS).flat_map(char::to_lowercase).collect();
        Key::Login(self.hasher.hash_one(capped))
    }

    fn address_key(&self, address: Option<IpAddr>) -> u64 {
        let bits = match address {
            Some(IpAddr::V4(v4)) => u128::from(v4.to_bits()),
            Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
                Some(v4) => u128::from(v4.to_bits()),
                None => v6.to_bits() & !((1u128 << 64) - 1),
            },
            None => 0,
        };
        self.hash(Key::Address(self.hasher.hash_one(bits)))
    }

    /// Takes a cell for a login attempt on `account` from `address`, before the password is
    /// checked; `Err(seconds to wait)` when either bucket is empty (nothing is taken then).
    pub fn login_attempt(&self, account: Key, address: Option<IpAddr>) -> Result<LoginPermit, u64> {
        let permit = LoginPermit { account: self.hash(account), address: self.address_key(address) };
        self.login_address.acquire(permit.address).map_err(seconds)?;
        if let Err(wait) = self.login_account.acquire(permit.account) {
            self.login_address.refund(permit.address);
            return Err(seconds(wait));
        }
        Ok(permit)
    }

    /// The password was right: the attempt does not count.
    pub fn login_succeeded(&self, permit: LoginPermit) {
        self.login_account.refund(permit.account);
        self.login_address.refund(permit.address);
    }

    /// The password was wrong: the cells stay taken.
    pub fn login_failed(&self, permit: LoginPermit) {
        let _ = permit;
    }

    /// A registration from `address`; `Err(seconds to wait)` over the limit.
    pub fn registration(&self, address: Option<IpAddr>) -> Result<(), u64> {
        self.registration.acquire(self.address_key(address)).map_err(seconds)
    }

    /// Gives back a registration's cell (the request was malformed: no account, no hashing).
    pub fn registration_refused(&self, address: Option<IpAddr>) {
        self.registration.refund(self.address_key(address));
    }

    /// A password reset request or confirmation from `address`.
    pub fn recovery(&self, address: Option<IpAddr>) -> Result<(), u64> {
        self.recovery.acquire(self.address_key(address)).map_err(seconds)
    }
}

impl Default for Throttle {
    fn default() -> Self {
        Self::new(Limits::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            login_per_account: quota(3, Duration::from_secs(60)),
            login_per_address: quota(5, Duration::from_secs(60)),
            registration_per_address: quota(2, Duration::from_secs(60)),
            recovery_per_address: quota(2, Duration::from_secs(60)),
        }
    }

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn an_account_slows_down_after_its_failures_and_other_accounts_do_not() {
        let t = Throttle::new(limits());
        for _ in 0..3 {
            let p = t.login_attempt(Key::Account(1), ip("1.1.1.1")).unwrap();
            t.login_failed(p);
        }
        let wait = t.login_attempt(Key::Account(1), ip("2.2.2.2")).map(|_| ()).unwrap_err();
        assert!((1..=60).contains(&wait), "one more attempt within a minute, not a 15-minute lockout: {wait}");
        assert!(t.login_attempt(Key::Account(2), ip("3.3.3.3")).is_ok());
    }

    #[test]
    fn the_cell_is_taken_before_the_password_is_checked() {
        // Attempts in flight (not yet failed nor succeeded) already count: parallel requests
        // cannot all pass the check.
        let t = Throttle::new(limits());
        let in_flight: Vec<_> = (0..3).map(|_| t.login_attempt(Key::Account(1), ip("1.1.1.1")).unwrap()).collect();
        assert!(t.login_attempt(Key::Account(1), ip("1.1.1.1")).is_err());
        in_flight.into_iter().for_each(|p| t.login_failed(p));
    }

    #[test]
    fn parallel_attempts_take_exactly_the_burst() {
        let t = Arc::new(Throttle::new(limits()));
        let granted: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..20)
                .map(|_| {
                    let t = t.clone();
                    s.spawn(move || t.login_attempt(Key::Account(9), ip("4.4.4.4")).map(|p| t.login_failed(p)).is_ok())
                })
                .collect();
            handles.into_iter().map(|h| usize::from(h.join().unwrap())).sum()
        });
        assert_eq!(granted, 3);
    }

    #[test]
    fn a_right_password_gives_its_cells_back() {
        let t = Throttle::new(limits());
        for _ in 0..10 {
            let p = t.login_attempt(Key::Account(1), ip("1.1.1.1")).unwrap();
            t.login_succeeded(p);
        }
        assert!(t.login_attempt(Key::Account(1), ip("1.1.1.1")).is_ok());
    }

    #[test]
    fn an_address_is_limited_across_accounts_and_an_ipv6_host_by_its_64() {
        let t = Throttle::new(limits());
        for i in 0..5 {
            t.login_failed(t.login_attempt(Key::Account(i), ip("9.9.9.9")).unwrap());
        }
        assert!(t.login_attempt(Key::Account(100), ip("9.9.9.9")).is_err());
        assert!(t.login_attempt(Key::Account(100), ip("8.8.8.8")).is_ok());
        for i in 0..5 {
            let addr = format!("2001:db8:1:2::{i}");
            t.login_failed(t.login_attempt(Key::Account(200 + i), ip(&addr)).unwrap());
        }
        assert!(t.login_attempt(Key::Account(300), ip("2001:db8:1:2:ffff::1")).is_err());
        assert!(t.login_attempt(Key::Account(300), ip("2001:db8:1:3::1")).is_ok());
    }

    #[test]
    fn a_huge_login_costs_one_small_key_and_still_counts() {
        let t = Throttle::new(limits());
        let huge = "x".repeat(250_000);
        for _ in 0..3 {
            t.login_failed(t.login_attempt(t.login_key(&huge), ip("1.1.1.1")).unwrap());
        }
        assert_eq!(t.login_account.len(), 1);
        assert!(std::mem::size_of::<Key>() <= 16);
        assert!(t.login_attempt(t.login_key(&huge.to_uppercase()), ip("2.2.2.2")).is_err());
        // Logins that agree on their first 254 characters are one key (none is longer).
        assert!(t.login_attempt(t.login_key(&format!("{huge}y")), ip("2.2.2.2")).is_err());
    }

    #[test]
    fn registrations_and_resets_are_limited_per_address() {
        let t = Throttle::new(limits());
        assert!(t.registration(ip("1.1.1.1")).is_ok());
        assert!(t.registration(ip("1.1.1.1")).is_ok());
        assert!(t.registration(ip("1.1.1.1")).is_err());
        assert!(t.registration(ip("2.2.2.2")).is_ok());
        t.registration_refused(ip("1.1.1.1"));
        assert!(t.registration(ip("1.1.1.1")).is_ok());
        assert!(t.recovery(ip("1.1.1.1")).is_ok());
        assert!(t.recovery(ip("1.1.1.1")).is_ok());
        assert!(t.recovery(ip("1.1.1.1")).is_err());
    }
}
