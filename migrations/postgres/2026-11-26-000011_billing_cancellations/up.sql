-- Subscriptions to cancel at the payment provider for accounts already deleted (issue 28). An
-- account's rows go in one transaction that also writes its subscription here; the provider is
-- called after the commit, and a call that fails is retried (at start-up and every few
-- minutes) until it succeeds. No reference to users: the account is gone by then.

CREATE TABLE billing_cancellations (
    subscription_id TEXT PRIMARY KEY NOT NULL,
    requested_at TIMESTAMP NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT ''
);
