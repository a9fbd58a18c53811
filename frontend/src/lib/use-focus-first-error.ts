import { useEffect, type RefObject } from 'react';

/** A control (or a group of them, e.g. radios in a fieldset) marked in error. */
const IN_ERROR = '[aria-invalid="true"], [data-invalid="true"]';

/** The first control in error inside `root`, in reading order; a group gives its first control. */
export function firstFieldInError(root: ParentNode): HTMLElement | null {
  const marked = root.querySelector<HTMLElement>(IN_ERROR);
  if (!marked) return null;
  if (marked.matches('input, select, textarea, button')) return marked;
  return marked.querySelector<HTMLElement>('input, select, textarea') ?? marked;
}

/**
 * Focuses the first field in error inside `root` and scrolls it, with its label and message, to
 * the middle of the view (never under the sticky header); without one, brings the form's message
 * (`role="alert"`) into view. True when a field took focus.
 */
export function focusFirstError(root: ParentNode | null): boolean {
  if (!root) return false;
  const field = firstFieldInError(root);
  if (!field) {
    root.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView?.({ block: 'nearest' });
    return false;
  }
  field.focus({ preventScroll: true });
  const box = field.closest<HTMLElement>('.field, fieldset') ?? field;
  const tall = box.getBoundingClientRect().height > window.innerHeight * 0.6;
  // `scroll-margin-top` (base.css) keeps a field that starts the view clear of the header.
  (tall ? field : box).scrollIntoView?.({ block: tall ? 'start' : 'center', inline: 'nearest' });
  return true;
}

/**
 * After a refused submit, the first field in error takes focus and scrolls into view, its message
 * beside it (aria-describedby). `failure` is whatever changes once per refused submit (the
 * errors object a parent passes down, or a counter); nothing happens while it is falsy.
 */
export function useFocusFirstError(ref: RefObject<HTMLElement | null>, failure: unknown) {
  useEffect(() => {
    if (failure) focusFirstError(ref.current);
  }, [ref, failure]);
}
