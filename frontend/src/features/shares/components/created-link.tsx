import { useEffect, useRef, useState } from 'react';
import type { CreatedShare } from '../types';
import { mailtoHref, shareMessage, smsHref } from '../utils';

interface Props {
  share: CreatedShare;
  projectName: string | null;
  /** Hides the address (it cannot be shown again). */
  onDone: () => void;
}

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * The new link's address, shown this once (the server keeps only a hash of its token): a
 * read-only field with Copy (the clipboard, else the text selected for Ctrl+C), and ways to send it.
 */
export function CreatedLink({ share, projectName, onDone }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [shareNote, setShareNote] = useState('');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  // The panel replaces nothing on screen: focus moves to it so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [share.id]);

  const selectAll = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(share.url);
      setCopy('copied');
    } catch {
      selectAll();
      setCopy('manual');
    }
  };

  const onShare = async () => {
    setShareNote('');
    try {
      await navigator.share({
        title: projectName ? `${projectName} – project budget` : 'Project budget',
        text: shareMessage(projectName, share.url),
        url: share.url,
      });
    } catch (e) {
      // Closing the share sheet is not a failure.
      if (!(e instanceof DOMException && e.name === 'AbortError')) {
        setShareNote('Sharing did not work here: copy the link instead.');
      }
    }
  };

  return (
    <section className="card share-created" aria-labelledby="share-created-title" data-testid="share-created">
      <h2 id="share-created-title" ref={headingRef} tabIndex={-1}>
        The link for {share.label} is ready
      </h2>
      <p className="share-once" data-testid="share-once">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>Copy it now: for your security we show it only once.</span>
      </p>
      <div className="field share-url-field">
        <label htmlFor="share-url">Link for {share.label}</label>
        <div className="share-url-row">
          <input
            ref={inputRef}
            id="share-url"
            type="url"
            readOnly
            value={share.url}
            className="mono"
            aria-describedby="share-copy-status"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn btn-primary" onClick={() => void onCopy()}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>
            Copy link
          </button>
        </div>
        <small className="hint share-copy-status" id="share-copy-status" role="status" data-testid="share-copy-status">
          {copy === 'copied'
            ? 'Copied. Paste it into a text or an email.'
            : copy === 'manual'
              ? 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.'
              : ''}
        </small>
      </div>
      <div className="share-send">
        <span className="share-send-label">Text or email it:</span>
        <div className="share-send-actions">
          {canShare && (
            <button type="button" className="btn" onClick={() => void onShare()}>
              Share…
            </button>
          )}
          <a className="btn" href={smsHref(projectName, share.url)}>
            Text message
          </a>
          <a className="btn" href={mailtoHref(projectName, share.url)}>
            Email
          </a>
        </div>
      </div>
      {shareNote && (
        <p className="form-error" role="alert">
          {shareNote}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
