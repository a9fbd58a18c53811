import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import { useFocusFirstError } from '../../lib/use-focus-first-error';

/** `errors` without `name` (the same object when it has no message for it). */
function withoutField(errors: FieldErrors, name: string): FieldErrors {
  if (!errors[name]) return errors;
  const rest = { ...errors };
  delete rest[name];
  return rest;
}

/** What a control's own check says, in plain words (the browser's text for the rare rest). */
function nativeMessage(el: HTMLInputElement, custom: Readonly<Record<string, string>> | undefined): string {
  const v = el.validity;
  if (v.valueMissing) return custom?.[el.name] ?? 'This field is required.';
  if (v.typeMismatch && el.type === 'email') return 'Enter an email address, e.g. name@example.com.';
  if (v.patternMismatch && el.title) return `${el.title}.`.replace(/\.\.$/, '.');
  if (v.tooShort) return `Use at least ${el.minLength} characters.`;
  return el.validationMessage || 'Check this field.';
}

/**
 * The browser's own checks of a form (required, email, pattern, min and max) said beside each
 * field instead of in its bubble: every control the browser finds invalid on submit gets its
 * message (by its `name`), the first takes focus and scrolls into view; typing in a field clears
 * its message. `required` messages may be given per field (the spec's words).
 */
export function useNativeInvalid(
  ref: RefObject<HTMLFormElement | null>,
  requiredMessages?: Readonly<Record<string, string>>,
): FieldErrors {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState(0);
  const messages = useRef(requiredMessages);
  useEffect(() => {
    messages.current = requiredMessages;
  });

  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    let pending: FieldErrors | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The browser fires `invalid` at each control in turn, then stops: one update for all.
    const flush = () => {
      const found = pending ?? {};
      pending = null;
      timer = undefined;
      setErrors(found);
      setFailure((n) => n + 1);
    };
    const onInvalid = (e: Event) => {
      const el = e.target as HTMLInputElement;
      e.preventDefault(); // no bubble: the message shows beside the field
      if (!pending) {
        pending = {};
        timer = setTimeout(flush, 0);
      }
      const name = el.name || el.id;
      pending[name] ??= [nativeMessage(el, messages.current)];
    };
    // Later, not now: a render between this listener and React's own (at the root) would put the
    // old value back into the controlled input before React reads the new one.
    const onEdit = (e: Event) => {
      const name = (e.target as HTMLInputElement).name;
      if (name) setTimeout(() => setErrors((prev) => withoutField(prev, name)), 0);
    };
    form.addEventListener('invalid', onInvalid, true);
    form.addEventListener('input', onEdit);
    form.addEventListener('change', onEdit);
    return () => {
      form.removeEventListener('invalid', onInvalid, true);
      form.removeEventListener('input', onEdit);
      form.removeEventListener('change', onEdit);
      if (timer) clearTimeout(timer);
    };
  }, [ref]);

  useFocusFirstError(ref, failure);
  return errors;
}
