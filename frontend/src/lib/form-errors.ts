import { ApiError } from './api-client';

export type FieldErrors = Record<string, string[]>;

export interface FormErrors {
  /** For the whole form (role="alert"); empty when every problem belongs to a field. */
  message: string;
  /** Per field, shown next to the field. */
  fields: FieldErrors;
}

/**
 * Splits a failed request into messages for the form's own fields (`known`) and one
 * message for the rest: a 4xx message of the server, or `fallback` for network and
 * server errors.
 */
export function toFormErrors(error: unknown, known: readonly string[], fallback: string): FormErrors {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return { message: fallback, fields: {} };
  }
  const fields: FieldErrors = {};
  let unplaced = !error.fields || Object.keys(error.fields).length === 0;
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    if (known.includes(name) && Array.isArray(messages) && messages.length > 0) fields[name] = messages;
    else unplaced = true;
  }
  return { message: unplaced ? error.message : '', fields };
}
