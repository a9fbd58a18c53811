import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Task } from '../types';

const exporter = vi.hoisted(() => ({ exportCsv: vi.fn(), exportPdf: vi.fn() }));
vi.mock('../export', () => exporter);

const { useBoardExport } = await import('./use-board-export');

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBoardExport(4), { wrapper }).result;
}

const tasks = [{ id: 1, title: 'Roof' }] as Task[];

describe('useBoardExport', () => {
  it('exports the CSV at once, the PDF with `exporting` until it is built', async () => {
    const result = setup();
    await act(() => result.current.exportAs('csv', tasks, undefined));
    expect(exporter.exportCsv).toHaveBeenCalledWith(4, tasks, undefined);
    expect(result.current.exporting).toBe(false);

    let built!: () => void;
    exporter.exportPdf.mockReturnValueOnce(new Promise<void>((resolve) => (built = resolve)));
    await act(() => result.current.exportAs('pdf', tasks, undefined));
    await waitFor(() => expect(result.current.exporting).toBe(true));
    expect(exporter.exportPdf).toHaveBeenCalledWith(4, tasks, undefined);
    await act(async () => {
      built();
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.exporting).toBe(false));
  });

  it('logs a failed PDF and is ready again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = setup();
    exporter.exportPdf.mockRejectedValueOnce(new Error('no fonts'));
    await act(() => result.current.exportAs('pdf', tasks, undefined));
    await waitFor(() => expect(error).toHaveBeenCalledWith('PDF export failed', expect.any(Error)));
    expect(result.current.exporting).toBe(false);
  });
});
