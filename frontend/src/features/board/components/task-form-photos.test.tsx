import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokens } from '../../../lib/auth-store';
import { downscaleImage } from '../../../lib/images/downscale';
import { renderWithProviders } from '../../../testing/render';
import { createTask, uploadDocument } from '../api';
import type { Task, TaskDocument } from '../types';
import { TaskFormModal } from './task-form-modal';

vi.mock('../../../lib/images/downscale', () => ({ downscaleImage: vi.fn() }));
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  uploadDocument: vi.fn(),
  createTask: vi.fn(),
}));

const task: Task = {
  id: 9,
  project: 1,
  title: 'Slab',
  description: '',
  status: 'To Do',
  material_quality: 'standard',
  actual_cost: null,
  due_date: null,
  position: 0,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  predicted_cost: null,
  predicted_cost_low: null,
  predicted_cost_high: null,
  pricing: null,
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
};

const stored = (id: number, name: string, content_type: string): TaskDocument => ({
  id,
  name,
  content_type,
  file: `/api/documents/${id}/download/?expires=1&signature=s${id}`,
  size: 1000,
  task: 9,
  uploaded_at: '2026-11-24T10:00:00Z',
});

/** A promise and its resolver, to hold a step of the flow open while the test looks. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function open(t: Task | null, documents: TaskDocument[] = []) {
  tokens.set('A', 'R');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify(String(url).includes('/api/documents/') ? documents : []), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
  const onClose = vi.fn();
  renderWithProviders(
    <TaskFormModal
      projectId={1}
      task={t}
      squareFootage={2400}
      onClose={onClose}
      onBanner={() => {}}
      onDelete={() => {}}
    />,
  );
  return { onClose };
}

const camera = () => document.getElementById('tf-photos') as HTMLInputElement;

describe('Add photo in the task form (issue 21)', () => {
  beforeEach(() => {
    vi.mocked(downscaleImage).mockReset();
    vi.mocked(uploadDocument).mockReset();
    vi.mocked(createTask).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers a camera input for images, on a visible button', () => {
    open(task);
    const input = camera();
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Add photo' }).getAttribute('aria-describedby')).toBe('tf-photo-hint');
    expect(screen.getByText(/resized to 2,560 px and their location is removed/)).toBeTruthy();
    expect(screen.getByText(/uploaded at full size, also without their location/)).toBeTruthy();
    // Files from the documents picker are cleaned on the server: the hint says so.
    expect(screen.getByText(/lose their location and camera data/).id).toBe('tf-files-hint');
  });

  it('downscales the photo, then uploads the downscaled file with its progress', async () => {
    open(task);
    const original = new File(['raw camera bytes'], 'IMG_0042.HEIC', { type: 'image/heic' });
    const small = new File(['small'], 'IMG_0042.jpg', { type: 'image/jpeg' });
    const prepared = deferred<File>();
    const sent = deferred<TaskDocument>();
    vi.mocked(downscaleImage).mockReturnValue(prepared.promise);
    let progress: ((f: number) => void) | undefined;
    vi.mocked(uploadDocument).mockImplementation((_id, _file, onProgress) => {
      progress = onProgress;
      return sent.promise;
    });

    fireEvent.change(camera(), { target: { files: [original] } });
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByText('Preparing photo…')).toBeTruthy();
    expect(downscaleImage).toHaveBeenCalledWith(original);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);

    prepared.resolve(small);
    await waitFor(() => expect(uploadDocument).toHaveBeenCalledWith(9, small, expect.any(Function)));
    expect(within(uploads).getByText('IMG_0042.jpg')).toBeTruthy();
    progress?.(0.4);
    expect(await within(uploads).findByText('40%')).toBeTruthy();
    expect(within(uploads).getByLabelText('Upload progress for IMG_0042.jpg').getAttribute('value')).toBe('0.4');

    sent.resolve(stored(5, 'IMG_0042.jpg', 'image/jpeg'));
    expect(await within(uploads).findByText('Done')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false));
  });

  it('never sends a photo it could not prepare', async () => {
    open(task);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(downscaleImage).mockRejectedValue(new Error('not a readable JPEG'));
    fireEvent.change(camera(), { target: { files: [new File(['?'], 'broken.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Some photos could not be uploaded. broken.jpg: this photo could not be read.',
    );
    expect(uploadDocument).not.toHaveBeenCalled();
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getByText('Failed')).toBeTruthy();
  });

  it('keeps the photos of a new task for Save, then uploads them to it', async () => {
    const { onClose } = open(null);
    const small = new File(['small'], 'wall.jpg', { type: 'image/jpeg' });
    vi.mocked(downscaleImage).mockResolvedValue(small);
    vi.mocked(createTask).mockResolvedValue({ ...task, id: 12 });
    vi.mocked(uploadDocument).mockResolvedValue(stored(6, 'wall.jpg', 'image/jpeg'));

    fireEvent.change(camera(), { target: { files: [new File(['big'], 'wall.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('1 photo will be uploaded when you save.')).toBeTruthy();
    expect(uploadDocument).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Task Title/), { target: { value: 'Walls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(uploadDocument).toHaveBeenCalledWith(12, small, expect.any(Function)));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows stored photos as a strip above the list, opening the viewer', async () => {
    const { onClose } = open(task, [stored(1, 'quote.pdf', 'application/pdf'), stored(2, 'slab.jpg', 'image/jpeg')]);
    const strip = await screen.findByRole('list', { name: 'Photos' });
    expect(within(strip).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(strip).getByRole('button', { name: /slab\.jpg/ }));
    const viewer = screen.getByRole('dialog', { name: 'slab.jpg' });
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/api/documents/2/download/?expires=1&signature=s2');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'slab.jpg' })).toBeNull();
    // The task dialog under it stays open.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Task' })).toBeTruthy();
  });
});
