import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/edit-access';
import { useAppPageMeta } from '../../../lib/page-meta';
import { useCreateShare, useProjectShares, useRevokeShare } from '../hooks/use-shares';
import type { CreatedShare, Share } from '../types';
import type { ShareFormValues } from '../utils';
import { CreatedLink } from './created-link';
import { ShareForm } from './share-form';
import { ShareList } from './share-list';
import { localToday } from '../../../lib/dates';
import '../share-links.css';
import '../shared-page.css';
import '../shared-details.css';

interface Props {
  projectId: number;
  /** The project's name once known (the board's cached copy). */
  projectName: string | null;
}

const UNREACHABLE = 'The server could not be reached. Please try again.';

/**
 * `/kanban/:projectId/share`: read-only links to the project (issue 21). A new link's address
 * is shown once; the list says who each link is for and until when, and revokes it.
 */
export function ShareLinksPage({ projectId, projectName }: Props) {
  // Issue 35: a viewer sees the links, and neither creates nor revokes one.
  const canEdit = useCanEdit();
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const shares = useProjectShares(projectId);
  const create = useCreateShare(projectId);
  const revoke = useRevokeShare(projectId);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [confirming, setConfirming] = useState<Share | null>(null);
  const [listError, setListError] = useState('');
  const [status, setStatus] = useState('');
  const today = localToday();

  useAppPageMeta(
    projectName ? `Share — ${projectName}` : 'Share this project',
    'Read-only links to the project for a lender, a partner or an inspector: the live budget, nothing editable.',
  );

  // The form checks itself and says a refused create beside its fields (ShareForm).
  const onCreate = async (values: ShareFormValues): Promise<void> => {
    setStatus('');
    try {
      const share = await create.mutateAsync({
        label: values.label.trim(),
        expires_on: values.expires_on || null,
        include_documents: values.include_documents,
        include_bids: values.include_bids,
        include_payments: values.include_payments,
        include_draws: values.include_draws,
      });
      setCreated(share);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status >= 500 || e.status === 0) console.error('Share link not created', e);
      throw e;
    }
  };

  const onRevoke = async (share: Share) => {
    setConfirming(null);
    setListError('');
    setStatus('');
    try {
      await revoke.mutateAsync(share);
      if (created?.id === share.id) setCreated(null);
      setStatus(`The link for ${share.label} is revoked.`);
    } catch (e) {
      // Already gone (revoked in another tab): the list is asked again either way.
      if (e instanceof ApiError && e.status === 404) {
        setStatus(`The link for ${share.label} is revoked.`);
        return;
      }
      console.error('Share link not revoked', e);
      setListError(
        e instanceof ApiError && e.status > 0 && e.status < 500
          ? e.message
          : `The link for ${share.label} could not be revoked. Please try again.`,
      );
    }
  };

  const notFound = shares.error instanceof ApiError && shares.error.status === 404;

  return (
    <main className="page narrow-lg share-links-page">
      <header className="page-header">
        <Link className="share-back" to={`/kanban/${projectId}`}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Back to the board
        </Link>
        <h1>Share this project</h1>
        <p className="muted">
          {projectName ? <strong className="share-project-name">{projectName}. </strong> : null}
          Text a link to your lender, partner or inspector: it shows the live budget and nothing they can change.
        </p>
      </header>

      {!valid || notFound ? (
        <p className="form-error" role="alert">
          Project not found.
        </p>
      ) : (
        <div className="stack">
          {created && <CreatedLink share={created} projectName={projectName} onDone={() => setCreated(null)} />}
          {canEdit ? (
            <ShareForm onSubmit={onCreate} />
          ) : (
            <p className="muted" data-testid="share-view-only">
              You can view this project but not share it: its owner and partners make and revoke its links.
            </p>
          )}

          <section className="card" aria-labelledby="share-list-title">
            <h2 id="share-list-title">Links</h2>
            <p className="visually-hidden" role="status">
              {status}
            </p>
            {listError && (
              <p className="form-error" role="alert">
                {listError}
              </p>
            )}
            {shares.isPending ? (
              <p className="page-loading" role="status">
                Loading the links…
              </p>
            ) : shares.isError ? (
              <p className="form-error" role="alert">
                The links could not be loaded.{' '}
                {shares.error instanceof ApiError && shares.error.status > 0 && shares.error.status < 500
                  ? shares.error.message
                  : UNREACHABLE}
              </p>
            ) : (
              <ShareList
                shares={shares.data}
                today={today}
                revoking={revoke.isPending ? (revoke.variables?.id ?? null) : null}
                onRevoke={canEdit ? setConfirming : undefined}
              />
            )}
          </section>
        </div>
      )}

      {confirming && (
        <ConfirmDialog
          title={`Revoke the link for ${confirming.label}?`}
          confirmLabel="Revoke link"
          danger
          onCancel={() => setConfirming(null)}
          onConfirm={() => void onRevoke(confirming)}
        >
          <p>Anyone using it will see &lsquo;This link is no longer available.&rsquo;</p>
        </ConfirmDialog>
      )}
    </main>
  );
}
