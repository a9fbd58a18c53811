-- Bids (issue 18): each user's contractor roster, bids on tasks, the award that commits a
-- task's cost. What the board shows of a task's bids (committed cost, count, lowest) is kept on
-- the task row by every bid write, so the board read stays one query.

CREATE TABLE contractors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    trade TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    license_number TEXT NOT NULL DEFAULT '',
    insurance_expires TEXT,
    notes TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX contractors_owner ON contractors (owner_id, id);

-- A contractor with bids cannot be deleted (RESTRICT); a deleted task or project takes its bids.
CREATE TABLE bids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    contractor_id BIGINT NOT NULL REFERENCES contractors (id) ON DELETE RESTRICT,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    notes TEXT NOT NULL DEFAULT '',
    received_on TEXT,
    valid_until TEXT,
    document_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'awarded', 'declined')),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX bids_task ON bids (task_id, id);
CREATE INDEX bids_project ON bids (project_id, task_id);
CREATE INDEX bids_contractor ON bids (contractor_id);
CREATE INDEX bids_document ON bids (document_id);
-- At most one awarded bid per task, whatever races.
CREATE UNIQUE INDEX bids_one_award ON bids (task_id) WHERE status = 'awarded';

ALTER TABLE tasks ADD COLUMN committed_cents BIGINT;
ALTER TABLE tasks ADD COLUMN bid_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN lowest_bid_cents BIGINT;
