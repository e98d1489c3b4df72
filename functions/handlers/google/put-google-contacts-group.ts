// PUT /api/google/contacts/group { enabled }: keep the "Hearthside clients" contact group in the agent's Google
// contacts (every client in it, created as a contact when not linked: caller ID and the phone's birthday reminders
// work), or stop keeping it (the group stays in Google as it is). Each contacts sync keeps it. Contacts must be on.
import { contactsGroupSchema } from '@shared/google';
import { isRefusal } from '../../domain/refusals';
import { refusalAnswers } from '../../http/errors';
import { GOOGLE_FEATURE_ANSWERS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { setClientsGroup } from '../../services/google-contacts-out';

export const handler = defineHandler(
  'google/put-google-contacts-group',
  { body: contactsGroupSchema, refusals: refusalAnswers(GOOGLE_FEATURE_ANSWERS) },
  async ({ user, body }) => {
    const set = await setClientsGroup(user.id, body.enabled);
    return isRefusal(set) ? set : { body: set };
  },
);
