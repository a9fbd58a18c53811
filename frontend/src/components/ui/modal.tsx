import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Selector of the element to focus first (defaults to the first input/button). */
  initialFocus?: string;
}

/** Open dialogs, innermost last: only the innermost one handles Escape and Tab. */
const openDialogs: object[] = [];
/** The page's overflow before the first dialog opened (restored when the last one closes). */
let pageOverflow = '';

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Accessible modal dialog: focus moves in, Tab is trapped, Escape closes, focus returns.
 * Dialogs may open over one another (a confirmation over a form): the innermost one owns the keys.
 */
export function Modal({ title, onClose, children, footer, size = 'md', initialFocus }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose for the Escape key, without re-running the mount effect below.
  const onEscape = useEffectEvent(() => onClose());
  // Read once: the first focus is chosen when the dialog opens, not when the prop changes.
  const initialFocusRef = useRef(initialFocus);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first =
      (initialFocusRef.current ? node?.querySelector<HTMLElement>(initialFocusRef.current) : null) ??
      node?.querySelector<HTMLElement>('input, select, textarea') ??
      node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const me = {};
    openDialogs.push(me);
    const onKey = (e: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== me) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onEscape();
        return;
      }
      if (e.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
          (el) => el.offsetParent !== null,
        );
        if (items.length === 0) return;
        const firstEl = items[0];
        const lastEl = items[items.length - 1];
        if (e.shiftKey && document.activeElement === firstEl) {
          e.preventDefault();
          lastEl.focus();
        } else if (!e.shiftKey && document.activeElement === lastEl) {
          e.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    if (openDialogs.length === 1) pageOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey, true);
      openDialogs.splice(openDialogs.indexOf(me), 1);
      if (openDialogs.length === 0) document.body.style.overflow = pageOverflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return createPortal(
    // Pointer users close the dialog on the backdrop; keyboard users have Escape and the Close button.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label="Close dialog" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
