import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ProjectOwnership } from '../../../lib/edit-access';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import { BidForm } from './bid-form';

// Issue 35: a new contractor's phone, email, license and insurance belong on the project's roster,
// which is the owner's. The owner is sent to their Contractors page; a partner (whose own page is
// not that roster) is told that the owner adds them there.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const OWNER_HINT = 'Phone, email, license and insurance can be added later on the Contractors page.';
const PARTNER_HINT =
  "Phone, email, license and insurance can be added by the project's owner on their Contractors page.";

async function newContractor(owns: boolean | undefined) {
  tokens.set('A', 'R');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/contractors/?project=3'
          ? json(200, [{ id: 1, name: 'Acme Framing', trade: 'Framing' }])
          : json(404, { error: 'not_found', message: 'Not found.' }),
      ),
    ),
  );
  const form = (
    <BidForm projectId={3} taskId={5} bid={null} documents={[]} onClose={() => undefined} onSaved={() => undefined} />
  );
  renderWithProviders(owns === undefined ? form : <ProjectOwnership value={owns}>{form}</ProjectOwnership>);
  const dialog = await screen.findByRole('dialog', { name: 'Add a bid' });
  await within(dialog).findByRole('option', { name: 'Acme Framing (Framing)' });
  fireEvent.change(within(dialog).getByLabelText(/Contractor/), { target: { value: 'new' } });
  return within(dialog).getByRole('group', { name: 'New contractor' });
}

describe("the bid form's new contractor", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the owner to the Contractors page for the rest', async () => {
    const fieldset = await newContractor(true);
    expect(fieldset.querySelector('.hint')?.textContent).toBe(OWNER_HINT);
    expect(within(fieldset).queryByText(PARTNER_HINT)).toBeNull();
  });

  it("tells a partner that the project's owner adds the rest on their page", async () => {
    const fieldset = await newContractor(false);
    expect(fieldset.querySelector('.hint')?.textContent).toBe(PARTNER_HINT);
    expect(within(fieldset).queryByText(OWNER_HINT)).toBeNull();
  });

  it('reads as the owner outside a project that says otherwise (a page of their own)', async () => {
    const fieldset = await newContractor(undefined);
    expect(fieldset.querySelector('.hint')?.textContent).toBe(OWNER_HINT);
  });
});
