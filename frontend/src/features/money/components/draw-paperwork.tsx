import { Link } from 'react-router';
import type { Draw } from '../types';
import { finalWaiverMissingText, waiverMissingText } from '../utils';

/** What the server listed in a 409 of a submit: its own lines, per kind. */
export interface WaiverConflict {
  message: string;
  waivers: string[];
  finals: string[];
}

/** The lines of a 409 that refused a submit for missing lien waivers, or null for any other error. */
export function waiverConflictOf(error: unknown): WaiverConflict | null {
  const e = error as { status?: unknown; message?: unknown; fields?: Record<string, string[] | undefined> };
  if (!e || e.status !== 409 || !e.fields) return null;
  const waivers = e.fields.waivers_missing ?? [];
  const finals = e.fields.final_waivers_missing ?? [];
  if (waivers.length === 0 && finals.length === 0) return null;
  return { message: typeof e.message === 'string' ? e.message : '', waivers, finals };
}

/** True when the draw's own lists name missing paperwork. */
export const paperworkMissing = (draw: Pick<Draw, 'waivers_missing' | 'final_waivers_missing'>) =>
  draw.waivers_missing.length > 0 || draw.final_waivers_missing.length > 0;

/**
 * The paperwork a draw still lacks before it goes to the lender: each payment above the waiver
 * threshold with no lien waiver received, and for a final draw each awarded contractor without an
 * unconditional final waiver; a link to the project's Waivers page. With a 409's lines (`conflict`)
 * those are shown instead (the server's latest word).
 */
export function MissingPaperwork({
  draw,
  conflict,
  projectId,
}: {
  draw: Pick<Draw, 'number' | 'final' | 'waivers_missing' | 'final_waivers_missing'>;
  conflict?: WaiverConflict | null;
  projectId: number;
}) {
  const waivers = conflict ? conflict.waivers : draw.waivers_missing.map(waiverMissingText);
  const finals = conflict ? conflict.finals : draw.final_waivers_missing.map(finalWaiverMissingText);
  const waiversLink = (
    <Link to={`/kanban/${projectId}/waivers`} data-testid="waivers-link">
      Waivers page
    </Link>
  );
  if (waivers.length === 0 && finals.length === 0)
    return (
      <p className="draw-paperwork draw-paperwork-ok" data-testid="draw-paperwork">
        Lien waivers: nothing missing for draw {draw.number}
        {draw.final ? ', final waivers included' : ''}. Track them on the {waiversLink}.
      </p>
    );
  return (
    <div className="draw-paperwork draw-paperwork-missing" data-testid="draw-paperwork">
      <p className="draw-paperwork-title">Missing paperwork for draw {draw.number}</p>
      {waivers.length > 0 && (
        <ul data-testid="waivers-missing">
          {waivers.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {finals.length > 0 && (
        <>
          <p>A final draw needs an unconditional final lien waiver from every contractor with an awarded bid:</p>
          <ul data-testid="final-waivers-missing">
            {finals.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        Lenders ask for a waiver for each payment before they release money. Request or record them on the {waiversLink}
        .
      </p>
    </div>
  );
}
