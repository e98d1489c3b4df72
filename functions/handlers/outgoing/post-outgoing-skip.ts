// POST /api/outgoing/{id}/skip: drops a message waiting for approval or scheduled (its daily-cap
// slot goes back); it stays in the client's activity as skipped. Repeated, it answers the same.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { idempotent } from '../../http/idempotency';
import { skipOutgoing } from '../../services/outgoing';

const REFUSALS = refusalAnswers<RefusalOf<typeof skipOutgoing>>({
  'not-found': () => notFound('Message not found'),
  'not-awaiting': () => new HttpError(409, 'This message can no longer be skipped.', { code: 'NOT_AWAITING' }),
});

export const handler = defineHandler(
  'outgoing/post-outgoing-skip',
  { refusals: REFUSALS },
  idempotent(async ({ user, params }) => {
    const skipped = await skipOutgoing(user, params.id ?? '');
    return isRefusal(skipped) ? skipped : { body: skipped };
  }),
);
