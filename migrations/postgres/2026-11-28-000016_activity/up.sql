-- The activity trail (issue 35): who changed what in a project, when, and the money before and
-- after. Written in the same transaction as the change it records (docs/architecture.md). The task
-- is a plain number, not a foreign key, so a task's entries stay after the task is deleted; the
-- actor becomes NULL when their account is deleted.
CREATE TABLE activity_entries (
    id BIGSERIAL PRIMARY KEY,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    at TIMESTAMP NOT NULL,
    action TEXT NOT NULL,
    task_id BIGINT,
    summary TEXT NOT NULL,
    before_cents BIGINT,
    after_cents BIGINT
);
CREATE INDEX activity_entries_project ON activity_entries (project_id, id DESC);
CREATE INDEX activity_entries_task ON activity_entries (project_id, task_id, id);
-- The foreign key's own lookup when a user is deleted.
CREATE INDEX activity_entries_actor ON activity_entries (actor_id);
