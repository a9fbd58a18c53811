import { ApiError } from './api-client';

export type FieldErrors = Record<string, string[]>;

export interface FormErrors {
  /** For the whole form (role="alert"); empty when every problem belongs to a field. */
  message: string;
  /** Per field, shown next to the field. */
  fields: FieldErrors;
}

/**
 * Where a message said without a field belongs: per field, the exact messages that are about it
 * (e.g. `{ start_date: ['Please provide a project start date.'] }`).
 */
export type MessagePlaces = Readonly<Record<string, readonly string[]>>;

/**
 * Moves a message that names no field (`message`) beside the field it is about, when `places`
 * knows it: the form's banner then stays empty and the field gets the message.
 */
export function placeMessage(errors: FormErrors, places: MessagePlaces | undefined): FormErrors {
  if (!errors.message || !places) return errors;
  const field = Object.keys(places).find((name) => places[name].includes(errors.message));
  if (!field) return errors;
  const already = errors.fields[field] ?? [];
  const messages = already.includes(errors.message) ? already : [...already, errors.message];
  return { message: '', fields: { ...errors.fields, [field]: messages } };
}

/**
 * Splits a failed request into messages for the form's own fields (`known`) and one
 * message for the rest: a 4xx message of the server, or `fallback` for network and
 * server errors. A message of the server without `fields` goes beside its field when
 * `places` knows it.
 */
export function toFormErrors(
  error: unknown,
  known: readonly string[],
  fallback: string,
  places?: MessagePlaces,
): FormErrors {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return { message: fallback, fields: {} };
  }
  const fields: FieldErrors = {};
  let unplaced = !error.fields || Object.keys(error.fields).length === 0;
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    if (known.includes(name) && Array.isArray(messages) && messages.length > 0) fields[name] = messages;
    else unplaced = true;
  }
  return placeMessage({ message: unplaced ? error.message : '', fields }, places);
}
