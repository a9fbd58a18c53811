-- Board order by sparse sort keys instead of dense positions: a move writes one row (the moved
-- task gets a key between its new neighbours) instead of renumbering the rest of two columns.
-- The dense position the API shows is the task's index in its column, computed on read.
-- Keys start 2^20 apart so that many moves fit between two neighbours before a column is
-- spaced out again.
ALTER TABLE tasks RENAME COLUMN position TO sort_key;
UPDATE tasks SET sort_key = sort_key * 1048576;
