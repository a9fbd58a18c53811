import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { projectContractorsQuery } from '../api';
import type { Contractor } from '../types';
import { awardInsuranceWarning } from '../utils';
import { localToday } from '../../../lib/dates';

interface Asking {
  warning: string;
  question: string;
  award: () => void;
}

/**
 * Awarding to a contractor whose insurance expired, or who has no insurance date on file, asks
 * first and says why ("Award anyway" / "Cancel"); a current insurance awards at once. The
 * contractor's date comes from the project's roster (its owner's contractors, issue 35: the bid
 * and payment forms' own request, shared through the cache). `check(contractor, question, award)`;
 * render `dialog` once.
 */
export function useAwardInsuranceCheck(projectId: number): {
  check: (contractor: { id: number; name: string }, question: string, award: () => void) => Promise<void>;
  dialog: ReactNode;
} {
  const qc = useQueryClient();
  const roster = useQuery({
    ...projectContractorsQuery(projectId),
    enabled: Number.isSafeInteger(projectId) && projectId > 0,
  });
  const [asking, setAsking] = useState<Asking | null>(null);

  const check = async (contractor: { id: number; name: string }, question: string, award: () => void) => {
    let list: Contractor[] | undefined = roster.data;
    if (!list) {
      try {
        list = await qc.fetchQuery(projectContractorsQuery(projectId));
      } catch (e) {
        // The award itself says whether the server can be reached; the check does not block it.
        console.error('Contractors could not be read for the insurance check', e);
      }
    }
    const known = list?.find((c) => c.id === contractor.id);
    const warning = known ? awardInsuranceWarning(known.name, known.insurance_expires, localToday()) : null;
    if (warning === null) award();
    else setAsking({ warning, question, award });
  };

  const dialog = asking && (
    <ConfirmDialog
      title="Check the insurance first"
      confirmLabel="Award anyway"
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null);
        asking.award();
      }}
    >
      <p className="award-warning" data-testid="award-insurance-warning">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{asking.warning}</span>
      </p>
      <p>{asking.question}</p>
    </ConfirmDialog>
  );

  return { check, dialog };
}
