// "Download bid comparison (PDF)": one table per task with bids, the regional prediction, each
// bid's difference and "check the scope" flag, its valid-until date and scope notes, the lowest, the
// spread and the award. The document
// definition is pure (export-pdf.test.ts); pdfmake and its font are fetched only on download.
import { formatIsoDay, formatMoney, formatWholeMoney } from '../../lib/format';
import { saveBlob } from '../../lib/save-blob';
import type { BidComparison } from './types';
import { formatDifference, isFlag, offerExpired, statusLabel } from './utils';
import { localToday } from '../../lib/dates';

export const COMPARISON_TITLE = 'Bid comparison';

export const comparisonFileName = (projectId: number) => `bid_comparison_project_${projectId}.pdf`;

type Margin = [number, number, number, number];

/** "Jan 10, 2026", "… (expired)" once past, or a dash. */
export const validUntilCell = (validUntil: string | null | undefined, today: string) =>
  validUntil ? `${formatIsoDay(validUntil)}${offerExpired(validUntil, today) ? ' (expired)' : ''}` : '–';

const flagCell = (flag: string | null) =>
  isFlag(flag) ? (flag === 'high' ? 'Check the scope (over 25% above)' : 'Check the scope (over 25% below)') : '';

/** The pdfmake document definition for `rows` (the answer of GET /api/projects/{id}/bids/). */
export function comparisonPdfDefinition(
  projectId: number,
  projectName: string | null,
  rows: readonly BidComparison[],
  exportedOn: string = localToday(),
) {
  const name = projectName ?? `Project ${projectId}`;
  const sections = rows.flatMap((row) => {
    const awarded = row.bids.find((b) => b.id === row.awarded_bid) ?? row.bids.find((b) => b.status === 'awarded');
    const facts = [
      `Regional prediction: ${row.predicted_cost === null ? 'none' : formatWholeMoney(row.predicted_cost)}`,
      `Lowest: ${formatMoney(row.lowest)}`,
      `Highest: ${formatMoney(row.highest)}`,
      `Spread: ${formatMoney(row.spread)}`,
      `Committed: ${awarded ? `${formatMoney(awarded.amount)} (${awarded.contractor.name})` : 'not awarded'}`,
    ].join('   ·   ');
    return [
      { text: row.title, style: 'task' },
      { text: facts, style: 'facts' },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
          body: [
            [
              { text: 'Contractor', style: 'th' },
              { text: 'Amount', style: 'th', alignment: 'right' as const },
              { text: 'vs prediction', style: 'th', alignment: 'right' as const },
              { text: 'Note', style: 'th' },
              { text: 'Valid until', style: 'th' },
              { text: 'Status', style: 'th' },
            ],
            ...row.bids.map((b) => [
              {
                stack: [
                  { text: b.lowest ? `${b.contractor.name} (lowest)` : b.contractor.name, bold: b.lowest },
                  ...(b.notes ? [{ text: `Scope: ${b.notes}`, style: 'notes' }] : []),
                ],
              },
              { text: formatMoney(b.amount), alignment: 'right' as const },
              { text: formatDifference(b.difference_pct), alignment: 'right' as const },
              { text: flagCell(b.flag) },
              { text: validUntilCell(b.valid_until, exportedOn) },
              { text: statusLabel(b.status), bold: b.status === 'awarded' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16] as Margin,
      },
    ];
  });
  return {
    info: { title: `${COMPARISON_TITLE} – ${name}`, subject: name },
    pageMargins: [40, 48, 40, 48] as Margin,
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: COMPARISON_TITLE, style: 'title' },
      { text: name, style: 'project' },
      {
        text: `Exported ${exportedOn}. Differences are against the regional predicted cost; a bid more than 25% away from it is marked "check the scope".`,
        style: 'intro',
      },
      ...sections,
    ],
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] as Margin },
      project: { fontSize: 13, bold: true, margin: [0, 0, 0, 6] as Margin },
      intro: { fontSize: 9, color: '#4a5567', margin: [0, 0, 0, 14] as Margin },
      task: { fontSize: 12, bold: true, margin: [0, 0, 0, 2] as Margin },
      facts: { fontSize: 9, color: '#4a5567', margin: [0, 0, 0, 6] as Margin },
      th: { bold: true },
      notes: { fontSize: 8.5, color: '#4a5567', margin: [0, 2, 0, 0] as Margin },
    },
  };
}

interface PdfMakeStatic {
  addFontContainer: (container: unknown) => void;
  createPdf: (def: unknown) => { getBlob: () => Promise<Blob> };
}

/** Builds and saves the PDF; pdfmake (and its font) load here, on the first download. */
export async function downloadComparisonPdf(
  projectId: number,
  projectName: string | null,
  rows: readonly BidComparison[],
): Promise<void> {
  const [pdfMakeModule, helveticaModule] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
  const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
  pdfMake.addFontContainer(helvetica);
  const blob = await pdfMake.createPdf(comparisonPdfDefinition(projectId, projectName, rows)).getBlob();
  saveBlob(blob, comparisonFileName(projectId));
}
