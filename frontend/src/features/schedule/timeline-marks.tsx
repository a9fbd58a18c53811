import type { ScheduledTask } from './types';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The words of a task's marks, for a bar's accessible name and the agenda. */
export function marksInWords(entry: ScheduledTask): string[] {
  const words = [];
  if (entry.critical) words.push('critical');
  if (entry.delay_days > 0) words.push(`delayed ${plural(entry.delay_days, 'working day')}`);
  if (entry.held_by_inspection) words.push('held by inspection');
  return words;
}

/**
 * A task's marks, each shown in words or with an icon and a label (never by colour alone): the
 * critical path ("Critical"), recorded delays (a clock) and an inspection holding its successors
 * (a stop hand).
 */
export function TaskMarks({ entry }: { entry: ScheduledTask }) {
  return (
    <span className="tl-marks">
      {entry.critical && <span className="tl-critical-tag">Critical</span>}
      {entry.delay_days > 0 && (
        <svg
          className="tl-mark tl-mark-delay"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          role="img"
          aria-label={`Delayed ${plural(entry.delay_days, 'working day')}`}
        >
          <title>{`Delayed ${plural(entry.delay_days, 'working day')}`}</title>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v5l3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      )}
      {entry.held_by_inspection && (
        <svg
          className="tl-mark tl-mark-held"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          role="img"
          aria-label="Held by inspection"
        >
          <title>Held by inspection</title>
          <path
            d="M8.5 2h7L22 8.5v7L15.5 22h-7L2 15.5v-7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M8 12h8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      )}
    </span>
  );
}
