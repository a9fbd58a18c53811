-- What a share link shows (security issue 28): competing bids and the payments (payees, notes)
-- only when the owner asks, like documents. Links made before this migration showed both; that
-- was the leak, so they get FALSE too and show neither until the owner makes a new link.

ALTER TABLE project_shares ADD COLUMN include_bids BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE project_shares ADD COLUMN include_payments BOOLEAN NOT NULL DEFAULT FALSE;
