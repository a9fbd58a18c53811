import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TaskDocument } from '../types';
import { PhotoViewer } from './photo-viewer';

const photo = (id: number, name: string): TaskDocument => ({
  id,
  name,
  content_type: 'image/jpeg',
  file: `/api/documents/${id}/download/?expires=1&signature=s${id}`,
  size: 1000,
  task: 9,
  uploaded_at: '2026-11-24T10:00:00Z',
});
const photos = [photo(1, 'slab.jpg'), photo(2, 'framing.jpg'), photo(3, 'roof.jpg')];

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        Open
      </button>
      {index !== null && (
        <PhotoViewer
          photos={photos}
          index={index}
          onIndex={setIndex}
          onClose={() => {
            setIndex(null);
            onClose();
          }}
        />
      )}
    </>
  );
}

const shown = () => screen.getByRole('dialog').querySelector('img')?.getAttribute('alt');

describe('PhotoViewer', () => {
  it('opens with focus inside, names the photo and links the original', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'slab.jpg' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close photo viewer' }));
    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open original/ }).getAttribute('href')).toBe(photos[0].file);
  });

  it('turns pages with the arrow keys and the buttons, wrapping around', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(shown()).toBe('framing.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toBe('roof.jpg');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(shown()).toBe('slab.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toBe('roof.jpg');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });

  it('turns pages on a horizontal swipe only', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 300, clientY: 400 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 100, clientY: 410 }] });
    expect(shown()).toBe('framing.jpg');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 100, clientY: 400 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 300, clientY: 390 }] });
    expect(shown()).toBe('slab.jpg');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 160, clientY: 500 }] }); // a scroll
    expect(shown()).toBe('slab.jpg');
  });

  it('keeps Tab inside, and Escape closes it before any dialog under it, returning focus', () => {
    const onClose = vi.fn();
    const underneath = vi.fn();
    document.addEventListener('keydown', underneath, true); // as the task dialog listens
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close photo viewer' });
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous photo' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Open original/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next photo' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(underneath).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    document.removeEventListener('keydown', underneath, true);
  });
});
