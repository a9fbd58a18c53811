-- Case-insensitive uniqueness that works for every alphabet: SQLite's lower() folds ASCII only,
-- so the application stores its own lowercase keys (Rust's Unicode to_lowercase).
ALTER TABLE users ADD COLUMN username_key TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
UPDATE users SET username_key = lower(username), email_key = lower(email);
DROP INDEX users_username_lower;
DROP INDEX users_email_lower;
CREATE UNIQUE INDEX users_username_key ON users (username_key);
CREATE UNIQUE INDEX users_email_key ON users (email_key);
