-- BuildLedger initial schema (SQLite). Keep in step with ../postgres.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    is_admin BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

CREATE TABLE projects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    zip_code TEXT NOT NULL,
    project_type TEXT NOT NULL CHECK (project_type IN ('new_home_build', 'renovation', 'addition', 'conversion', 'adu')),
    property_type TEXT CHECK (property_type IN ('single_family', 'multifamily')),
    units INTEGER,
    renovation_options TEXT NOT NULL DEFAULT '[]',
    addition_options TEXT NOT NULL DEFAULT '[]',
    conversion_option TEXT CHECK (conversion_option IN ('garage_apartment_conversion')),
    square_footage BIGINT NOT NULL CHECK (square_footage > 0),
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    budget_cents BIGINT NOT NULL CHECK (budget_cents >= 0),
    owner_builder TEXT NOT NULL CHECK (owner_builder IN ('yes_owner_builder', 'no_general_contractor')),
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX projects_owner ON projects (owner_id, id);

CREATE TABLE tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL CHECK (status IN ('To Do', 'In Progress', 'Paid')),
    material_quality TEXT NOT NULL CHECK (material_quality IN ('basic', 'standard', 'premium')),
    actual_cost_cents BIGINT CHECK (actual_cost_cents >= 0),
    due_date TEXT,
    position INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX tasks_project_column ON tasks (project_id, status, position);

CREATE TABLE documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id BIGINT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    uploaded_at TIMESTAMP NOT NULL
);
CREATE INDEX documents_task ON documents (task_id);
CREATE INDEX documents_project ON documents (project_id);
CREATE INDEX documents_owner ON documents (owner_id);

CREATE TABLE subscriptions (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    customer_id TEXT,
    subscription_id TEXT,
    status TEXT NOT NULL,
    current_period_end TIMESTAMP,
    cancel_at_period_end BOOLEAN NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX subscriptions_customer ON subscriptions (customer_id);
CREATE INDEX subscriptions_subscription ON subscriptions (subscription_id);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invoice_id TEXT NOT NULL UNIQUE,
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX invoices_user ON invoices (user_id, created_at);

CREATE TABLE checkout_sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    completed_at TIMESTAMP
);
CREATE INDEX checkout_sessions_user ON checkout_sessions (user_id);

CREATE TABLE webhook_events (
    event_id TEXT PRIMARY KEY NOT NULL,
    event_type TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);
