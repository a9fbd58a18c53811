import type { Lender } from '../content/lenders';

/**
 * Lenders serving a state: those listing the state, then nationwide ones.
 * An empty or unknown state code gives an empty list. Codes are case-insensitive.
 */
export function lendersForState(lenders: readonly Lender[], stateCode: string): Lender[] {
  const code = stateCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return [];
  const regional = lenders.filter((l) => l.states !== 'ALL' && l.states.includes(code));
  const national = lenders.filter((l) => l.states === 'ALL');
  return [...regional, ...national];
}
