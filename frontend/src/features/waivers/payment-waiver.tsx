import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCanEdit } from '../../lib/edit-access';
import { formatMoney } from '../../lib/format';
import { reasonOf } from '../../lib/use-item-actions';
import { projectWaiversQuery, useWaiverMutations } from './api';
import { AttachDialog } from './attach-dialog';
import type { WaiverPayment } from './types';
import { BADGE_WORDS, paymentWaiverStatus, paymentWords, requestFor, waiverFor } from './utils';
import { WaiverDocumentLink } from './waiver-document-link';
import './waivers.css';

interface Props {
  projectId: number;
  payment: WaiverPayment;
  /** After every write, once the server answered: the payments' waiver status and the draws (src/app). */
  onChanged?: () => unknown;
}

/** A payment's waiver status as a badge (none when it needs no waiver). */
export function WaiverBadge({ status }: { status: string | undefined }) {
  const code = paymentWaiverStatus(status);
  const words = BADGE_WORDS[code];
  if (words === null) return null;
  return <span className={`waiver-badge waiver-badge-${code}`}>{words}</span>;
}

/**
 * A payment's lien waiver in the task's Payments (issue 34): its status, and what to do next —
 * request the waiver, mark it received, attach the signed PDF (a document of the task, or one
 * uploaded to it). A payment that needs no waiver shows nothing. Every button is `type="button"`:
 * the section sits inside the task's own form.
 */
export function PaymentWaiver({ projectId, payment, onChanged }: Props) {
  // Issue 35: a viewer sees the waiver's status and its PDF, and requests or records nothing.
  const canEdit = useCanEdit();
  const status = paymentWaiverStatus(payment.waiver_status);
  const needs = status !== 'not_needed';
  const waivers = useQuery({ ...projectWaiversQuery(projectId), enabled: needs });
  const { save } = useWaiverMutations(projectId, onChanged);
  const [attaching, setAttaching] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  if (!needs || payment.contractor === null) return null;

  const waiver = waiverFor(payment, waivers.data ?? []);
  const who = payment.contractor.name;
  const about = paymentWords({ ...payment, contractor_name: who });
  const waiting = save.isPending || (status !== 'missing' && waivers.isPending);

  const run = async (write: () => Promise<unknown>, done: string) => {
    setError('');
    setSaid('');
    try {
      await write();
      setSaid(done);
    } catch (e) {
      console.error('Lien waiver action failed', e);
      setError(reasonOf(e));
    }
  };
  const request = () =>
    run(
      () => save.mutateAsync({ id: null, body: requestFor(payment) }),
      `Marked as requested from ${who} for ${formatMoney(payment.amount)}. Send them your lien waiver form to sign.`,
    );
  const markReceived = () =>
    run(
      () =>
        waiver
          ? save.mutateAsync({ id: waiver.id, body: { status: 'received' } })
          : save.mutateAsync({ id: null, body: { ...requestFor(payment), status: 'received' } }),
      `Waiver from ${who} marked received.`,
    );
  const attach = async (document: number, receivedOn: string) => {
    const body = { document, status: 'received' as const, received_on: receivedOn };
    await (waiver
      ? save.mutateAsync({ id: waiver.id, body })
      : save.mutateAsync({ id: null, body: { ...requestFor(payment), ...body } }));
    setAttaching(false);
    setError('');
    setSaid(`Signed waiver from ${who} attached.`);
  };
  const button = (label: string, onClick: () => void, name: string) => (
    <button
      type="button"
      className="btn btn-sm"
      aria-disabled={waiting || undefined}
      aria-label={`${label}: ${name}`}
      onClick={() => !waiting && onClick()}
    >
      {label}
    </button>
  );
  const forPayment = `the payment of ${about}`;
  const covered = status === 'received';

  return (
    <div className="payment-waiver" data-testid="payment-waiver">
      <WaiverBadge status={status} />
      {covered && waiver?.document != null && <WaiverDocumentLink id={waiver.document} name={waiver.document_name} />}
      {canEdit && (
        <span className="payment-waiver-actions">
          {status === 'missing' && button('Request waiver', () => void request(), forPayment)}
          {!covered && button('Mark received', () => void markReceived(), forPayment)}
          {(!covered || (waiver !== null && waiver.document === null)) &&
            button('Attach signed PDF', () => setAttaching(true), forPayment)}
        </span>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {attaching && (
        <AttachDialog
          about={`The waiver for the payment of ${about}.`}
          taskId={payment.task}
          receivedOn={waiver?.received_on ?? null}
          onSave={attach}
          onClose={() => setAttaching(false)}
        />
      )}
    </div>
  );
}
