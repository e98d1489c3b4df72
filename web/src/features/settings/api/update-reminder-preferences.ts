// PATCH /api/user/preferences: the daily digest settings and the time zone; the answer is the
// updated user, which replaces the cached one.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { User } from '../../../../../shared/api-types';
import type { ReminderPreferencesInput } from '../../../../../shared/reminder-prefs';
import { api } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/auth';

export const REMINDER_PREFERENCES_URL = '/api/user/preferences';

export function updateReminderPreferences(input: ReminderPreferencesInput): Promise<User> {
  return api.patch<User>(REMINDER_PREFERENCES_URL, input);
}

export function useUpdateReminderPreferences() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<User, Error, string, ReminderPreferencesInput>(REMINDER_PREFERENCES_URL, async (_url, { arg }) => {
    const user = await updateReminderPreferences(arg);
    await mutate(USER_KEY, user, { revalidate: false });
    return user;
  });
}
