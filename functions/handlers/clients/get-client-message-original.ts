// GET /api/clients/{id}/messages/{messageId}/original: an e-mail reply of one of the agent's clients as it arrived
// (the raw RFC 5322 mail SES stored), as a link valid a few minutes that downloads reply.eml. The activity shows only
// the new text; this is the whole of it. Another agent's client or message is a 404.
import { isRefusal, type NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { originalEmailLink } from '../../services/client-activity';

const NOT_FOUND: Record<'client' | 'message' | 'original-email', string> = {
  client: 'Client not found',
  message: 'Message not found',
  'original-email': 'This message has no original e-mail',
};

const REFUSALS = refusalAnswers<NotFound<keyof typeof NOT_FOUND>>({
  'not-found': ({ what }) => notFound(NOT_FOUND[what]),
});

export const handler = defineHandler(
  'clients/get-client-message-original',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const link = await originalEmailLink(user, params.id ?? '', params.messageId ?? '');
    return isRefusal(link) ? link : { body: link };
  },
);
