UPDATE tasks SET sort_key = (
    SELECT COUNT(*) FROM tasks AS t2
    WHERE t2.project_id = tasks.project_id AND t2.status = tasks.status
      AND (t2.sort_key < tasks.sort_key OR (t2.sort_key = tasks.sort_key AND t2.id < tasks.id))
);
ALTER TABLE tasks RENAME COLUMN sort_key TO position;
