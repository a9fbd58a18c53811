import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { toFormErrors, type FieldErrors, type FormErrors, type MessagePlaces } from '../../lib/form-errors';
import { useFocusFirstError, useNativeInvalid } from '../../lib/use-focus-first-error';

const UNREACHABLE = 'The server could not be reached. Please try again.';

export interface AppFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** The fields whose server messages show beside them (`toFormErrors`' `known`). */
  fields?: readonly string[];
  /** The form's message for network and server errors. */
  fallback?: string;
  /** A form's own reading of a failed request, instead of `toFormErrors(error, fields, fallback, places)`. */
  mapError?: (error: unknown) => FormErrors;
  /** Runs at each submit, before the checks (e.g. to hide the last success notice). */
  beforeSubmit?: () => void;
  /** Where a server message that names no field belongs (`toFormErrors`' `places`). */
  places?: MessagePlaces;
  /** The form's own checks, in its words: a submit with any message is refused. */
  validate?: (values: T) => Partial<FieldErrors>;
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
  /** True while the submit handler runs (`formState.isSubmitting`). */
  busy: boolean;
  clearOnEdit: boolean;
  /** The browser checks the fields (`native`); otherwise the form is `noValidate`. */
  native: boolean;
  /** The browser's messages per field name (with `native`). */
  nativeErrors: FieldErrors;
  /**
   * The `onSubmit` of the form: runs the form's checks, then `handler` with the values; a handler
   * that throws gets its error said beside the fields (`toFormErrors`) and above the form. Either
   * way the first field in error takes focus and scrolls into view.
   */
  submit: (handler: (values: T) => Promise<void> | void) => (e: FormEvent) => void;
  /** Shows messages found elsewhere (beside the fields, above the form) and focuses the first. */
  showErrors: (errors: FormErrors) => void;
}

/**
 * One form's state on react-hook-form: values, messages per field and for the whole form, busy
 * while it submits, the first field in error focused after each refused submit.
 */
export function useAppForm<T extends FieldValues>(options: AppFormOptions<T>): AppForm<T> {
  const form = useForm<T>({ defaultValues: options.defaultValues, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);
  const nativeErrors = useNativeInvalid(formRef, typeof options.native === 'object' ? options.native : undefined);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const { setError, clearErrors, handleSubmit } = form;

  const showErrors = useCallback(
    (errors: FormErrors) => {
      for (const [name, messages] of Object.entries(errors.fields)) {
        if (messages.length > 0) setError(name as Path<T>, { type: 'server', message: messages.join(' ') });
      }
      setMessage(errors.message);
      setFailure((n) => n + 1);
    },
    [setError],
  );

  const submit = useCallback(
    (handler: (values: T) => Promise<void> | void) => (e: FormEvent) => {
      e.preventDefault();
      if (form.formState.isSubmitting) return; // one request at a time (Enter while saving)
      setMessage('');
      clearErrors();
      const { validate, fields = [], fallback = UNREACHABLE, places, onError, mapError, beforeSubmit } = latest.current;
      beforeSubmit?.();
      const problems: FieldErrors = {};
      for (const [name, messages] of Object.entries(validate?.(form.getValues()) ?? {})) {
        if (messages?.length) problems[name] = messages;
      }
      if (Object.keys(problems).length > 0) {
        showErrors({ message: '', fields: problems });
        return;
      }
      void handleSubmit(async (values) => {
        try {
          await handler(values);
        } catch (err) {
          onError?.(err);
          showErrors(mapError ? mapError(err) : toFormErrors(err, fields, fallback, places));
        }
      })(e);
    },
    [clearErrors, form, handleSubmit, showErrors],
  );

  return {
    form,
    formRef,
    message,
    busy: form.formState.isSubmitting,
    clearOnEdit: options.clearOnEdit ?? true,
    native: !!options.native,
    nativeErrors,
    submit,
    showErrors,
  };
}
