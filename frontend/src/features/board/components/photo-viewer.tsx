import { useEffect, useEffectEvent, useId, useRef, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import type { TaskDocument } from '../types';
import '../photos.css';

interface Props {
  photos: TaskDocument[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';
/** A horizontal swipe longer than this (px), and more horizontal than vertical, turns the page. */
const SWIPE = 50;

/**
 * Full-screen photo viewer over the task dialog: the photo fitted to the screen, previous/next
 * (buttons, ←/→, swipe), its name and a link to the original. Escape closes; focus stays inside
 * and goes back where it was.
 *
 * Its keys are read on `window` in the capture phase, before the task dialog's own handler on
 * `document`, so Escape closes the viewer and not the dialog under it.
 */
export function PhotoViewer({ photos, index, onIndex, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const titleId = useId();
  const count = photos.length;
  const photo = photos[Math.min(index, count - 1)];
  const go = (step: number) => onIndex((index + step + count) % count);

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowLeft' && count > 1) go(-1);
    else if (e.key === 'ArrowRight' && count > 1) go(1);
    else if (e.key === 'Tab' && ref.current) {
      const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at === items.length - 1 ? 0 : at + 1;
      items[next]?.focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const listener = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', listener, true);
    return () => {
      window.removeEventListener('keydown', listener, true);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  if (!photo) return null;

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const t = e.changedTouches[0];
    touchStart.current = null;
    if (!start || !t || count < 2) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  return createPortal(
    <div
      ref={ref}
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <header className="photo-viewer-bar">
        <h2 id={titleId} className="photo-viewer-title">
          {photo.name}
        </h2>
        <span className="photo-viewer-count" aria-live="polite">
          {index + 1} of {count}
        </span>
        <a className="photo-viewer-link" href={photo.file} target="_blank" rel="noreferrer">
          Open original<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <button
          ref={closeRef}
          type="button"
          className="photo-viewer-btn"
          aria-label="Close photo viewer"
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="photo-viewer-stage">
        <img key={photo.id} src={photo.file} alt={photo.name} className="photo-viewer-img" />
        {count > 1 && (
          <>
            <button
              type="button"
              className="photo-viewer-btn photo-viewer-prev"
              aria-label="Previous photo"
              onClick={() => go(-1)}
            >
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
            <button
              type="button"
              className="photo-viewer-btn photo-viewer-next"
              aria-label="Next photo"
              onClick={() => go(1)}
            >
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
