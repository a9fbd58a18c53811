import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useAppPageMeta } from '../../../lib/page-meta';
import {
  changeOrderRegisterQuery,
  invalidateDraws,
  moneySummaryQuery,
  projectPaymentsQuery,
  receiptNames,
} from '../api';
import { downloadPaymentsCsv } from '../export-csv';
import type { MoneyProject, MoneyTask } from '../types';
import { ChangeOrderRegister } from './change-order-register';
import { DrawsSection } from './draws-section';
import { PaymentsChart, TaskChart } from './money-charts';
import { SummaryBlock } from './summary-block';
import '../money.css';
import { reasonOf } from '../../../lib/use-item-actions';

interface Props {
  projectId: number;
  /** The project (the board's cached copy) once known. */
  project: MoneyProject | null;
  /** The board's tasks with their prediction and best-known cost, once loaded. */
  tasks: MoneyTask[] | undefined;
  /** The board's tasks could not be loaded. */
  tasksError?: boolean;
  /** After a draw changes: the board refreshes its tasks and money summary. */
  onMoneyChanged?: () => void;
}

function Loading({ what }: { what: string }) {
  return (
    <p className="page-loading" role="status">
      Loading {what}…
    </p>
  );
}

function LoadError({ what, error }: { what: string; error: unknown }) {
  return (
    <p className="form-error" role="alert">
      {what} could not be loaded. {reasonOf(error)}
    </p>
  );
}

/**
 * `/kanban/:projectId/money`: the project's money. The summary the server sums in cents, charts
 * of the tasks' figures and of payments over time (each with its table), the change-order
 * register with its 10% warning, lender draws (request, status, PDF) and the payments CSV.
 */
export function MoneyPage({ projectId, project, tasks, tasksError = false, onMoneyChanged }: Props) {
  const qc = useQueryClient();
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const summary = useQuery({ ...moneySummaryQuery(projectId), enabled: valid });
  const payments = useQuery({ ...projectPaymentsQuery(projectId), enabled: valid });
  const register = useQuery({ ...changeOrderRegisterQuery(projectId), enabled: valid });
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const name = project?.name ?? null;

  useAppPageMeta(
    name ? `Money — ${name}` : 'Money',
    "The build's money: budget, predicted and committed costs, payments, change orders and lender draws.",
  );

  const onChanged = async () => {
    onMoneyChanged?.();
    await invalidateDraws(qc, projectId);
  };

  const exportCsv = async () => {
    if (!payments.data) return;
    setExporting(true);
    setError('');
    setStatus('');
    try {
      const receipts = await receiptNames(qc, payments.data);
      downloadPaymentsCsv(projectId, name, payments.data, receipts);
      setStatus(`${payments.data.length} ${payments.data.length === 1 ? 'payment' : 'payments'} exported.`);
    } catch (e) {
      console.error('Payments CSV failed', e);
      setError('The CSV could not be made. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const notFound = summary.error instanceof ApiError && summary.error.status === 404;

  return (
    <main className="page page-wide money-page">
      <header className="page-header">
        <Link className="money-back" to={`/kanban/${projectId}`}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Back to the board
        </Link>
        <div className="row-between">
          <div>
            <h1>{name ? `Money — ${name}` : 'Money'}</h1>
            <p className="muted">
              What the build is predicted to cost, what is committed and paid, the change orders and the loan draws.
            </p>
          </div>
          <div className="money-actions">
            <button
              type="button"
              className="btn"
              onClick={() => void exportCsv()}
              disabled={exporting || !payments.data}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M12 4v11M7 10l5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {exporting ? 'Preparing CSV…' : 'Export payments (CSV)'}
            </button>
          </div>
        </div>
      </header>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!valid || notFound ? (
        <p className="form-error" role="alert">
          Project not found.
        </p>
      ) : (
        <div className="stack">
          {summary.isPending ? (
            <Loading what="the summary" />
          ) : summary.isError ? (
            <LoadError what="The summary" error={summary.error} />
          ) : (
            <SummaryBlock summary={summary.data} />
          )}

          <div className="money-charts">
            {tasks ? (
              <TaskChart tasks={tasks} totals={summary.data} />
            ) : tasksError ? (
              <p className="form-error" role="alert">
                The board&apos;s tasks could not be loaded.
              </p>
            ) : (
              <Loading what="the tasks" />
            )}
            {payments.isPending ? (
              <Loading what="the payments" />
            ) : payments.isError ? (
              <LoadError what="The payments" error={payments.error} />
            ) : (
              <PaymentsChart payments={payments.data} summary={summary.data} />
            )}
          </div>

          <section className="card" aria-labelledby="money-co-title">
            <h2 id="money-co-title">Change orders</h2>
            <p className="muted money-lead">
              Changes to awarded contracts, in date order. Approved ones add to the task&apos;s committed cost and to
              the predicted total, so they use the contingency: each line says how much of it is left after it.
            </p>
            {register.isPending ? (
              <Loading what="the change orders" />
            ) : register.isError ? (
              <LoadError what="The change orders" error={register.error} />
            ) : (
              <ChangeOrderRegister register={register.data} />
            )}
          </section>

          <DrawsSection
            projectId={projectId}
            project={project}
            tasks={tasks}
            summary={summary.data}
            payments={payments.data}
            onChanged={onChanged}
          />
        </div>
      )}
    </main>
  );
}
