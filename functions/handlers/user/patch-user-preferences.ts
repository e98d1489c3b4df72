// PATCH /api/user/preferences: the daily digest (e-mail on/off, SMS on/off, lead time), the push switches and the
// agent's time zone; the fields left out stay as they are. Answers the updated user.
import { reminderPreferencesSchema } from '@shared/reminder-prefs';
import { smsCountriesMessage } from '../../domain/phone-numbers';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { badRequest, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { setReminderPreferences } from '../../services/reminder-preferences';

export const SMS_PHONE_MESSAGE =
  'Your phone number cannot receive text messages: use a US or Canadian number, or start it with + and the country code.';

// The agent's own phone, for the digest's texts.
const REFUSALS = refusalAnswers<RefusalOf<typeof setReminderPreferences>>({
  'no-phone': () => badRequest(SMS_PHONE_MESSAGE, { sms: SMS_PHONE_MESSAGE }),
  'sms-country-not-allowed': ({ allowedCountries }) => {
    const message = smsCountriesMessage(allowedCountries);
    return badRequest(message, { sms: message }, 'SMS_COUNTRY_NOT_ALLOWED');
  },
  'not-found': () => notFound('Your account no longer exists.'),
});

export const handler = defineHandler(
  'user/patch-user-preferences',
  { body: reminderPreferencesSchema, refusals: REFUSALS },
  async ({ user, body }) => {
    const updated = await setReminderPreferences(user, body);
    return isRefusal(updated) ? updated : { body: updated };
  },
);
