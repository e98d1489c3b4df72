// POST /api/conversations/{clientId}/read: the agent opened the conversation; it leaves the unread count. Repeated,
// it answers the same.
import { isId } from '@shared/schemas';
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { readConversation } from '../../services/conversations';

const REFUSALS = refusalAnswers<RefusalOf<typeof readConversation>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineRecordHandler(
  'conversations/post-conversation-read',
  { refusals: REFUSALS, param: 'clientId' },
  async (user, clientId) =>
    isId(clientId) ? readConversation(user, clientId) : ({ kind: 'not-found', what: 'client' } as const),
);
