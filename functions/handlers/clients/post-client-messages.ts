// POST /api/clients/{id}/messages: sends the agent's message to the client by e-mail or text (201
// sent), or schedules a text for the next 8:00 in the client's zone (202 scheduled). Verified
// agents only, within the daily caps; opted-out, bounced and unreachable channels are refused.
import { messageSchema } from '@shared/messages';
import { defineHandler } from '../../http/handler';
import { sendClientMessage } from '../../services/messages';

export const handler = defineHandler(
  'clients/post-client-messages',
  { body: messageSchema },
  async ({ user, params, body }) => {
    const outcome = await sendClientMessage(user, params.id ?? '', body);
    return { status: outcome.httpStatus, body: outcome.body };
  },
);
