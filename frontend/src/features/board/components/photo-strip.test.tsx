import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TaskDocument } from '../types';
import { isPhoto, PhotoStrip } from './photo-strip';

const doc = (id: number, name: string, content_type: string): TaskDocument => ({
  id,
  name,
  content_type,
  file: `/api/documents/${id}/download/?expires=1&signature=s${id}`,
  size: 1000,
  task: 9,
  uploaded_at: '2026-11-24T10:00:00Z',
});

const documents = [
  doc(1, 'quote.pdf', 'application/pdf'),
  doc(2, 'slab.jpg', 'image/jpeg'),
  doc(3, 'notes.txt', 'text/plain'),
  doc(4, 'framing.png', 'image/png'),
];

describe('PhotoStrip', () => {
  it('shows the images only, as lazy thumbnails of their signed links', () => {
    render(<PhotoStrip photos={documents.filter(isPhoto)} onOpen={() => {}} />);
    const strip = screen.getByRole('list', { name: 'Photos' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'View photo slab.jpg (1 of 2)',
      'View photo framing.png (2 of 2)',
    ]);
    const imgs = strip.querySelectorAll('img');
    expect(Array.from(imgs, (i) => i.getAttribute('src'))).toEqual([documents[1].file, documents[3].file]);
    expect(Array.from(imgs, (i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
  });

  it('opens the viewer at the photo chosen', () => {
    const onOpen = vi.fn();
    render(<PhotoStrip photos={documents.filter(isPhoto)} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: /framing\.png/ }));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('renders nothing without photos', () => {
    const { container } = render(<PhotoStrip photos={[]} onOpen={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
