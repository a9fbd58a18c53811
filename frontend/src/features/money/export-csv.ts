// "Export payments (CSV)": every payment of the project (date, task, payee, method, amount, note,
// receipt), with a totals line. The content builder is pure (export-csv.test.ts).
import { csvRow } from '../../lib/csv';
import { saveBlob } from '../../lib/save-blob';
import type { ProjectPayment } from './types';
import { fileSlug, methodLabel, sumDollars } from './utils';
import { localToday } from '../../lib/dates';

export const PAYMENT_COLUMNS = ['Date', 'Task', 'Payee', 'Method', 'Amount', 'Note', 'Receipt'] as const;

/** payments_willow_creek_house.csv, or payments_project_3.csv without a usable name. */
export const paymentsFileName = (projectId: number, projectName: string | null) =>
  `payments_${fileSlug(projectName) ?? `project_${projectId}`}.csv`;

/** A plain number with two decimals: spreadsheets read it as a number. */
const csvMoney = (value: number) => value.toFixed(2);

/**
 * The CSV: the project and export date, a blank line, the columns, one row per payment (oldest
 * first, as the server lists them) and a Total row. `receipts` names the receipt documents by id;
 * a receipt whose name is unknown reads "Document {id}".
 */
export function paymentsCsv(
  projectName: string,
  payments: readonly ProjectPayment[],
  receipts: ReadonlyMap<number, string>,
  exportedOn: string = localToday(),
): string {
  const line = csvRow;
  const total = sumDollars(payments, (p) => p.amount);
  const lines = [
    line(['Project', projectName]),
    line(['Exported', exportedOn]),
    '',
    line(PAYMENT_COLUMNS),
    ...payments.map((p) =>
      line([
        p.paid_on,
        p.task_title,
        p.payee,
        methodLabel(p.method),
        csvMoney(p.amount),
        p.note,
        p.receipt === null ? '' : (receipts.get(p.receipt) ?? `Document ${p.receipt}`),
      ]),
    ),
    line([
      `Total (${payments.length} ${payments.length === 1 ? 'payment' : 'payments'})`,
      '',
      '',
      '',
      csvMoney(total),
      '',
      '',
    ]),
  ];
  return lines.join('\r\n') + '\r\n';
}

/** Saves the CSV (UTF-8 with a BOM, so spreadsheet apps read accents right). */
export function downloadPaymentsCsv(
  projectId: number,
  projectName: string | null,
  payments: readonly ProjectPayment[],
  receipts: ReadonlyMap<number, string>,
) {
  const csv = paymentsCsv(projectName ?? `Project ${projectId}`, payments, receipts);
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), paymentsFileName(projectId, projectName));
}
