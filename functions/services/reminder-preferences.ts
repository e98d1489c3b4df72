// The agent's daily digest (e-mail, SMS, lead time), push switches and time zone. Texts to the agent's own phone are
// switched on only for a number that can receive them.
import type { User } from '@shared/api-types';
import { config } from '../config';
import { updateReminderPreferences, type PreferenceChanges } from '../data/reminder-preferences';
import { toPublicUser, type UserItem } from '../data/users';
import { textDestination } from '../domain/phone-numbers';
import type { NoPhone, NotFound, SmsCountryNotAllowed } from '../domain/refusals';

/** Applies the changes sent (the fields left out stay as they are); the agent as they are now. */
export async function setReminderPreferences(
  agent: Pick<UserItem, 'id' | 'phone'>,
  changes: PreferenceChanges,
): Promise<User | NoPhone | SmsCountryNotAllowed | NotFound<'account'>> {
  if (changes.sms === true) {
    const { smsAllowedCountries } = config();
    const destination = textDestination(agent.phone, smsAllowedCountries);
    if (!destination.ok)
      return destination.reason === 'country'
        ? { kind: 'sms-country-not-allowed', allowedCountries: smsAllowedCountries }
        : { kind: 'no-phone' };
  }
  const updated = await updateReminderPreferences(agent.id, changes);
  return updated ? toPublicUser(updated) : { kind: 'not-found', what: 'account' };
}
