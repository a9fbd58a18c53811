import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { exportState, trackExport } from '../export';
import { useExportMenuExtras } from '../task-form-extras';

interface Props {
  onCsv: () => void;
  onPdf: () => void;
  busy?: boolean;
}

/**
 * The board's Export button: CSV or PDF (export.ts). While an export asks the server for its
 * figures (or loads pdfmake) the button says so; a failed export says it under the button.
 */
export function ExportMenu({ onCsv, onPdf, busy }: Props) {
  const [open, setOpen] = useState(false);
  const run = useSyncExternalStore(exportState.subscribe, exportState.get, exportState.get);
  const working = Boolean(busy) || run.busy;
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Issue 33: the schedule's CSV and PDF (src/app composes them), after the board's own.
  const extras = useExportMenuExtras();
  const projectId = Number(useParams().projectId);
  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
        const i = items.indexOf(document.activeElement as HTMLElement);
        const next = items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
        next?.focus();
        e.preventDefault();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const pick = (fn: () => void) => {
    setOpen(false);
    exportState.clearError();
    fn();
  };
  return (
    <div className="menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          exportState.clearError();
          setOpen((o) => !o);
        }}
        disabled={working}
      >
        {working ? 'Exporting…' : 'Export'}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div className="menu-popover" role="menu" aria-label="Export">
          <button type="button" role="menuitem" className="menu-item" onClick={() => pick(onCsv)}>
            Export CSV
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={() => pick(onPdf)}>
            Export PDF
          </button>
          {extras.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => pick(() => void trackExport(item.label, () => item.run(projectId)).catch(() => undefined))}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      {!open && run.error && (
        <div className="menu-popover" role="alert">
          <p className="form-error export-error">{run.error}</p>
          <button type="button" className="menu-item" onClick={() => exportState.clearError()}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
