import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/form-errors';
import { AppForm, Field, FormMessage, useAppForm } from '.';

interface Values {
  name: string;
  notes: string;
}

function KitForm({ save, clearOnEdit }: { save: (v: Values) => Promise<void>; clearOnEdit?: boolean }) {
  const kit = useAppForm<Values>({
    defaultValues: { name: '', notes: '' },
    fields: ['name', 'notes'],
    fallback: 'Could not save.',
    clearOnEdit,
    validate: (v): FieldErrors => (v.name.trim() ? {} : { name: ['Enter a name.'] }),
  });
  return (
    <AppForm kit={kit} onSubmit={save}>
      <FormMessage message={kit.message} />
      <Field id="k-name" name="name" label="Name" required hint="Who it is." />
      <Field id="k-notes" name="notes" label="Notes">
        {(control) => <textarea {...control} />}
      </Field>
      <button type="submit" disabled={kit.busy}>
        {kit.busy ? 'Saving…' : 'Save'}
      </button>
    </AppForm>
  );
}

describe('the form kit', () => {
  it('says its own checks beside the field, focuses it, and editing clears the message', async () => {
    let saved: Values | null = null;
    render(
      <KitForm
        save={(v) => {
          saved = v;
          return Promise.resolve();
        }}
      />,
    );
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-describedby')).toBe('k-name-hint');
    expect(name.hasAttribute('required')).toBe(true);
    expect(screen.getByText('Name').className).toBe('required');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('k-name-error k-name-hint');
    expect(document.getElementById('k-name-error')?.textContent).toBe('Enter a name.');
    expect(saved).toBeNull();
    fireEvent.change(name, { target: { value: 'Sam' } });
    await waitFor(() => expect(document.getElementById('k-name-error')).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ name: 'Sam', notes: '' }));
  });

  it("puts the server's field messages beside the fields, the rest above, busy while it waits", async () => {
    let fail: (e: unknown) => void = () => {};
    render(
      <KitForm
        save={() =>
          new Promise<void>((_, reject) => {
            fail = reject;
          })
        }
      />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fail(new ApiError(400, 'invalid', 'Check the notes.', { notes: ['Too long.', 'Really.'], other: ['x'] }));
    const notes = screen.getByLabelText('Notes');
    await waitFor(() => expect(document.activeElement).toBe(notes));
    expect(document.getElementById('k-notes-error')?.textContent).toBe('Too long. Really.');
    expect(screen.getByRole('alert').textContent).toBe('Check the notes.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('keeps the messages while editing when told to, and says the fallback for a network error', async () => {
    render(<KitForm clearOnEdit={false} save={() => Promise.reject(new ApiError(0, 'network', 'offline'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(name, { target: { value: 'Sam' } });
    expect(document.getElementById('k-name-error')?.textContent).toBe('Enter a name.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Could not save.');
    expect(document.getElementById('k-name-error')).toBeNull();
  });

  it('with native, leaves the checks to the browser and says them beside the fields', async () => {
    function NativeForm() {
      const kit = useAppForm<{ mail: string }>({ defaultValues: { mail: '' }, native: { mail: 'Enter your email.' } });
      return (
        <AppForm kit={kit} onSubmit={() => undefined}>
          <Field id="n-mail" name="mail" label="Email" type="email" required />
          <button type="submit">Send</button>
        </AppForm>
      );
    }
    const { container } = render(<NativeForm />);
    expect(container.querySelector('form')?.noValidate).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const mail = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(mail));
    expect(document.getElementById('n-mail-error')?.textContent).toBe('Enter your email.');
  });
});
