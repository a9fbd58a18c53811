//! Rate limits on the account endpoints, on governor's keyed GCRA limiters.
//!
//! An attempt takes its cells **before** the password is verified, atomically, so parallel
//! requests cannot all slip under the limit (20 at once against 5 let 5 through, not 20). A
//! login that turns out right gives its cells back: people who type their password right are
//! never slowed down, only failures add up. An empty bucket slows down (one more attempt per
//! interval) instead of locking anyone out for a fixed window.
//!
//! **Nobody can lock the owner out.** Guessing is refused per client address and per (account,
//! address) pair: an address that keeps guessing one account is stopped, others are not. The
//! account's own bucket counts failures from everywhere; once it is empty (a guessing campaign
//! spread over many addresses) it only **slows** attempts from addresses that have not been
//! guessing this account (each waits [`Limits::slowdown`] before its password is checked) and
//! refuses those that have. So eight wrong passwords from one address do not stop the owner
//! signing in from another, and a botnet gets one guess per address per interval at best.
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
    /// Failed logins (and wrong current passwords) for one account from one client address:
    /// refused beyond it.
    pub login_per_account_and_address: Quota,
    /// Failed logins for one account from everywhere: beyond it, addresses that have not been
    /// guessing are slowed down, the others refused.
    pub login_per_account: Quota,
    /// Failed logins from one client address, whatever the account: refused beyond it.
    pub login_per_address: Quota,
    /// How long an attempt waits while its account's bucket is empty.
    pub slowdown: Duration,
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
    /// docs/security.md lists these: 5 failures per account and address then one a minute; 20
    /// per account from everywhere then one a minute (a slow-down of 2 s for clean addresses);
    /// 50 per address then one every 18 s (50 in 15 minutes); 100 registrations per address then
    /// one every 9 s; 20 reset calls per address then one every 30 s.
    fn default() -> Self {
        Self {
            login_per_account_and_address: quota(5, Duration::from_secs(60)),
            login_per_account: quota(20, Duration::from_secs(60)),
            login_per_address: quota(50, Duration::from_secs(18)),
            slowdown: Duration::from_secs(2),
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
    /// An account (or login text) tried from one address: the two keys' hashes.
    Pair(u64, u64),
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
    burst: NonZeroU32,
}

impl Bucket {
    fn new(quota: Quota) -> Self {
        let store = SharedStore::default();
        let limiter = RateLimiter::new(quota, store.clone(), DefaultClock::default());
        Self { limiter, store, interval: Nanos::from(quota.replenish_interval()), burst: quota.burst_size() }
    }

    /// Takes one cell like [`Self::acquire`], and says whether the bucket was full before (no
    /// failure of this key is still being paid off).
    fn acquire_noting_full(&self, key: u64) -> Result<bool, Duration> {
        // Taking the whole burst at once succeeds only from a full bucket; all but one go back.
        if let Ok(Ok(())) = self.limiter.check_key_n(&key, self.burst) {
            self.refund_n(key, self.burst.get() - 1);
            return Ok(true);
        }
        self.acquire(key).map(|()| false)
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
        self.refund_n(key, 1);
    }

    fn refund_n(&self, key: u64, n: u32) {
        let back = Nanos::from(self.interval.as_u64().saturating_mul(u64::from(n)));
        let _ = self.store.measure_and_replace(&key, |tat| {
            Ok::<_, std::convert::Infallible>(((), tat.unwrap_or(Nanos::from(0)).saturating_sub(back)))
        });
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.limiter.len()
    }
}

/// Waits out the permit's slow-down, if any (without holding a worker thread).
pub async fn slow_down(permit: &LoginPermit) {
    if let Some(wait) = permit.slowdown() {
        tracing::warn!(wait_ms = wait.as_millis() as u64, "login slowed down: many recent failures for this account");
        actix_web::rt::time::sleep(wait).await;
    }
}

/// Seconds to wait, at least one (for `Retry-After`).
fn seconds(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// Every limiter of the account endpoints.
pub struct Throttle {
    login_pair: Bucket,
    login_account: Bucket,
    login_address: Bucket,
    slowdown: Duration,
    registration: Bucket,
    recovery: Bucket,
    /// Seeded per process: nobody can choose inputs whose keys collide.
    hasher: RandomState,
}

/// Cells taken for one login attempt; give them back with [`Throttle::login_succeeded`].
#[must_use]
pub struct LoginPermit {
    pair: u64,
    account: u64,
    address: u64,
    /// Whether a cell of the account's bucket was taken (not when it was empty).
    took_account: bool,
    slowdown: Option<Duration>,
}

impl LoginPermit {
    /// How long to wait before checking the password: `Some` while the account's bucket is empty
    /// (a campaign against it), for an address that has not been guessing it.
    pub fn slowdown(&self) -> Option<Duration> {
        self.slowdown
    }
}

impl Throttle {
    pub fn new(limits: Limits) -> Self {
        Self {
            login_pair: Bucket::new(limits.login_per_account_and_address),
            login_account: Bucket::new(limits.login_per_account),
            login_address: Bucket::new(limits.login_per_address),
            slowdown: limits.slowdown,
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

    /// Takes the cells for a login attempt on `account` from `address`, before the password is
    /// checked; `Err(seconds to wait)` when the address or the pair is over its limit, or when
    /// the account is and this address has been guessing it (nothing is taken then).
    pub fn login_attempt(&self, account: Key, address: Option<IpAddr>) -> Result<LoginPermit, u64> {
        let (account, address) = (self.hash(account), self.address_key(address));
        let pair = self.hash(Key::Pair(account, address));
        self.login_address.acquire(address).map_err(seconds)?;
        let clean = match self.login_pair.acquire_noting_full(pair) {
            Ok(clean) => clean,
            Err(wait) => {
                self.login_address.refund(address);
                return Err(seconds(wait));
            }
        };
        let mut permit = LoginPermit { pair, account, address, took_account: true, slowdown: None };
        if let Err(wait) = self.login_account.acquire(account) {
            if !clean {
                self.login_pair.refund(pair);
                self.login_address.refund(address);
                return Err(seconds(wait));
            }
            permit.took_account = false;
            permit.slowdown = Some(self.slowdown);
        }
        Ok(permit)
    }

    /// The password was right: the attempt does not count.
    pub fn login_succeeded(&self, permit: LoginPermit) {
        self.login_pair.refund(permit.pair);
        if permit.took_account {
            self.login_account.refund(permit.account);
        }
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
            login_per_account_and_address: quota(3, Duration::from_secs(60)),
            login_per_account: quota(6, Duration::from_secs(60)),
            login_per_address: quota(5, Duration::from_secs(60)),
            slowdown: Duration::from_millis(1500),
            registration_per_address: quota(2, Duration::from_secs(60)),
            recovery_per_address: quota(2, Duration::from_secs(60)),
        }
    }

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn an_address_guessing_an_account_is_stopped_and_the_owner_elsewhere_is_not() {
        let t = Throttle::new(limits());
        for _ in 0..3 {
            let p = t.login_attempt(Key::Account(1), ip("1.1.1.1")).unwrap();
            t.login_failed(p);
        }
        let wait = t.login_attempt(Key::Account(1), ip("1.1.1.1")).map(|_| ()).unwrap_err();
        assert!((1..=60).contains(&wait), "one more attempt within a minute, not a 15-minute lockout: {wait}");
        // The owner, from another address: neither refused nor slowed.
        let owner = t.login_attempt(Key::Account(1), ip("2.2.2.2")).unwrap();
        assert_eq!(owner.slowdown(), None);
        t.login_succeeded(owner);
        assert!(t.login_attempt(Key::Account(2), ip("1.1.1.1")).is_ok());
    }

    #[test]
    fn a_campaign_from_many_addresses_slows_clean_addresses_and_refuses_guessing_ones() {
        let t = Throttle::new(limits());
        // Six failures from six addresses empty the account's bucket (6).
        for i in 0..6 {
            t.login_failed(t.login_attempt(Key::Account(1), ip(&format!("10.0.0.{i}"))).unwrap());
        }
        // An address that already guessed this account is refused now...
        assert!(t.login_attempt(Key::Account(1), ip("10.0.0.0")).is_err());
        // ...one that has not is let through, slowed down: the owner still gets in.
        let owner = t.login_attempt(Key::Account(1), ip("192.0.2.7")).unwrap();
        assert_eq!(owner.slowdown(), Some(Duration::from_millis(1500)));
        t.login_succeeded(owner);
        let again = t.login_attempt(Key::Account(1), ip("192.0.2.7")).unwrap();
        assert_eq!(again.slowdown(), Some(Duration::from_millis(1500)), "still slowed, never refused");
        // A fresh address that guesses wrong gets one try: then it has been guessing.
        t.login_failed(t.login_attempt(Key::Account(1), ip("198.51.100.1")).unwrap());
        assert!(t.login_attempt(Key::Account(1), ip("198.51.100.1")).is_err());
        // Other accounts are not touched.
        assert_eq!(t.login_attempt(Key::Account(2), ip("10.0.0.0")).unwrap().slowdown(), None);
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
        assert_eq!((t.login_account.len(), t.login_pair.len()), (1, 1));
        assert!(std::mem::size_of::<Key>() <= 24);
        assert!(t.login_attempt(t.login_key(&huge.to_uppercase()), ip("1.1.1.1")).is_err());
        // Logins that agree on their first 254 characters are one key (none is longer).
        assert!(t.login_attempt(t.login_key(&format!("{huge}y")), ip("1.1.1.1")).is_err());
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
