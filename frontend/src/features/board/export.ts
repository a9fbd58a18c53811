import { saveBlob } from '../../lib/save-blob';
import type { Task } from './types';
import { EXPORT_COLUMNS, exportFileName, exportRows, tasksToCsv } from './utils';

export function exportCsv(projectId: number, tasks: readonly Task[]) {
  saveBlob(new Blob([tasksToCsv(tasks)], { type: 'text/csv;charset=utf-8' }), exportFileName(projectId, 'csv'));
}

export const PDF_TITLE = 'Kanban Board Tasks Report';

/** Builds the pdfmake document definition (pure; unit-tested). */
export function pdfDefinition(tasks: readonly Task[]) {
  return {
    info: { title: PDF_TITLE },
    pageMargins: [40, 48, 40, 48] as [number, number, number, number],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: PDF_TITLE, style: 'title' },
      {
        table: {
          headerRows: 1,
          widths: ['25%', '*', 'auto', 'auto'],
          body: [
            EXPORT_COLUMNS.map((c) => ({ text: c, style: 'th' })),
            ...exportRows(tasks).map((r) => r.map((cell) => ({ text: cell }))),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 12] as [number, number, number, number] },
      th: { bold: true },
    },
  };
}

/** pdfmake (and its font) are fetched only here, on the first PDF export. */
export async function exportPdf(projectId: number, tasks: readonly Task[]) {
  const [pdfMakeModule, helveticaModule] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
  const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
  pdfMake.addFontContainer(helvetica);
  const doc = pdfMake.createPdf(pdfDefinition(tasks));
  const blob = await doc.getBlob();
  saveBlob(blob, exportFileName(projectId, 'pdf'));
}

interface PdfMakeStatic {
  addFontContainer: (container: unknown) => void;
  createPdf: (def: unknown) => { getBlob: () => Promise<Blob> };
}
