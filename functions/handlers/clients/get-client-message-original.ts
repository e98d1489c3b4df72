// GET /api/clients/{id}/messages/{messageId}/original: an e-mail reply of one of the agent's clients as it arrived
// (the raw RFC 5322 mail SES stored), as a link valid a few minutes that downloads reply.eml. The activity shows only
// the new text; this is the whole of it. Another agent's client or message is a 404.
import type { MessageOriginal } from '@shared/api-types';
import { actorOf, clientFor } from '../../data/client-access';
import { getMessage } from '../../data/messages';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { inboundEmailLink, isInboundEmailKey } from '../../integrations/inbound-mail';

/** Our message ids (random, base64url); anything else names no message. */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const handler = defineHandler('clients/get-client-message-original', {}, async ({ user, params }) => {
  const client = await clientFor(actorOf(user), params.id ?? '');
  if (!client) throw notFound('Client not found');
  const messageId = params.messageId ?? '';
  const message = MESSAGE_ID.test(messageId) ? await getMessage(client.id, messageId) : undefined;
  if (!message || message.agentId !== user.id) throw notFound('Message not found');
  if (!message.rawKey || !isInboundEmailKey(message.rawKey)) throw notFound('This message has no original e-mail');
  const body: MessageOriginal = await inboundEmailLink(message.rawKey, new Date());
  return { body };
});
