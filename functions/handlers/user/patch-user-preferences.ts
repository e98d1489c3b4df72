// PATCH /api/user/preferences: the daily digest (e-mail on/off, SMS on/off, lead time), the push switches and the
// agent's time zone; the fields left out stay as they are. Answers the updated user.
import { reminderPreferencesSchema } from '@shared/reminder-prefs';
import { updateReminderPreferences } from '../../data/reminder-preferences';
import { toPublicUser } from '../../data/users';
import { config } from '../../config';
import { smsCountriesMessage, textDestination } from '../../domain/phone-numbers';
import { badRequest, notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const SMS_PHONE_MESSAGE =
  'Your phone number cannot receive text messages: use a US or Canadian number, or start it with + and the country code.';

export const handler = defineHandler(
  'user/patch-user-preferences',
  { body: reminderPreferencesSchema },
  async ({ user, body }) => {
    if (body.sms === true) {
      const destination = textDestination(user.phone, config().smsAllowedCountries);
      if (!destination.ok) {
        const message =
          destination.reason === 'country' ? smsCountriesMessage(config().smsAllowedCountries) : SMS_PHONE_MESSAGE;
        throw badRequest(
          message,
          { sms: message },
          destination.reason === 'country' ? 'SMS_COUNTRY_NOT_ALLOWED' : undefined,
        );
      }
    }
    const updated = await updateReminderPreferences(user.id, body);
    if (!updated) throw notFound('Your account no longer exists.');
    return { body: toPublicUser(updated) };
  },
);
