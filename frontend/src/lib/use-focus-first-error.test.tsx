import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FieldError, fieldAria } from '../components/ui/form-field';
import { focusFirstError, useNativeInvalid } from './use-focus-first-error';

function NativeForm() {
  const ref = useRef<HTMLFormElement>(null);
  const errors = useNativeInvalid(ref, { start: 'Please provide a project start date.' });
  return (
    <form ref={ref} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="n-name">Name</label>
      <input id="n-name" name="name" defaultValue="Lake house" required {...fieldAria('n-name', errors.name)} />
      <FieldError id="n-name" errors={errors.name} />
      <label htmlFor="n-start">Start</label>
      <input id="n-start" name="start" type="date" required {...fieldAria('n-start', errors.start)} />
      <FieldError id="n-start" errors={errors.start} />
      <label htmlFor="n-mail">Email</label>
      <input id="n-mail" name="mail" type="email" required {...fieldAria('n-mail', errors.mail)} />
      <FieldError id="n-mail" errors={errors.mail} />
      <button type="submit">Create</button>
    </form>
  );
}

describe('useNativeInvalid', () => {
  it("says the browser's checks beside each field and focuses the first one in error", async () => {
    render(<NativeForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const start = screen.getByLabelText('Start');
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(start.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please provide a project start date.',
    );
    expect(document.getElementById('n-mail-error')?.textContent).toBe('This field is required.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    // Typing clears the field's message.
    fireEvent.change(start, { target: { value: '2026-04-01' } });
    fireEvent.input(start);
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBeNull());
    expect(document.getElementById('n-mail-error')).not.toBeNull();
  });
});

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
