import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import type { FormErrors } from '../../lib/form-errors';
import { renderWithProviders } from '../../testing/render';
import { AppForm, Choices, Field, FormMessage, MoneyInput, useAppForm } from '.';
import { DocumentSlot } from './document-slot';

interface Values {
  payee: string;
  typed: string;
  amount: string;
  start: string;
}

const EMPTY: Values = { payee: '', typed: '', amount: '', start: '' };

/** A form whose parent holds messages (`errors`) and whose handler may answer false. */
function HeldForm({ errors, save }: { errors: FormErrors; save: (v: Values) => boolean | Promise<boolean> }) {
  const kit = useAppForm<Values>({
    defaultValues: EMPTY,
    errors,
    places: { start: ['Give a start date.'] },
  });
  return (
    <AppForm kit={kit} onSubmit={save}>
      <FormMessage message={kit.message} />
      <Field id="h-amount" name="amount" label="Amount" errorId="h-amount-message" />
      <Field id="h-start" name="start" label="Start" />
      <button type="submit">Save</button>
    </AppForm>
  );
}

describe('the form kit, messages a parent holds', () => {
  it('shows them beside their fields (a field-less one where `places` says), focusing the first; false refuses', async () => {
    const save = vi.fn(() => false);
    const { rerender } = render(<HeldForm errors={{ message: 'Give a start date.', fields: {} }} save={save} />);
    const start = screen.getByLabelText('Start');
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(document.getElementById('h-start-error')?.textContent).toBe('Give a start date.');
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<HeldForm errors={{ message: 'Check the amount.', fields: { amount: ['Too big.'] } }} save={save} />);
    const amount = screen.getByLabelText('Amount');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-describedby')).toBe('h-amount-message');
    expect(document.getElementById('h-amount-message')?.textContent).toBe('Too big.');
    expect(screen.getByRole('alert').textContent).toBe('Check the amount.');
    // The parent's messages stay while the field is edited (the parent drops them).
    fireEvent.change(amount, { target: { value: '5' } });
    expect(document.getElementById('h-amount-message')?.textContent).toBe('Too big.');

    start.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Called at once, in the submit event; its false focuses the first field in error again.
    expect(save).toHaveBeenCalledWith({ ...EMPTY, amount: '5' });
    await waitFor(() => expect(document.activeElement).toBe(amount));
  });
});

describe('the form kit, its options', () => {
  function OptionsForm({ save }: { save: (v: Values) => Promise<void> }) {
    const kit = useAppForm<Values>({
      defaultValues: { ...EMPTY, payee: 'other' },
      fields: ['payee', 'contractor', 'amount'],
      prefix: 'The payment was not saved.',
      alias: (name, v) =>
        name === 'payee' || name === 'contractor' ? (v.payee === 'other' ? 'typed' : 'payee') : name,
      validate: (_values, form) => {
        const box = form?.elements.namedItem('amount') as HTMLInputElement | null;
        return box?.value === 'x' ? { amount: ['Not a number.'] } : {};
      },
    });
    return (
      <AppForm kit={kit} onSubmit={save}>
        <FormMessage message={kit.message} />
        <Field
          id="o-payee"
          name="payee"
          label="Payee"
          options={[
            { value: 1, label: 'Acme' },
            { value: 'other', label: 'Someone else' },
          ]}
          empty="Not named"
        />
        <Field id="o-typed" name="typed" label="Payee name" />
        <Field id="o-amount" name="amount" label="Amount" hint="In dollars." testId="money" describedBy="o-lead">
          {(control) => <MoneyInput inputMode="decimal" {...control} />}
        </Field>
        <p id="o-lead">Lead</p>
        <button type="submit">Save</button>
      </AppForm>
    );
  }

  it('validates with the form element, aliases and merges messages, prefixes the message', async () => {
    const save = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'invalid', 'Check the payment.', {
          payee: ['Too long.'],
          contractor: ['Unknown.'],
          other: ['x'],
        }),
      ),
    );
    const { container } = render(<OptionsForm save={save} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Payee');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Not named', 'Acme', 'Someone else']);
    expect(select.value).toBe('other');
    const amount = screen.getByLabelText<HTMLInputElement>('Amount');
    expect(container.querySelector('.input-prefix span')?.textContent).toBe('$');
    expect(amount.getAttribute('aria-describedby')).toBe('o-amount-hint o-lead');
    expect(screen.getByTestId('money-hint').textContent).toBe('In dollars.');

    fireEvent.change(amount, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('money-error').textContent).toBe('Not a number.');
    expect(amount.getAttribute('aria-describedby')).toBe('o-amount-error o-amount-hint o-lead');
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ ...EMPTY, payee: 'other', amount: '12' });
    const typed = screen.getByLabelText('Payee name');
    await waitFor(() => expect(document.activeElement).toBe(typed));
    expect(document.getElementById('o-typed-error')?.textContent).toBe('Too long. Unknown.');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The payment was not saved. Check the payment.');
  });
});

describe('the form kit, groups of boxes and documents', () => {
  interface Picks {
    rooms: string[];
    owner: string;
    receipt: string;
  }

  function PicksForm({ save }: { save: (v: Picks) => void }) {
    const kit = useAppForm<Picks>({
      defaultValues: { rooms: [], owner: '', receipt: '' },
      fields: ['receipt'],
      validate: (v) => (v.owner ? {} : { owner: ['Say who builds.'] }),
    });
    return (
      <AppForm kit={kit} onSubmit={save}>
        <Choices
          id="p-rooms"
          name="rooms"
          type="checkbox"
          legend="Rooms"
          options={[
            { value: 'Kitchen', label: 'Kitchen' },
            { value: 'Garage', label: 'Garage' },
          ]}
        />
        <Choices
          id="p-owner"
          name="owner"
          type="radio"
          legend="Owner-builder?"
          required
          legendClassName="label"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
        />
        <DocumentSlot
          taskId={4}
          id="p-receipt"
          name="receipt"
          label="Receipt"
          uploadLabel="Upload a receipt"
          what="the receipt"
          documents={[{ id: 7, name: 'invoice.pdf', file: '/f/7' }]}
          nameOf={(d) => d.name}
          emptyLabel="No receipt"
          hintId="p-receipt-hint"
        />
        <button type="submit">Save</button>
      </AppForm>
    );
  }

  it('marks a group in error and focuses its first box; ticked boxes, the radio and the document are values', async () => {
    const saved: Picks[] = [];
    renderWithProviders(<PicksForm save={(v) => void saved.push(v)} />);
    expect(screen.getByText('Owner-builder?').className).toBe('label required');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const yes = screen.getByLabelText('Yes');
    await waitFor(() => expect(document.activeElement).toBe(yes));
    const group = screen.getByRole('group', { name: 'Owner-builder?' });
    expect(group.getAttribute('data-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe('p-owner-error');
    expect(document.getElementById('p-owner-error')?.textContent).toBe('Say who builds.');

    fireEvent.click(yes);
    await waitFor(() => expect(group.getAttribute('data-invalid')).toBeNull());
    fireEvent.click(screen.getByLabelText('Garage'));
    fireEvent.click(screen.getByLabelText('Kitchen'));
    const receipt = screen.getByLabelText<HTMLSelectElement>('Receipt');
    expect(receipt.getAttribute('aria-describedby')).toBe('p-receipt-hint');
    fireEvent.change(receipt, { target: { value: '7' } });
    expect(receipt.value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].owner).toBe('yes');
    expect([...saved[0].rooms].sort()).toEqual(['Garage', 'Kitchen']);
    expect(saved[0].receipt).toBe('7');
  });
});
