// POST /api/outgoing/{id}/snooze: a message waiting for approval leaves Today until 8:00 tomorrow in
// the agent's zone (still waiting); repeated, it is put off from now again.
import type { RefusalOf } from '../../domain/refusals';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { snoozeOutgoing } from '../../services/outgoing';

const REFUSALS = refusalAnswers<RefusalOf<typeof snoozeOutgoing>>({
  'not-found': () => notFound('Message not found'),
  'not-awaiting': () =>
    new HttpError(409, 'Only a message waiting for your approval can be snoozed.', { code: 'NOT_AWAITING' }),
});

export const handler = defineRecordHandler('outgoing/post-outgoing-snooze', { refusals: REFUSALS }, snoozeOutgoing);
