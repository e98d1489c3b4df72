// PATCH /api/user/preferences: the daily digest settings and the time zone; the answer is the
// updated user, which replaces the cached one.
import type { User } from '@shared/api-types';
import type { ReminderPreferencesInput } from '@shared/reminder-prefs';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedUser } from '@/lib/auth';

export const REMINDER_PREFERENCES_URL = '/api/user/preferences';

export function updateReminderPreferences(input: ReminderPreferencesInput): Promise<User> {
  return api.patch<User>(REMINDER_PREFERENCES_URL, input);
}

export function useUpdateReminderPreferences() {
  return useApiMutation(REMINDER_PREFERENCES_URL, updateReminderPreferences, replaceCachedUser);
}
