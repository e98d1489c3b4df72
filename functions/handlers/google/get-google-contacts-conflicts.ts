// GET /api/google/contacts/conflicts: the fields both the agent and Google changed since the last contacts sync, each
// with both values (the client kept the agent's), newest first. Google Contacts must be on (409 otherwise).
import { isRefusal } from '../../domain/refusals';
import { refusalAnswers } from '../../http/errors';
import { GOOGLE_FEATURE_ANSWERS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { listContactConflicts, type ConflictsRefusal } from '../../services/google-contacts-conflicts';

export const handler = defineHandler(
  'google/get-google-contacts-conflicts',
  { refusals: refusalAnswers<ConflictsRefusal>(GOOGLE_FEATURE_ANSWERS) },
  async ({ user }) => {
    const listed = await listContactConflicts(user.id);
    return isRefusal(listed) ? listed : { body: listed };
  },
);
