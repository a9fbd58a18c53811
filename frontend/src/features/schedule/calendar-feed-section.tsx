import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SectionStatus } from '../../components/ui/item-section';
import { formatDate } from '../../lib/format';
import { reasonOf } from '../../lib/use-item-actions';
import {
  calendarFeedQuery,
  createCalendarFeed,
  revokeCalendarFeed,
  webcalUrl,
  type CalendarFeedLink,
} from './calendar-feed-api';
import { sideKeys } from './schedule-summary-api';

type CopyState = { which: 'https' | 'webcal'; how: 'copied' | 'manual' } | null;

/** One address of the new link: read-only, with Copy (the clipboard, else the text selected for Ctrl+C). */
function LinkField({
  id,
  label,
  value,
  hint,
  copied,
  onCopy,
}: {
  id: string;
  label: string;
  value: string;
  hint: string;
  copied: 'copied' | 'manual' | null;
  onCopy: (input: HTMLInputElement | null) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className="field feed-url-field">
      <label htmlFor={id}>{label}</label>
      <div className="feed-url-row">
        <input
          ref={ref}
          id={id}
          type="text"
          readOnly
          value={value}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn"
          onClick={() => onCopy(ref.current)}
          aria-label={`Copy the ${label.toLowerCase()}`}
        >
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <small className="hint" id={`${id}-hint`}>
        {copied === 'manual' ? 'Press Ctrl+C (or ⌘C) to copy the selected link.' : hint}
      </small>
    </div>
  );
}

/**
 * "Subscribe in your calendar": a secret link to the project's schedule as a calendar feed (one
 * all-day event per scheduled task and per inspection), for Google Calendar, Outlook or a
 * phone. The link is shown once, when made (with its webcal:// form for phones); a new one
 * replaces the old, and Stop sharing revokes it.
 */
export function CalendarFeedSection({ projectId }: { projectId: number }) {
  const qc = useQueryClient();
  const feed = useQuery(calendarFeedQuery(projectId));
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [copy, setCopy] = useState<CopyState>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const linkTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (link) linkTitleRef.current?.focus();
  }, [link]);

  const refresh = () => qc.invalidateQueries({ queryKey: sideKeys.calendar(projectId) });

  const create = async () => {
    setBusy(true);
    setError('');
    setStatus('');
    setCopy(null);
    try {
      setLink(await createCalendarFeed(projectId));
    } catch (e) {
      console.error('Failed to create the calendar link', e);
      setError(reasonOf(e));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  const revoke = async () => {
    setConfirmRevoke(false);
    setBusy(true);
    setError('');
    try {
      await revokeCalendarFeed(projectId);
      setLink(null);
      setStatus('The calendar link no longer works. Calendars subscribed to it stop updating.');
    } catch (e) {
      console.error('Failed to revoke the calendar link', e);
      setError(reasonOf(e));
    } finally {
      await refresh();
      setBusy(false);
      titleRef.current?.focus();
    }
  };
  const onCopy = (which: 'https' | 'webcal') => async (input: HTMLInputElement | null) => {
    const text = input?.value ?? '';
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopy({ which, how: 'copied' });
    } catch {
      input?.focus();
      input?.select();
      setCopy({ which, how: 'manual' });
    }
  };
  const copiedOf = (which: 'https' | 'webcal') => (copy?.which === which ? copy.how : null);

  const active = feed.data?.active ?? false;
  return (
    <section className="card feed-section" aria-labelledby="feed-title" data-testid="calendar-feed">
      <h2 id="feed-title" ref={titleRef} tabIndex={-1}>
        Subscribe in your calendar
      </h2>
      <p className="muted">
        A private link to this schedule for Google Calendar, Outlook or your phone: each task and inspection as an
        all-day event, kept up to date. Anyone with the link can see the dates and titles, so share it with care.
      </p>
      <SectionStatus status={status} error={error} />
      {feed.isPending ? (
        <p className="muted">Loading…</p>
      ) : feed.isError ? (
        <p className="form-error" role="alert">
          The calendar link&apos;s status could not be loaded. {reasonOf(feed.error)}
        </p>
      ) : (
        <p data-testid="feed-status">
          {active
            ? `A calendar link is active${feed.data.created_at ? ` (made ${formatDate(feed.data.created_at)})` : ''}.`
            : 'No calendar link yet.'}
        </p>
      )}
      {link && (
        <div className="feed-created" data-testid="feed-created">
          <h3 ref={linkTitleRef} tabIndex={-1}>
            Your calendar link is ready
          </h3>
          <p className="feed-once">Copy it now: it is shown only this once. Make a new one if you lose it.</p>
          <LinkField
            id="feed-url"
            label="Calendar link"
            value={link.url}
            hint="In Google Calendar: Other calendars, From URL. In Outlook: Add calendar, Subscribe from web."
            copied={copiedOf('https')}
            onCopy={(input) => void onCopy('https')(input)}
          />
          <LinkField
            id="feed-webcal"
            label="Link for phones"
            value={webcalUrl(link.url)}
            hint="Open it on an iPhone or Android phone to subscribe in its calendar app."
            copied={copiedOf('webcal')}
            onCopy={(input) => void onCopy('webcal')(input)}
          />
          <p>
            <a className="btn btn-sm" href={webcalUrl(link.url)}>
              Open in your calendar app
            </a>
          </p>
        </div>
      )}
      <div className="feed-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void create()}
          disabled={busy || feed.isPending}
        >
          {busy ? 'Working…' : active ? 'Make a new link' : 'Make a calendar link'}
        </button>
        {active && (
          <button type="button" className="btn btn-danger" onClick={() => setConfirmRevoke(true)} disabled={busy}>
            Stop sharing
          </button>
        )}
      </div>
      {active && !link && (
        <p className="hint">A new link replaces the one you have: calendars subscribed to the old one stop updating.</p>
      )}
      {confirmRevoke && (
        <ConfirmDialog
          title="Stop sharing the calendar?"
          confirmLabel="Stop sharing"
          danger
          onConfirm={() => void revoke()}
          onCancel={() => setConfirmRevoke(false)}
        >
          <p>The link stops working: calendars subscribed to it no longer get this project&apos;s dates.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
