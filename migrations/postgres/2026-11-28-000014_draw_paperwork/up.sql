-- Draws a bank accepts (issue 34, docs/money.md): the property and the loan on the project, the
-- retainage the lender holds back and the amount above which a payment needs a lien waiver;
-- lien waivers; a draw's continuation sheet (each line's scheduled value and what earlier draws
-- covered, fixed with the line; the lender inspector's percent complete), the final draw and the
-- lender's inspection; share links that show draws.

ALTER TABLE projects ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN lender_name TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN loan_number TEXT NOT NULL DEFAULT '';
-- Hundredths of a percent (500 = 5%), 0-20%.
ALTER TABLE projects ADD COLUMN retainage_basis_points INTEGER NOT NULL DEFAULT 0
    CHECK (retainage_basis_points BETWEEN 0 AND 2000);
ALTER TABLE projects ADD COLUMN waiver_threshold_cents BIGINT NOT NULL DEFAULT 50000
    CHECK (waiver_threshold_cents >= 0);

-- A contractor with waivers cannot be deleted (RESTRICT, refused with a message first); a deleted
-- payment or document leaves the waiver without it.
CREATE TABLE lien_waivers (
    id BIGSERIAL PRIMARY KEY,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    contractor_id BIGINT NOT NULL REFERENCES contractors (id) ON DELETE RESTRICT,
    payment_id BIGINT REFERENCES task_payments (id) ON DELETE SET NULL,
    kind TEXT NOT NULL CHECK (kind IN ('conditional_progress', 'unconditional_progress',
        'conditional_final', 'unconditional_final')),
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    through_date TEXT,
    status TEXT NOT NULL CHECK (status IN ('requested', 'received')),
    received_on TEXT,
    document_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX lien_waivers_project ON lien_waivers (project_id, id);
CREATE INDEX lien_waivers_contractor ON lien_waivers (contractor_id);
CREATE INDEX lien_waivers_payment ON lien_waivers (payment_id);
CREATE INDEX lien_waivers_document ON lien_waivers (document_id);

ALTER TABLE draws ADD COLUMN is_final BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE draws ADD COLUMN inspected_on TEXT;
ALTER TABLE draws ADD COLUMN inspector TEXT NOT NULL DEFAULT '';
ALTER TABLE draws ADD COLUMN inspection_note TEXT NOT NULL DEFAULT '';

-- Fixed with the line, like its title and amount: the task's scheduled value and what the
-- project's earlier draws covered of it when the line was made; the inspector's percent
-- complete in tenths (null: the line is the work to date).
ALTER TABLE draw_items ADD COLUMN scheduled_cents BIGINT NOT NULL DEFAULT 0 CHECK (scheduled_cents >= 0);
ALTER TABLE draw_items ADD COLUMN previous_cents BIGINT NOT NULL DEFAULT 0 CHECK (previous_cents >= 0);
ALTER TABLE draw_items ADD COLUMN inspected_percent_tenths INTEGER
    CHECK (inspected_percent_tenths BETWEEN 0 AND 1000);

-- Lines made before: what earlier draws (lower numbers) covered of the task, and the task's
-- committed cost, else its actual cost, else what has been drawn of it up to this line.
UPDATE draw_items SET previous_cents = COALESCE((
    SELECT SUM(e.amount_cents) FROM draw_items e
    JOIN draws ed ON ed.id = e.draw_id
    JOIN draws d ON d.id = draw_items.draw_id
    WHERE e.task_id = draw_items.task_id AND ed.project_id = d.project_id AND ed.number < d.number
), 0) WHERE task_id IS NOT NULL;
UPDATE draw_items SET scheduled_cents = COALESCE(
    (SELECT COALESCE(t.committed_cents, t.actual_cost_cents) FROM tasks t WHERE t.id = draw_items.task_id),
    previous_cents + amount_cents);

ALTER TABLE project_shares ADD COLUMN include_draws BOOLEAN NOT NULL DEFAULT FALSE;
