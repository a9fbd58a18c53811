-- Reminder mails (issue 35). A user without a reminder_settings row gets them daily.
-- reminder_sends claims one mail per user and day: whichever instance inserts the row sends it
-- (insert-or-skip on the unique key), and deletes it again when the mail could not be queued.
-- Each mail's one-click unsubscribe token is kept only as its SHA-256 (hex).

CREATE TABLE reminder_settings (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    frequency TEXT NOT NULL DEFAULT 'daily',
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE reminder_sends (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    claimed_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX reminder_sends_user_day ON reminder_sends (user_id, day);
CREATE UNIQUE INDEX reminder_sends_token ON reminder_sends (token_hash);
