import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FieldError, fieldAria } from '../ui/form-field';
import { useNativeInvalid } from './use-native-invalid';

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
