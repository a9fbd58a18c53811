DROP INDEX tasks_project_column;
CREATE INDEX tasks_project_column ON tasks (project_id, status, sort_key);
