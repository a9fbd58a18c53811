import { describe, expect, it } from 'vitest';
import { focusFirstError } from './use-focus-first-error';

describe('focusFirstError', () => {
  it('focuses the first field in error in reading order, a group by its first control', () => {
    document.body.innerHTML = `
      <form>
        <input id="a" />
        <fieldset data-invalid="true"><input type="radio" id="r1" name="r" /><input type="radio" id="r2" name="r" /></fieldset>
        <input id="b" aria-invalid="true" />
      </form>`;
    expect(focusFirstError(document.querySelector('form'))).toBe(true);
    expect(document.activeElement?.id).toBe('r1');
  });

  it('without a field in error, leaves the focus where it is', () => {
    document.body.innerHTML = `<form><p role="alert">Refused.</p><input id="a" /></form>`;
    expect(focusFirstError(document.querySelector('form'))).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });
});
