import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import {
  placeMessage,
  toFormErrors,
  type FieldErrors,
  type FormErrors,
  type MessagePlaces,
} from '../../lib/form-errors';
import { focusFirstError, useFocusFirstError } from '../../lib/use-focus-first-error';
import { useNativeInvalid } from './use-native-invalid';

const UNREACHABLE = 'The server could not be reached. Please try again.';
const NONE: FormErrors = { message: '', fields: {} };
const NONE_KEY = JSON.stringify(NONE);

/** A server's (or a check's) field name -> the form's field that shows its messages. */
export type FieldAlias<T> = Readonly<Record<string, string>> | ((name: string, values: T) => string);

/** What a submit handler may answer: `false` says it was refused (its messages came another way). */
type Outcome = void | boolean;

export interface AppFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** The fields whose server messages show beside them (`toFormErrors`' `known`). */
  fields?: readonly string[];
  /** The form's message for network and server errors. */
  fallback?: string;
  /** A form's own reading of a failed request, instead of `toFormErrors(error, fields, fallback, places)`. */
  mapError?: (error: unknown) => FormErrors;
  /** Said before the form's message of a failed request (e.g. 'The payment was not saved.'). */
  prefix?: string;
  /** Runs at each submit, before the checks (e.g. to hide the last success notice). */
  beforeSubmit?: () => void;
  /** Where a server message that names no field belongs (`toFormErrors`' `places`). */
  places?: MessagePlaces;
  /**
   * Messages of a field shown beside another one: the server's `contractor` beside the payee, a
   * check's `name` beside `newContractorName`. Applies to every message the form shows.
   */
  alias?: FieldAlias<T>;
  /**
   * The form's own checks, in its words: a submit with any message is refused. `form` is the
   * `<form>`, for what only the controls know (`validity.badInput`: letters in a number box).
   */
  validate?: (values: T, form: HTMLFormElement | null) => Partial<FieldErrors>;
  /**
   * Messages a parent holds (a page that sends the request itself, a dialog whose parent saves):
   * shown like the form's own (`places` and `alias` apply) until the parent changes them; each new
   * set focuses the first field in error.
   */
  errors?: FormErrors;
  /** Editing a field drops its message (default true). */
  clearOnEdit?: boolean;
  /**
   * The browser's own checks (required, email, minLength) said beside each field, as
   * `useNativeInvalid` does; the form then has no `noValidate`. Per field `required` messages.
   */
  native?: boolean | Readonly<Record<string, string>>;
  /** Called with a failed request before its messages show (e.g. to log it). */
  onError?: (error: unknown) => void;
}

export interface AppForm<T extends FieldValues> {
  /** react-hook-form's own handle: `register`, `getValues`, `reset`, `setValue`, `watch`… */
  form: UseFormReturn<T>;
  formRef: RefObject<HTMLFormElement | null>;
  /** The whole form's message (role="alert"), empty when every problem belongs to a field. */
  message: string;
  /** Sets the form's message without moving the focus (e.g. a save that went through in part). */
  setMessage: (message: string) => void;
  /** True while the submit handler's promise runs. */
  busy: boolean;
  clearOnEdit: boolean;
  /** The browser checks the fields (`native`); otherwise the form is `noValidate`. */
  native: boolean;
  /** The browser's messages per field name (with `native`). */
  nativeErrors: FieldErrors;
  /** The parent's messages per field (`errors`), placed and aliased. */
  heldErrors: FieldErrors;
  /**
   * The `onSubmit` of the form: runs the form's checks, then `handler` with the values (at once, in
   * the same event); a handler that throws gets its error said beside the fields (`toFormErrors`)
   * and above the form; one that answers `false` was refused. Either way the first field in error
   * takes focus and scrolls into view. One submit at a time while the handler's promise runs.
   */
  submit: (handler: (values: T) => Promise<Outcome> | Outcome) => (e: FormEvent) => void;
  /** Shows messages found elsewhere (beside the fields, above the form) and focuses the first. */
  showErrors: (errors: FormErrors) => void;
}

