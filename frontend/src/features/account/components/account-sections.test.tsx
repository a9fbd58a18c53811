import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { noticeFrom } from '../../../lib/route-state';
import { AccountSections } from './account-sections';
import { NEW_PASSWORDS_DIFFER, PASSWORD_CHANGED } from './change-password-form';
import { ACCOUNT_DELETED } from './delete-account';
import { SIGNED_OUT_EVERYWHERE } from './sign-out-everywhere';

function Probe() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname}: {noticeFrom(location.state)}
    </p>
  );
}
const routes = ['/login', '/signup'].map((path) => ({ path, element: <Probe /> }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noContent = () => new Response(null, { status: 204 });

type Call = [string, RequestInit];
function stubFetch(...answers: Response[]) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(answers.shift() ?? noContent()),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodyOf = (call: Call) => JSON.parse(call[1].body as string) as unknown;

function render() {
  tokens.set('A1', 'R1');
  return renderWithProviders(<AccountSections />, { path: '/account-settings', routes });
}

function changePassword(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Change password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the confirmation in the browser', () => {
    const fetch = stubFetch();
    render();
    changePassword('old-password', 'new-password-1', 'new-password-2');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      NEW_PASSWORDS_DIFFER,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a wrong current password next to its field, then the success message', async () => {
    const fetch = stubFetch(
      json(400, {
        error: 'validation_error',
        message: 'Invalid input',
        fields: { current_password: ['is not your current password'] },
      }),
      noContent(),
    );
    render();
    changePassword('wrong-password', 'new-password-1', 'new-password-1');
    const current = screen.getByLabelText('Current password');
    await vi.waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('cp-current-error')?.textContent).toBe('is not your current password');
    expect(fetch.mock.calls[0][0]).toBe('/api/password/change/');
    expect(new Headers(fetch.mock.calls[0][1].headers).get('Authorization')).toBe('Bearer A1');
    expect(bodyOf(fetch.mock.calls[0])).toEqual({
      current_password: 'wrong-password',
      new_password: 'new-password-1',
    });

    changePassword('old-password', 'new-password-1', 'new-password-1');
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('');
    expect(tokens.getAccess()).toBe('A1'); // this session stays
  });
});

describe('Sign out everywhere', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('revokes every session, forgets the tokens and goes to /login', async () => {
    const fetch = stubFetch(noContent());
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(`at /login: ${SIGNED_OUT_EVERYWHERE}`)).toBeTruthy();
    expect(fetch.mock.calls[0][0]).toBe('/api/logout-all/');
    expect(fetch.mock.calls[0][1].method).toBe('POST');
    // The tokens go when the page being left unmounts, a passive effect that may run after
    // the new page first paints.
    await vi.waitFor(() => expect(tokens.getAccess()).toBeNull());
    expect(tokens.getRefresh()).toBeNull();
  });
});

describe('Delete account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password, shows a wrong one next to the field, then deletes and leaves', async () => {
    const fetch = stubFetch(
      json(400, { error: 'validation_error', message: 'Invalid input', fields: { password: ['is wrong'] } }),
      noContent(),
    );
    const { client } = render();
    client.setQueryData(['subscription', 'status'], { status: 'active' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete account permanently' });
    expect((submit as HTMLButtonElement).disabled).toBe(true); // no password yet
    const password = within(dialog).getByLabelText('Enter your password to confirm');
    fireEvent.change(password, { target: { value: 'wrong-password' } });
    fireEvent.click(submit);
    await vi.waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('is wrong')).toBeTruthy();
    expect(fetch.mock.calls[0][0]).toBe('/api/account/');
    expect(fetch.mock.calls[0][1].method).toBe('DELETE');
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ password: 'wrong-password' });

    fireEvent.change(password, { target: { value: 'right-password' } });
    fireEvent.click(submit);
    expect(await screen.findByText(`at /signup: ${ACCOUNT_DELETED}`)).toBeTruthy();
    // The tokens go when the page being left unmounts, a passive effect that may run after
    // the new page first paints.
    await vi.waitFor(() => expect(tokens.getAccess()).toBeNull());
    expect(tokens.getRefresh()).toBeNull();
    expect(client.getQueryData(['subscription', 'status'])).toBeUndefined();
  });
});

describe('Download my data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the export as buildledger-data.json', async () => {
    const data = { username: 'ana', projects: [{ id: 1, tasks: [] }] };
    stubFetch(json(200, data));
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn((b: Blob) => {
        blobs.push(b);
        return 'blob:export';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('buildledger-data.json');
    expect(clicked[0].getAttribute('href')).toBe('blob:export');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader(); // jsdom's Blob has no text()
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    expect(JSON.parse(text)).toEqual(data);
    expect(blobs[0].type).toBe('application/json');
  });
});
