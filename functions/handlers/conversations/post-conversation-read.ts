// POST /api/conversations/{clientId}/read: the agent opened the conversation; it leaves the unread count. Repeated,
// it answers the same.
import { isId } from '@shared/schemas';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { readConversation } from '../../services/conversations';

const REFUSALS = refusalAnswers<RefusalOf<typeof readConversation>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler(
  'conversations/post-conversation-read',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const clientId = params.clientId ?? '';
    const read = isId(clientId)
      ? await readConversation(user, clientId)
      : ({ kind: 'not-found', what: 'client' } as const);
    return isRefusal(read) ? read : { body: read };
  },
);
