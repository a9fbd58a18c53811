UPDATE tasks SET sort_key = ranked.n - 1
FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY project_id, status ORDER BY sort_key, id) AS n FROM tasks) AS ranked
WHERE tasks.id = ranked.id;
ALTER TABLE tasks ALTER COLUMN sort_key TYPE INTEGER;
ALTER TABLE tasks RENAME COLUMN sort_key TO position;
