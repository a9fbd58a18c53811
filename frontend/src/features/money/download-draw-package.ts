// The draw package's fetching and zipping (draw-package.ts builds the list of files): the
// documents through fresh signed links (api.ts documentBytes, as the app downloads documents),
// the PDF and the ZIP made in the browser. pdfmake and fflate load together, on the first
// package, never with the landing page.
import { saveBlob } from '../../lib/save-blob';
import { documentBytes } from './api';
import { buildDrawPackage, packageDocumentIds, packageFileName, type PackageDocument } from './draw-package';
import { drawPdfBlob, loadPdfMake, type DrawPdfInput } from './export-draw-pdf';
import type { LienWaiver } from './types';

export interface DrawPackageDownload extends DrawPdfInput {
  waivers: readonly LienWaiver[];
}

export async function downloadDrawPackage(input: DrawPackageDownload): Promise<void> {
  const ids = packageDocumentIds(input.draw, input.payments, input.waivers, input.draws);
  const [pdfMake, fflate, docs] = await Promise.all([
    loadPdfMake(),
    import('fflate'),
    Promise.all(ids.map(async (id) => [id, await documentBytes(id)] as [number, PackageDocument])),
  ]);
  const pdf = new Uint8Array(await (await drawPdfBlob(input, pdfMake)).arrayBuffer());
  const files = buildDrawPackage({
    project: input.project,
    draw: input.draw,
    pdf,
    payments: input.payments,
    draws: input.draws,
    waivers: input.waivers,
    documents: new Map(docs),
  });
  // PDFs and images are compressed already: stored as they are (level 0), the CSV deflated.
  const zip = fflate.zipSync(
    Object.fromEntries(files.map((f) => [f.path, [f.bytes, { level: f.path.endsWith('.csv') ? 6 : 0 }]])),
  );
  saveBlob(new Blob([zip], { type: 'application/zip' }), packageFileName(input.draw, input.project));
}
