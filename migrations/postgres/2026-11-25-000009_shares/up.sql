-- Read-only share links (issue 21). The token is shown to the owner once; only its SHA-256
-- (hex) is kept, so a copy of the database does not open anyone's links. A revoked link is
-- deleted; an expired one stops working after its last day (expires_on, inclusive).

CREATE TABLE project_shares (
    id BIGSERIAL PRIMARY KEY,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    expires_on TEXT,
    include_documents BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX project_shares_token ON project_shares (token_hash);
CREATE INDEX project_shares_project ON project_shares (project_id, id);
CREATE INDEX project_shares_owner ON project_shares (owner_id);
