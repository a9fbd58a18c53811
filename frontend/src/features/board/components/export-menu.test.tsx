import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { exportCsv } from '../export';
import { ExportMenu } from './export-menu';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Export menu', () => {
  it('says it is exporting while the figures are asked, and says so when the export failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pending: ((e: Error) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise((_, reject) => {
            pending.push(reject);
          }),
      ),
    );
    render(<ExportMenu onCsv={() => exportCsv(7, [], null)} onPdf={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Exporting…' })).disabled).toBe(true);
    for (const reject of pending) reject(new TypeError('offline'));
    expect((await screen.findByRole('alert')).textContent).toContain('The export could not be made');
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export' }).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
