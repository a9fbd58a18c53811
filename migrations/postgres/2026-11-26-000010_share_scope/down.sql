ALTER TABLE project_shares DROP COLUMN include_payments;
ALTER TABLE project_shares DROP COLUMN include_bids;
