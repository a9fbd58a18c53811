DROP INDEX users_username_key;
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
ALTER TABLE users DROP COLUMN username_key;
ALTER TABLE users DROP COLUMN email_key;
