-- Account lifecycle (issue 16): sessions whose refresh tokens rotate and can be revoked,
-- single-use password reset links, and the look-alike (confusable) key of each username.

-- One row per sign-in. Its refresh tokens rotate: only the token whose id is `current_jti` may
-- be used (the previous one for a few seconds, for two tabs refreshing at once); any other token
-- of the session is a reuse and revokes it.
CREATE TABLE sessions (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    current_jti TEXT NOT NULL,
    previous_jti TEXT,
    rotated_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX sessions_user ON sessions (user_id);

-- A reset link's token is stored as its SHA-256 only: the table alone opens nothing.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- UTS #39 skeleton of the lowercase username: two names with one skeleton look alike. Filled by
-- the application (empty for rows written before this migration until it backfills them).
ALTER TABLE users ADD COLUMN username_skeleton TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX users_username_skeleton ON users (username_skeleton) WHERE username_skeleton <> '';
