import type { ChangeEvent } from 'react';
import { Field, type Choice } from './field';

/** A contractor as a picker shows it: its name, and its trade when it has one. */
export interface PickableContractor {
  id: number;
  name: string;
  trade?: string | null;
}

/** The user's contractors as a query holds them (the roster is read once per page). */
export interface ContractorRoster {
  data: readonly PickableContractor[] | undefined;
  isPending: boolean;
  isError: boolean;
}

interface Props {
  id: string;
  name: string;
  label: string;
  required?: 'aria';
  contractors: ContractorRoster;
  /** The contractor the record names: kept as a choice when no longer on the roster. */
  named?: PickableContractor | null;
  /** A last choice after the roster (e.g. "+ Add a new contractor"). */
  extra?: Choice;
  /** The empty choice's words once the roster is read (e.g. "None"). */
  none: string;
  /** Said under the picker when the roster could not be read. */
  failed: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

/**
 * A form kit field that picks one of the user's contractors ("Name (Trade)"); its value is the
 * contractor's id as a string ('' for none). While the roster loads, the empty choice says so.
 */
export function ContractorField({ contractors, named, extra, none, failed, ...field }: Props) {
  const roster = contractors.data ?? [];
  const options = named && !roster.some((c) => c.id === named.id) ? [...roster, named] : roster;
  const choices: Choice[] = options.map((c) => ({ value: c.id, label: c.trade ? `${c.name} (${c.trade})` : c.name }));
  return (
    <Field
      {...field}
      options={extra ? [...choices, extra] : choices}
      empty={contractors.isPending ? 'Loading your contractors…' : none}
      after={contractors.isError && <small className="field-error">{failed}</small>}
    />
  );
}
