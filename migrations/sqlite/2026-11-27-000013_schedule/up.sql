-- Time of a build (issue 33, docs/schedule.md): the tasks' dates and durations, the project's
-- working calendar and carrying cost, links between tasks, recorded delays, inspections, the
-- baseline and the calendar feed. Dates are TEXT (YYYY-MM-DD) as everywhere else.

ALTER TABLE tasks ADD COLUMN planned_start TEXT;
ALTER TABLE tasks ADD COLUMN duration_days INTEGER CHECK (duration_days BETWEEN 0 AND 1000);
ALTER TABLE tasks ADD COLUMN actual_start TEXT;
ALTER TABLE tasks ADD COLUMN actual_finish TEXT;

-- work_week: comma-separated day codes (mon..sun); non_working_days: comma-separated dates.
ALTER TABLE projects ADD COLUMN work_week TEXT NOT NULL DEFAULT 'mon,tue,wed,thu,fri';
ALTER TABLE projects ADD COLUMN non_working_days TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN monthly_carrying_cost_cents BIGINT CHECK (monthly_carrying_cost_cents >= 0);
-- The baseline's project finish and when it was taken (its task dates in schedule_baselines).
ALTER TABLE projects ADD COLUMN baseline_finish TEXT;
ALTER TABLE projects ADD COLUMN baseline_taken_at TIMESTAMP;

CREATE TABLE task_dependencies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    predecessor_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    successor_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    link_type TEXT NOT NULL CHECK (link_type IN ('FS', 'SS', 'FF')),
    lag_days INTEGER NOT NULL DEFAULT 0 CHECK (lag_days BETWEEN -365 AND 365),
    created_at TIMESTAMP NOT NULL,
    CHECK (predecessor_id <> successor_id)
);
CREATE UNIQUE INDEX task_dependencies_pair ON task_dependencies (predecessor_id, successor_id);
CREATE INDEX task_dependencies_project ON task_dependencies (project_id, id);
CREATE INDEX task_dependencies_successor ON task_dependencies (successor_id);

CREATE TABLE task_delays (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    task_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 365),
    reason TEXT NOT NULL CHECK (reason IN ('weather', 'inspection', 'materials', 'labor', 'owner_change', 'lender', 'other')),
    note TEXT NOT NULL DEFAULT '',
    recorded_on TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX task_delays_project ON task_delays (project_id, recorded_on, id);
CREATE INDEX task_delays_task ON task_delays (task_id);

CREATE TABLE inspections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    task_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    scheduled_on TEXT NOT NULL,
    inspector TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL CHECK (result IN ('pending', 'passed', 'failed', 'partial')),
    notes TEXT NOT NULL DEFAULT '',
    document_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX inspections_project ON inspections (project_id, scheduled_on, id);
CREATE INDEX inspections_task ON inspections (task_id);
CREATE INDEX inspections_document ON inspections (document_id);

-- A baseline: each scheduled task's start and finish when it was taken (one per project, replaced
-- by the next).
CREATE TABLE schedule_baselines (
    task_id BIGINT PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    start_date TEXT NOT NULL,
    finish_date TEXT NOT NULL
);
CREATE INDEX schedule_baselines_project ON schedule_baselines (project_id);

-- The calendar feed's secret link: one per project; the token is shown once, only its SHA-256
-- (hex) is kept (as share links).
CREATE TABLE calendar_feeds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX calendar_feeds_token ON calendar_feeds (token_hash);
CREATE UNIQUE INDEX calendar_feeds_project ON calendar_feeds (project_id);
