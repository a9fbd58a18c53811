import type { ReactNode } from 'react';

/**
 * One figure of a money summary: its label, its value and an optional note, as a `<dt>`/`<dd>`
 * pair inside the caller's `<dl>`. The Money page and the share page style it their own way
 * (`className`: `money-stat` / `share-stat`, its note `<className>-note` or `stat-note`).
 */
export interface StatProps {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  /** `ok`, `warning` or `over`: the figure's colour (`tone-<tone>`). */
  tone?: string;
  className?: string;
  noteClassName?: string;
  testId?: string;
}

export function Stat({
  label,
  value,
  note,
  tone,
  className = 'money-stat',
  noteClassName = 'stat-note',
  testId,
}: StatProps) {
  return (
    <div className={`${className}${tone ? ` tone-${tone}` : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <span className={noteClassName}>{note}</span>}
      </dd>
    </div>
  );
}

/** The budget status's icon beside its words: a tick when it fits, a warning sign otherwise. */
export const ToneIcon = ({ tone }: { tone: string }) => (
  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
    {tone === 'ok' ? (
      <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" />
    ) : (
      <>
        <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </>
    )}
  </svg>
);
