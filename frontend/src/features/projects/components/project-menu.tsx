import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ProjectRole } from '../types';

interface Props {
  projectName: string;
  /** The project's share-links page (read-only links for a lender, a partner). */
  shareTo: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onDelete: () => void;
  /** Opens the project's property and loan (issue 34). */
  onEditLending: () => void;
  /**
   * Issue 35: the user's role on the project. A partner neither deletes the project nor manages
   * its members; a viewer changes nothing. Owner when not given.
   */
  userRole?: ProjectRole;
  /** Opens the project's members (managed by the owner; listed, and left, by a member). */
  onMembers?: () => void;
}

/** Three-dot menu of a project row. The page keeps at most one open. */
export function ProjectMenu({
  projectName,
  shareTo,
  open,
  onToggle,
  onClose,
  onDelete,
  onEditLending,
  userRole = 'owner',
  onMembers,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const canEdit = userRole !== 'viewer';

  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    // Not an interaction: clicks inside the menu only stop here, before the project row.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="menu" ref={ref} onClick={(e) => e.stopPropagation()}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${projectName}`}
        onClick={onToggle}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="5" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="19" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div className="menu-popover" role="menu" aria-label={`Actions for ${projectName}`}>
          {canEdit && (
            <Link to={shareTo} role="menuitem" className="menu-item" onClick={onClose}>
              Share…
            </Link>
          )}
          {canEdit && (
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                onClose();
                onEditLending();
              }}
            >
              Property and loan…
            </button>
          )}
          {onMembers && (
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                onClose();
                onMembers();
              }}
            >
              Members…
            </button>
          )}
          {userRole === 'owner' && (
            <button
              type="button"
              role="menuitem"
              className="menu-item danger"
              onClick={() => {
                onClose();
                onDelete();
              }}
            >
              Delete
            </button>
          )}
        </div>
      )}
    </div>
  );
}
