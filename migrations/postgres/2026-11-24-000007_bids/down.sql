ALTER TABLE tasks DROP COLUMN lowest_bid_cents;
ALTER TABLE tasks DROP COLUMN bid_count;
ALTER TABLE tasks DROP COLUMN committed_cents;
DROP TABLE bids;
DROP TABLE contractors;
