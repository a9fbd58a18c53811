import { useMutation } from '@tanstack/react-query';
import type { BoardProject, Task } from '../types';

// The export's code (pdfmake for the PDF) loads on first use, or once the board has painted
// (components/board-lazy.ts preloadDialogs): the same chunk.
const loadExport = () => import('../export');

interface ExportVars {
  tasks: Task[];
  project: BoardProject | undefined;
}

/**
 * The board's export: a CSV at once, a PDF as a mutation (`exporting` while it is built). A failed
 * PDF is logged, as before.
 */
export function useBoardExport(projectId: number) {
  const pdf = useMutation({
    mutationFn: async ({ tasks, project }: ExportVars) => (await loadExport()).exportPdf(projectId, tasks, project),
    networkMode: 'always',
    onError: (e) => console.error('PDF export failed', e),
  });
  const exportAs = async (kind: 'csv' | 'pdf', tasks: Task[], project: BoardProject | undefined) => {
    if (kind === 'csv') (await loadExport()).exportCsv(projectId, tasks, project);
    else pdf.mutate({ tasks, project });
  };
  return { exportAs, exporting: pdf.isPending };
}
