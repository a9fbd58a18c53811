import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { ApiError } from '../../lib/api-client';
import { MSG_TOO_LARGE, taskDocumentsKey, uploadTaskDocument } from '../../lib/task-documents';
import { DocumentField, type DocumentOption } from './document-field';

vi.mock('../../lib/task-documents', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/task-documents')>()),
  uploadTaskDocument: vi.fn(),
}));

const plans: DocumentOption = { id: 4, name: 'plans.pdf', file: '/f/4' };

function Harness({ documents = [plans] }: { documents?: DocumentOption[] }) {
  const [value, setValue] = useState('');
  return (
    <DocumentField
      taskId={9}
      id="pay-receipt"
      name="receipt"
      label="Receipt"
      uploadLabel="Upload a new receipt"
      what="the receipt"
      value={value}
      onChange={setValue}
      documents={documents}
      nameOf={(d) => d.name}
      emptyLabel="No receipt"
      hintId="pay-receipt-hint"
      describedBy={{ 'aria-describedby': 'pay-receipt-hint' }}
      error={null}
    />
  );
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('DocumentField', () => {
  afterEach(() => vi.mocked(uploadTaskDocument).mockReset());

  it('uploads the chosen file to the task, then chooses it, keeping the other documents', async () => {
    vi.mocked(uploadTaskDocument).mockImplementation((_task, f, onProgress) => {
      onProgress?.(0.5);
      return Promise.resolve({
        id: 12,
        task: 9,
        name: f.name,
        file: '/f/12',
        content_type: 'application/pdf',
        size: f.size,
        uploaded_at: '2026-11-24T10:00:00Z',
      });
    });
    const { client } = renderWithProviders(<Harness />);
    const refresh = vi.spyOn(client, 'invalidateQueries');
    const picker = screen.getByLabelText<HTMLSelectElement>('Receipt');
    expect(picker.value).toBe('');
    const receipt = file('receipt.pdf');
    fireEvent.change(screen.getByLabelText('Upload a new receipt'), { target: { files: [receipt] } });

    await waitFor(() => expect(picker.value).toBe('12'));
    expect(uploadTaskDocument).toHaveBeenCalledWith(9, receipt, expect.any(Function));
    expect(Array.from(picker.options).map((o) => o.text)).toEqual(['No receipt', 'plans.pdf', 'receipt.pdf']);
    expect(screen.getByRole('status').textContent).toBe('receipt.pdf uploaded to the task and chosen.');
    // The task's documents are read again (its Documents section lists the new one).
    expect(refresh).toHaveBeenCalledWith({ queryKey: taskDocumentsKey(9) });
  });

  it("shows the server's message beside the file input when it refuses the file (413)", async () => {
    vi.mocked(uploadTaskDocument).mockRejectedValue(new ApiError(413, 'payload_too_large', MSG_TOO_LARGE));
    renderWithProviders(<Harness documents={[]} />);
    const input = screen.getByLabelText('Upload a new receipt');
    fireEvent.change(input, { target: { files: [file('scan.pdf')] } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const messageId = input.getAttribute('aria-describedby')!.split(' ')[0];
    expect(document.getElementById(messageId)?.textContent).toBe('scan.pdf: The file is larger than 25 MB.');
    expect(screen.getByLabelText<HTMLSelectElement>('Receipt').value).toBe('');
    // Without documents the hint says where to get one.
    expect(screen.getByText('This task has no documents yet: upload the receipt below.')).toBeTruthy();
  });

  it('refuses a file the server would refuse before sending it', async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Upload a new receipt');
    fireEvent.change(input, { target: { files: [file('setup.exe')] } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/setup\.exe: This file type is not allowed/)).toBeTruthy();
    fireEvent.change(input, { target: { files: [file('huge.pdf', 25 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('huge.pdf: The file is larger than 25 MB.')).toBeTruthy();
    expect(uploadTaskDocument).not.toHaveBeenCalled();
  });
});
