DROP INDEX users_username_skeleton;
ALTER TABLE users DROP COLUMN username_skeleton;
DROP TABLE password_resets;
DROP TABLE sessions;