/** `errors` with each field's messages moved where `alias` says, merged in order. */
function aliased<T>(errors: FieldErrors, alias: FieldAlias<T> | undefined, values: () => T): FieldErrors {
  if (!alias) return errors;
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const to = typeof alias === 'function' ? alias(name, values()) : (alias[name] ?? name);
    out[to] = [...(out[to] ?? []), ...messages];
  }
  return out;
}

const isThenable = (x: unknown): x is PromiseLike<Outcome> =>
  typeof x === 'object' && x !== null && typeof (x as PromiseLike<Outcome>).then === 'function';

/**
 * One form's state on react-hook-form: values, messages per field and for the whole form, busy
 * while it submits, the first field in error focused after each refused submit.
 */
export function useAppForm<T extends FieldValues>(options: AppFormOptions<T>): AppForm<T> {
  const form = useForm<T>({ defaultValues: options.defaultValues, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState(0);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  useFocusFirstError(formRef, failure);
  const nativeErrors = useNativeInvalid(formRef, typeof options.native === 'object' ? options.native : undefined);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const { setError, clearErrors, getValues } = form;

  // The parent's messages, where they belong; a new set (by content) focuses the first field.
  const held = placeMessage(options.errors ?? NONE, options.places);
  const heldFields = aliased(held.fields, options.alias, getValues);
  const heldKey = JSON.stringify(options.errors ?? NONE);
  useEffect(() => {
    if (heldKey !== NONE_KEY) focusFirstError(formRef.current);
  }, [heldKey]);

  const showErrors = useCallback(
    (errors: FormErrors) => {
      const fields = aliased(errors.fields, latest.current.alias, getValues);
      for (const [name, messages] of Object.entries(fields)) {
        if (messages.length > 0) setError(name as Path<T>, { type: 'server', message: messages.join(' ') });
      }
      setMessage(errors.message);
      setFailure((n) => n + 1);
    },
    [setError, getValues],
  );

  const submit = useCallback(
    (handler: (values: T) => Promise<Outcome> | Outcome) => (e: FormEvent) => {
      e.preventDefault();
      // A form's submit is its own: a dialog portalled out of another form does not submit that one.
      e.stopPropagation();
      if (running.current) return; // one request at a time (Enter while saving)
      setMessage('');
      clearErrors();
      const {
        validate,
        fields = [],
        fallback = UNREACHABLE,
        places,
        onError,
        mapError,
        beforeSubmit,
        prefix,
      } = latest.current;
      beforeSubmit?.();
      const values = { ...getValues() };
      const problems: FieldErrors = {};
      for (const [name, messages] of Object.entries(validate?.(values, formRef.current) ?? {})) {
        if (messages?.length) problems[name] = messages;
      }
      if (Object.keys(problems).length > 0) {
        showErrors({ message: '', fields: problems });
        return;
      }
      const fail = (err: unknown) => {
        onError?.(err);
        const errors = mapError ? mapError(err) : toFormErrors(err, fields, fallback, places);
        showErrors(prefix && errors.message ? { ...errors, message: `${prefix} ${errors.message}` } : errors);
      };
      const done = (outcome: Outcome) => {
        if (outcome === false) setFailure((n) => n + 1);
      };
      let outcome: Promise<Outcome> | Outcome;
      try {
        outcome = handler(values);
      } catch (err) {
        fail(err);
        return;
      }
      if (!isThenable(outcome)) {
        done(outcome);
        return;
      }
      running.current = true;
      setBusy(true);
      void Promise.resolve(outcome)
        .then(done, fail)
        .finally(() => {
          running.current = false;
          setBusy(false);
        });
    },
    [clearErrors, getValues, showErrors],
  );

  return {
    form,
    formRef,
    message: message || held.message,
    setMessage,
    busy,
    clearOnEdit: options.clearOnEdit ?? true,
    native: !!options.native,
    nativeErrors,
    heldErrors: heldFields,
    submit,
    showErrors,
  };
}
