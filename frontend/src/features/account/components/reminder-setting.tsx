import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getReminders, remindersKey, setReminders, type Reminders } from '../reminders-api';

export const REMINDER_OPTIONS: { value: Reminders; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly (Mondays)' },
  { value: 'off', label: 'Off' },
];
export const REMINDERS_SAVED = 'Saved.';

/** How often the reminder mail comes: what needs attention in the user's projects. */
export function ReminderSetting() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: remindersKey, queryFn: getReminders });
  const mutation = useMutation({
    mutationFn: setReminders,
    // The server's answer is the setting now.
    onSuccess: (answer) => qc.setQueryData(remindersKey, answer),
  });
  const value = query.data?.reminders ?? 'daily';

  return (
    <section className="card" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Reminders</h2>
      <p className="muted" id="reminders-help">
        A morning email listing what needs attention in your projects: tasks that should start this week or are late,
        inspections in the next two days, contractor insurance that expires soon, bids about to lapse and draws waiting
        on lien waivers. No email when there is nothing to say.
      </p>
      {query.isError && (
        <p className="form-error" role="alert">
          Could not load your reminder setting. Please try again.
        </p>
      )}
      {mutation.isError && (
        <p className="form-error" role="alert">
          {mutation.error.message || 'Could not save your reminder setting. Please try again.'}
        </p>
      )}
      <label htmlFor="reminders-select">Reminder emails</label>{' '}
      <select
        id="reminders-select"
        aria-describedby="reminders-help"
        value={value}
        disabled={query.isPending || mutation.isPending}
        onChange={(e) => mutation.mutate(e.target.value as Reminders)}
      >
        {REMINDER_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {mutation.isSuccess && (
        <span className="muted" role="status">
          {' '}
          {REMINDERS_SAVED}
        </span>
      )}
    </section>
  );
}
