import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './register-header.css';

interface Props {
  projectId: number;
  /** The page's name ("Delays"), followed by the project's when known. */
  title: string;
  projectName?: string | null;
  /** What the page is for, under the title. */
  children: ReactNode;
  /** Anything after the description (a settings button). */
  actions?: ReactNode;
}

/**
 * The head of a project's registers (Delays, Inspections, Waivers): the way back to the board, the
 * title, what it is for.
 */
export function RegisterHeader({ projectId, title, projectName, children, actions }: Props) {
  return (
    <header className="page-header">
      <Link className="register-back" to={`/kanban/${projectId}`}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        Back to the board
      </Link>
      <h1>{projectName ? `${title} — ${projectName}` : title}</h1>
      <p className="muted">{children}</p>
      {actions}
    </header>
  );
}
