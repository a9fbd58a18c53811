-- The money ledger of a project (issue 19, docs/money.md): payments against tasks, change orders,
-- lender draws. What the board and the summary show of them is kept on the task and project rows
-- by every ledger write (paid to date, approved change orders, committed cost, drawn), so the
-- board read and the summary stay one query.

ALTER TABLE projects ADD COLUMN contingency_percent INTEGER NOT NULL DEFAULT 10
    CHECK (contingency_percent BETWEEN 0 AND 50);
ALTER TABLE projects ADD COLUMN loan_amount_cents BIGINT CHECK (loan_amount_cents >= 0);
ALTER TABLE projects ADD COLUMN drawn_cents BIGINT NOT NULL DEFAULT 0;

-- committed_cents (issue 18) now holds the award plus its approved change orders.
ALTER TABLE tasks ADD COLUMN paid_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN payment_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN change_order_cents BIGINT NOT NULL DEFAULT 0;

CREATE TABLE task_payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    paid_on TEXT NOT NULL,
    payee TEXT NOT NULL DEFAULT '',
    contractor_id BIGINT REFERENCES contractors (id) ON DELETE SET NULL,
    method TEXT NOT NULL CHECK (method IN ('check', 'card', 'transfer', 'cash', 'loan_draw', 'other')),
    note TEXT NOT NULL DEFAULT '',
    receipt_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX task_payments_task ON task_payments (task_id, paid_on, id);
CREATE INDEX task_payments_project ON task_payments (project_id, paid_on, id);
CREATE INDEX task_payments_contractor ON task_payments (contractor_id);
CREATE INDEX task_payments_receipt ON task_payments (receipt_id);

CREATE TABLE change_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    description TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected')),
    change_date TEXT NOT NULL,
    contractor_id BIGINT REFERENCES contractors (id) ON DELETE SET NULL,
    document_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX change_orders_task ON change_orders (task_id, change_date, id);
CREATE INDEX change_orders_project ON change_orders (project_id, change_date, id);
CREATE INDEX change_orders_contractor ON change_orders (contractor_id);
CREATE INDEX change_orders_document ON change_orders (document_id);

CREATE TABLE draws (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    requested_on TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'submitted', 'funded')),
    total_cents BIGINT NOT NULL CHECK (total_cents >= 0),
    funded_cents BIGINT CHECK (funded_cents >= 0),
    funded_on TEXT,
    note TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (project_id, number)
);

-- A draw is a document sent to a bank: its lines keep the task's title and amount even if the
-- task is deleted later.
CREATE TABLE draw_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    draw_id BIGINT NOT NULL REFERENCES draws (id) ON DELETE CASCADE,
    task_id BIGINT REFERENCES tasks (id) ON DELETE SET NULL,
    title TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0)
);
CREATE INDEX draw_items_draw ON draw_items (draw_id, id);
CREATE INDEX draw_items_task ON draw_items (task_id);
