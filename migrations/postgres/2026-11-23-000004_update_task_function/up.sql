-- A task change (fields and/or a move on the board) in one round trip on PostgreSQL.
--
-- The same steps as DieselTaskRepository::update on SQLite (crates/persistence/src/tasks.rs),
-- which the same tests run on both databases: take the project's row lock by bumping its
-- version, read the task, find its sort key (a key between its new neighbours, see "Board order"
-- in docs/architecture.md), write it. Done from the server it took four round trips while holding
-- the board's row lock; in here they cost no round trip, and each statement of a PL/pgSQL function
-- sees the rows committed before it ran, so the keys read after taking the lock are current.
--
-- Arguments: NULL for a field that does not change. actual_cost_cents and due_date can be set to
-- NULL, so each has a flag saying whether it changes. p_position: the index wanted in the target
-- column (NULL: none asked; a task changing column then goes last).
-- Returns no row when project p_project holds no task p_task (nothing is changed then, once the
-- caller rolls back); otherwise the project's owner and new version, and the task as written with
-- its position in its column. Several calls in one transaction bump the version once.
CREATE FUNCTION board_update_task(
    p_project BIGINT, p_task BIGINT, p_now TIMESTAMP,
    p_title TEXT, p_description TEXT, p_status TEXT, p_quality TEXT,
    p_set_cost BOOLEAN, p_cost BIGINT, p_set_due BOOLEAN, p_due TEXT,
    p_position INTEGER)
RETURNS TABLE (owner_id BIGINT, version BIGINT, title TEXT, description TEXT, status TEXT, material_quality TEXT,
               actual_cost_cents BIGINT, due_date TEXT, task_position INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
    gap CONSTANT BIGINT := 1048576; -- statements.rs: SORT_KEY_GAP
    t tasks%ROWTYPE;
    target TEXT;
    new_key BIGINT;
    pos INTEGER;
    wanted INTEGER;
    keys BIGINT[];
    prev BIGINT;
    nxt BIGINT;
    placed BOOLEAN := FALSE;
BEGIN
    -- The project's row lock and a new version, once per transaction: the server commits the
    -- queued changes of one board together (crates/persistence/src/queue.rs), and one
    -- new version per commit is what readers can see. Updating the row again for every change
    -- would only add row versions (and check its constraints again).
    IF current_setting('buildledger.bumped_project', true) IS DISTINCT FROM p_project::TEXT THEN
        UPDATE projects p SET version = p.version + 1, updated_at = p_now WHERE p.id = p_project
            RETURNING p.owner_id, p.version INTO owner_id, version;
        IF NOT FOUND THEN
            RETURN;
        END IF;
        PERFORM set_config('buildledger.bumped_project', p_project::TEXT, true); -- until COMMIT
    ELSE
        SELECT p.owner_id, p.version INTO owner_id, version FROM projects p WHERE p.id = p_project;
    END IF;
    SELECT * INTO t FROM tasks WHERE tasks.id = p_task AND tasks.project_id = p_project;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    target := COALESCE(p_status, t.status);
    new_key := t.sort_key;

    IF p_position IS NOT NULL THEN
        wanted := GREATEST(p_position, 0);
        FOR attempt IN 1..2 LOOP
            -- The neighbours at wanted - 1 and wanted, in board order, leaving the task out.
            SELECT array_agg(s.sort_key ORDER BY s.sort_key, s.id) INTO keys FROM (
                SELECT x.sort_key, x.id FROM tasks x
                WHERE x.project_id = p_project AND x.status = target AND x.id <> p_task
                ORDER BY x.sort_key, x.id LIMIT 2 OFFSET GREATEST(wanted - 1, 0)) s;
            IF wanted = 0 THEN
                prev := NULL;
                nxt := keys[1];
            ELSE
                prev := keys[1];
                nxt := keys[2];
            END IF;
            IF prev IS NULL AND nxt IS NULL THEN
                EXIT; -- past the end of the column, or an empty one: last place (below)
            ELSIF prev IS NULL THEN
                new_key := nxt - gap; pos := 0; placed := TRUE; EXIT;
            ELSIF nxt IS NULL THEN
                new_key := prev + gap; pos := wanted; placed := TRUE; EXIT;
            ELSIF nxt - prev >= 2 THEN
                new_key := prev + (nxt - prev) / 2; pos := wanted; placed := TRUE; EXIT;
            END IF;
            -- No room between the two: space the column out (keys gap apart, same order).
            UPDATE tasks SET sort_key = ranked.n * gap
            FROM (SELECT x.id, ROW_NUMBER() OVER (ORDER BY x.sort_key, x.id) AS n
                  FROM tasks x WHERE x.project_id = p_project AND x.status = target) AS ranked
            WHERE tasks.id = ranked.id;
        END LOOP;
        IF NOT placed AND NOT (prev IS NULL AND nxt IS NULL) THEN
            RAISE EXCEPTION 'no room for task % after respacing', p_task;
        END IF;
    END IF;

    IF NOT placed THEN
        IF p_position IS NOT NULL OR target <> t.status THEN
            -- The end of the target column.
            SELECT COUNT(*), COALESCE(MAX(x.sort_key) + gap, 0) INTO pos, new_key FROM tasks x
            WHERE x.project_id = p_project AND x.status = target AND x.id <> p_task;
        ELSE
            -- Not moving: its index in its column.
            SELECT COUNT(*) INTO pos FROM tasks x
            WHERE x.project_id = p_project AND x.status = target
              AND (x.sort_key < t.sort_key OR (x.sort_key = t.sort_key AND x.id < t.id));
        END IF;
    END IF;

    UPDATE tasks SET
        title = COALESCE(p_title, tasks.title),
        description = COALESCE(p_description, tasks.description),
        status = target,
        material_quality = COALESCE(p_quality, tasks.material_quality),
        actual_cost_cents = CASE WHEN p_set_cost THEN p_cost ELSE tasks.actual_cost_cents END,
        due_date = CASE WHEN p_set_due THEN p_due ELSE tasks.due_date END,
        sort_key = new_key,
        updated_at = p_now
    WHERE tasks.id = p_task
    RETURNING tasks.title, tasks.description, tasks.status, tasks.material_quality, tasks.actual_cost_cents, tasks.due_date
        INTO title, description, status, material_quality, actual_cost_cents, due_date;
    task_position := pos;
    RETURN NEXT;
END;
$$;
