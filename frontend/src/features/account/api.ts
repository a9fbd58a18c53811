import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { saveBlob } from '../../lib/save-blob';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts).
export type PasswordChange = components['schemas']['PasswordChange'];
/** The account, subscription, invoices, and the projects with their tasks and documents. */
export type AccountExport = components['schemas']['AccountExport'];

/** Keeps this session; every other session of the user is signed out. */
export const changePassword = (input: PasswordChange): Promise<void> =>
  ok(client.POST('/api/password/change/', { body: input }));

/** Revokes every session of the user, this one included. */
export const logoutEverywhere = (): Promise<void> => ok(client.POST('/api/logout-all/'));

export const exportAccount = (): Promise<AccountExport> => ok(client.GET('/api/account/export/'));

/** Cancels the subscription and deletes the account with all of its data. */
export const deleteAccount = (password: string): Promise<void> =>
  ok(client.DELETE('/api/account/', { body: { password } }));

export const EXPORT_FILE_NAME = 'buildledger-data.json';

/** Fetches the export and saves it as buildledger-data.json. */
export async function downloadAccountData(): Promise<void> {
  const data = await exportAccount();
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), EXPORT_FILE_NAME);
}
