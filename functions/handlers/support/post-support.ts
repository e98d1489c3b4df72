// POST /api/support: the agent's support request from the Help page, written with their plan at
// that moment (Pro requests are answered first), a few an hour, confirmed by e-mail. 201 with it.
import { supportRequestSchema } from '@shared/support';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { openSupportRequest } from '../../services/support';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const REFUSALS = refusalAnswers<RefusalOf<typeof openSupportRequest>>({
  'rate-limited': ({ max, retryAfterSeconds }) => {
    const wait = minutes(retryAfterSeconds);
    return tooManyRequests(
      `You have sent ${max} support requests this hour, and we have them all. You can send another in ${wait} ${wait === 1 ? 'minute' : 'minutes'}.`,
      retryAfterSeconds,
    );
  },
});

export const handler = defineHandler(
  'support/post-support',
  { body: supportRequestSchema, refusals: REFUSALS },
  async ({ user, body, log }) => {
    const ticket = await openSupportRequest(user, body, log);
    return isRefusal(ticket) ? ticket : { status: 201, body: ticket };
  },
);
