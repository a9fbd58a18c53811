//! What a write changes that this process's memory (`memo.rs`) must learn, recorded by the
//! statements that make the change and handed to the memo by the write path once the
//! transaction ends (`Db::write` and `queue.rs`), before the caller is answered: so no
//! repository can forget to tell the memo, and nothing is learnt from a write that did not
//! commit. Version bumps and deletions count only after a COMMIT; a subscription change makes
//! the memo forget that user's subscription whatever the outcome (forgetting is always safe, and
//! a COMMIT lost with its connection may still have happened).
//!
//! Effects are kept per thread: a transaction runs on one thread from BEGIN to its end (a writer
//! thread, or the caller's with a pooled connection).

use std::cell::RefCell;

use crate::memo::{Bumped, Memo};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Effect {
    /// A project's new version (its tasks, documents or details changed).
    Version(Bumped),
    /// A project deleted.
    Deleted(i64),
    /// A user's subscription written.
    Subscription(i64),
}

thread_local! {
    static PENDING: RefCell<Vec<Effect>> = const { RefCell::new(Vec::new()) };
}

/// Notes an effect of the transaction running on this thread.
pub(crate) fn record(effect: Effect) {
    PENDING.with(|p| p.borrow_mut().push(effect));
}

/// Starts a transaction's record (anything left over is dropped).
pub(crate) fn begin() {
    PENDING.with(|p| p.borrow_mut().clear());
}

/// Ends the transaction's record and tells the memo what it must learn from it.
pub(crate) fn end(memo: &Memo, committed: bool) {
    let effects = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
    for effect in effects {
        match (effect, committed) {
            (Effect::Version(b), true) => memo.observe(b),
            (Effect::Deleted(id), true) => memo.deleted(id),
            (Effect::Subscription(user_id), _) => memo.subscription_changed(user_id),
            (Effect::Version(_) | Effect::Deleted(_), false) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use buildledger_application::ports::KnownVersion;

    use super::*;

    #[test]
    fn only_a_committed_transaction_teaches_the_memo_its_versions() {
        let memo = Memo::new(Duration::from_secs(60));
        begin();
        record(Effect::Version(Bumped { project_id: 1, owner_id: 7, version: 3 }));
        end(&memo, false);
        assert_eq!(memo.known_version(1, 7), KnownVersion::Unknown);
        begin();
        record(Effect::Version(Bumped { project_id: 1, owner_id: 7, version: 3 }));
        record(Effect::Deleted(2));
        end(&memo, true);
        assert_eq!(memo.known_version(1, 7), KnownVersion::Current(3));
        assert_eq!(memo.known_version(2, 7), KnownVersion::Missing);
    }

    #[test]
    fn a_subscription_is_forgotten_whatever_the_outcome() {
        let memo = Memo::new(Duration::from_secs(60));
        memo.remember_subscription(memo.ticket(), 5, None);
        assert!(memo.known_subscription(5).is_some());
        begin();
        record(Effect::Subscription(5));
        end(&memo, false);
        assert!(memo.known_subscription(5).is_none());
    }

    #[test]
    fn what_a_finished_transaction_left_is_not_carried_into_the_next() {
        let memo = Memo::new(Duration::from_secs(60));
        record(Effect::Version(Bumped { project_id: 4, owner_id: 1, version: 9 }));
        begin();
        end(&memo, true);
        assert_eq!(memo.known_version(4, 1), KnownVersion::Unknown);
    }
}
