import { useQuery } from '@tanstack/react-query';
import { documentName } from '../../lib/task-documents';
import { waiverDocumentQuery } from './api';

/**
 * The signed waiver: a link that opens it in a new tab (its signed link asked for when shown), or
 * its name while the link is on its way or could not be had.
 */
export function WaiverDocumentLink({ id, name }: { id: number; name: string | null }) {
  const doc = useQuery(waiverDocumentQuery(id));
  const label = doc.data ? documentName(doc.data) : name || 'Signed waiver';
  if (!doc.data) return <span className="waiver-doc muted">{label}</span>;
  return (
    <a className="waiver-doc" href={doc.data.file} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (signed waiver, opens in a new tab)</span>
    </a>
  );
}
