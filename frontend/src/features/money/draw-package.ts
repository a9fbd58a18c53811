// "Download draw package" (issue 34): one ZIP a bank can file. This module is pure (from inputs to
// a list of files, draw-package.test.ts); download-draw-package.ts fetches the documents, makes
// the PDF and zips. Contents, named as issue 34 says:
//   draw_<n>_<slug>.pdf            the draw request (export-draw-pdf.ts)
//   receipts/<payment id>_<name>   the receipt of each payment of the draw's lines in its period
//                                  (its tasks, paid after the previous submitted or funded draw's
//                                  request date and on or before its own: drawPayments) that has one
//   waivers/<waiver id>_<name>     the signed document of each lien waiver that goes with those
//                                  payments (naming one, or of its contractor through a date on or
//                                  after it), and for a final draw every unconditional final waiver
//   index.csv                      file,kind,task,payment,contractor,amount — one row per file
import { csvRow } from '../../lib/csv';
import { drawBaseName, drawFileName, drawPayments, type DrawPeriodSibling } from './export-draw-pdf';
import type { Draw, LienWaiver, MoneyProject, ProjectPayment } from './types';

export interface PackageDocument {
  name: string;
  bytes: Uint8Array;
}

export interface PackageFile {
  path: string;
  bytes: Uint8Array;
}

export interface DrawPackageInput {
  project: Pick<MoneyProject, 'id' | 'name'>;
  draw: Draw;
  /** The draw request PDF's bytes. */
  pdf: Uint8Array;
  /** Every payment of the project (those of the draw's lines in its period are read). */
  payments: readonly ProjectPayment[];
  /** The project's draws (the previous submitted or funded one starts this draw's period). */
  draws: readonly DrawPeriodSibling[];
  /** Every lien waiver of the project. */
  waivers: readonly LienWaiver[];
  /** The documents' names and bytes, by document id (packageDocumentIds says which). */
  documents: ReadonlyMap<number, PackageDocument>;
}

export const INDEX_COLUMNS = ['file', 'kind', 'task', 'payment', 'contractor', 'amount'] as const;

/** draw_2_willow_creek_house_package.zip */
export const packageFileName = (draw: Pick<Draw, 'number'>, project: Pick<MoneyProject, 'id' | 'name'>) =>
  `${drawBaseName(draw, project)}_package.zip`;

/** The payments whose receipts go in: the draw's lines' payments in its period that have one. */
export const packageReceipts = (draw: Draw, payments: readonly ProjectPayment[], draws: readonly DrawPeriodSibling[]) =>
  drawPayments(draw, payments, draws).filter((p): p is ProjectPayment & { receipt: number } => p.receipt !== null);

/**
 * The waivers whose documents go in, those with a document that go with the draw's payments in
 * its period (drawPayments): naming one of them, or of its contractor through a date on or after
 * its day (the waivers' coverage rule); and for a final draw every unconditional final waiver.
 */
export function packageWaivers(
  draw: Draw,
  payments: readonly ProjectPayment[],
  waivers: readonly LienWaiver[],
  draws: readonly DrawPeriodSibling[],
) {
  const paid = drawPayments(draw, payments, draws);
  const paymentIds = new Set(paid.map((p) => p.id));
  const covers = (w: LienWaiver) =>
    w.through_date !== null &&
    paid.some((p) => p.contractor?.id === w.contractor && w.through_date !== null && w.through_date >= p.paid_on);
  return waivers.filter(
    (w): w is LienWaiver & { document: number } =>
      w.document !== null &&
      ((w.payment !== null && paymentIds.has(w.payment)) ||
        covers(w) ||
        (draw.final && w.kind === 'unconditional_final')),
  );
}

/** The documents the package needs, by id, each once. */
export const packageDocumentIds = (
  draw: Draw,
  payments: readonly ProjectPayment[],
  waivers: readonly LienWaiver[],
  draws: readonly DrawPeriodSibling[],
) => [
  ...new Set([
    ...packageReceipts(draw, payments, draws).map((p) => p.receipt),
    ...packageWaivers(draw, payments, waivers, draws).map((w) => w.document),
  ]),
];

/** A document's name as a file name inside the ZIP: no folders, no control characters, at most 100 characters. */
export function safeFileName(name: string, fallback: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\:*?"<>|]+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (clean === '') return fallback;
  if (clean.length <= 100) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 100 - ext.length) + ext;
}

const csvMoney = (value: number) => value.toFixed(2);

/**
 * The package's files, in order: the PDF, the receipts (payments oldest first), the waivers (by
 * id), index.csv last. A document missing from `documents` is an error: a package a bank files
 * must not lose a file without saying so.
 */
export function buildDrawPackage(input: DrawPackageInput): PackageFile[] {
  const { draw, project, documents } = input;
  const doc = (id: number, what: string) => {
    const found = documents.get(id);
    if (!found) throw new Error(`${what}: document ${id} was not downloaded.`);
    return found;
  };
  const pdfPath = drawFileName(draw, project);
  const files: PackageFile[] = [{ path: pdfPath, bytes: input.pdf }];
  const index: string[][] = [[pdfPath, 'draw_request', '', '', '', csvMoney(draw.total)]];

  for (const p of packageReceipts(draw, input.payments, input.draws)) {
    const d = doc(p.receipt, `The receipt of payment ${p.id}`);
    const path = `receipts/${p.id}_${safeFileName(d.name, `document_${p.receipt}`)}`;
    files.push({ path, bytes: d.bytes });
    index.push([path, 'receipt', p.task_title, String(p.id), p.contractor?.name ?? p.payee, csvMoney(p.amount)]);
  }

  const titles = new Map(input.payments.map((p) => [p.id, p.task_title]));
  for (const w of packageWaivers(draw, input.payments, input.waivers, input.draws)) {
    const d = doc(w.document, `The lien waiver ${w.id}`);
    const path = `waivers/${w.id}_${safeFileName(w.document_name ?? d.name, `document_${w.document}`)}`;
    files.push({ path, bytes: d.bytes });
    index.push([
      path,
      `lien_waiver_${w.kind}`,
      w.payment === null ? '' : (titles.get(w.payment) ?? ''),
      w.payment === null ? '' : String(w.payment),
      w.contractor_name,
      csvMoney(w.amount),
    ]);
  }

  const csv = [csvRow(INDEX_COLUMNS), ...index.map(csvRow)].join('\r\n') + '\r\n';
  files.push({ path: 'index.csv', bytes: new TextEncoder().encode(csv) });
  return files;
}
