-- Board order is (sort_key, id) inside a column. With id in the index, the index alone gives that
-- order: a move reads its two new neighbours from the index (LIMIT 2) instead of fetching and
-- sorting the whole column, and the board read needs no sort step. (SQLite needs no such change:
-- there every index entry already ends with the rowid, which is tasks.id.)
DROP INDEX tasks_project_column;
CREATE INDEX tasks_project_column ON tasks (project_id, status, sort_key, id);
