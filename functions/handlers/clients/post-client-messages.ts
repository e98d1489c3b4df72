// POST /api/clients/{id}/messages: sends the agent's message to the client by e-mail or text (201
// sent), or schedules a text for the next 8:00 in the client's zone (202 scheduled). Verified
// agents only, within the daily caps; opted-out, bounced and unreachable channels are refused.
import { messageSchema } from '@shared/messages';
import { isRefusal } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { DESTINATION_ANSWERS, SEND_FAILED_ANSWERS, SENDER_ANSWERS } from '../../http/send-refusals';
import { sendClientMessage, type SendRefusal } from '../../services/messages';

const REFUSALS = refusalAnswers<SendRefusal>({
  ...SENDER_ANSWERS,
  ...DESTINATION_ANSWERS,
  ...SEND_FAILED_ANSWERS,
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler(
  'clients/post-client-messages',
  { body: messageSchema, refusals: REFUSALS },
  async ({ user, params, body }) => {
    const sent = await sendClientMessage(user, params.id ?? '', body);
    if (isRefusal(sent)) return sent;
    return { status: sent.status === 'scheduled' ? 202 : 201, body: sent };
  },
);
