-- Project members (issue 35): a partner edits, a viewer reads. An invitation is a row with an
-- email, a role and the hash of its link's token (7 days, single use); accepting it sets user_id
-- and joined_at. A joined member's row keeps its token hash (a second use answers "already used").
-- Removing a member or revoking an invitation deletes the row.
CREATE TABLE project_members (
    id BIGSERIAL PRIMARY KEY,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    role TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    invited_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    invited_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    joined_at TIMESTAMP
);
CREATE INDEX project_members_project ON project_members (project_id, id);
-- A user is a member of a project once (NULLs, open invitations, are distinct).
CREATE UNIQUE INDEX project_members_user ON project_members (user_id, project_id);
CREATE UNIQUE INDEX project_members_token ON project_members (token_hash);
-- The foreign key's own lookup when the inviting user is deleted.
CREATE INDEX project_members_invited_by ON project_members (invited_by);
