// PATCH /api/user/preferences: the daily digest (e-mail on/off, SMS on/off, lead time) and the
// agent's time zone; the fields left out stay as they are. Answers the updated user.
import { reminderPreferencesSchema } from '../../../shared/reminder-prefs';
import { updateReminderPreferences } from '../../data/reminder-preferences';
import { toPublicUser } from '../../data/users';
import { phoneToE164 } from '../../domain/phone-numbers';
import { badRequest, notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const SMS_PHONE_MESSAGE =
  'Your phone number cannot receive text messages: use a US or Canadian number, or start it with + and the country code.';

export const handler = defineHandler('user/patch-user-preferences', { body: reminderPreferencesSchema }, async ({ user, body }) => {
  if (body.sms === true && !phoneToE164(user.phone)) throw badRequest(SMS_PHONE_MESSAGE, { sms: SMS_PHONE_MESSAGE });
  const updated = await updateReminderPreferences(user.id, body);
  if (!updated) throw notFound('Your account no longer exists.');
  return { body: toPublicUser(updated) };
});
