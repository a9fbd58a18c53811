import { useEffect, useLayoutEffect, useRef } from 'react';
import './toast.css';

export interface ToastItem {
  id: string | number;
  message: string;
  actionLabel: string;
  /** The action's accessible name when the visible label alone is not enough ("Undo deleting Framing"). */
  actionName?: string;
  onAction: () => void;
}

interface Props {
  items: readonly ToastItem[];
  /** Pointer over the toasts: timers behind them should wait (the reader is about to act). */
  onHoldChange?: (held: boolean) => void;
  /** Where focus goes when a toast holding it disappears. */
  fallbackFocus?: () => HTMLElement | null;
}

function Toast({ item, fallbackFocus }: { item: ToastItem; fallbackFocus?: () => HTMLElement | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const fallback = useRef(fallbackFocus);
  useLayoutEffect(() => {
    fallback.current = fallbackFocus;
  });
  // When focus was lost (its dialog closed), it lands on the action; when the toast goes while
  // holding focus, focus moves to `fallbackFocus` rather than falling to the page.
  useEffect(() => {
    const node = ref.current;
    const focused = node?.ownerDocument.activeElement;
    if (!focused || focused === node?.ownerDocument.body) node?.querySelector('button')?.focus();
    return () => {
      if (node && node.contains(node.ownerDocument.activeElement)) fallback.current?.()?.focus();
    };
  }, []);
  return (
    <div className="toast" ref={ref}>
      <span className="toast-message">{item.message}</span>
      <button type="button" className="toast-action" aria-label={item.actionName} onClick={item.onAction}>
        {item.actionLabel}
      </button>
    </div>
  );
}

/** Short notices at the bottom of the screen, each with one action (e.g. Undo). Announced politely. */
export function ToastRegion({ items, onHoldChange, fallbackFocus }: Props) {
  return (
    <div
      className="toast-region"
      aria-live="polite"
      onPointerEnter={() => onHoldChange?.(true)}
      onPointerLeave={() => onHoldChange?.(false)}
    >
      {items.map((item) => (
        <Toast key={item.id} item={item} fallbackFocus={fallbackFocus} />
      ))}
    </div>
  );
}
