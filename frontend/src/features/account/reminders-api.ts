import { client, ok, publicClient } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts).
export type ReminderSetting = components['schemas']['ReminderSetting'];
export type Reminders = components['schemas']['ReminderFrequency'];

export const remindersKey = ['account', 'reminders'] as const;

export const getReminders = (): Promise<ReminderSetting> => ok(client.GET('/api/account/reminders/'));

export const setReminders = (reminders: Reminders): Promise<ReminderSetting> =>
  ok(client.PATCH('/api/account/reminders/', { body: { reminders } }));

/** The mail's one-click link, without a login: the token names the user. */
export const unsubscribeReminders = (token: string): Promise<ReminderSetting> =>
  ok(publicClient.POST('/api/reminders/unsubscribe/', { params: { query: { token } } }));
