// POST /api/outgoing/{id}/approve (optionally with the edited subject and body): sends the waiting
// message now, or schedules a text for 8:00 in the client's zone, as a message written by hand
// would go (verified sender, opt-outs, daily caps). Repeated, it answers what became of it.
import { approveSchema } from '@shared/automations';
import { isRefusal } from '../../domain/refusals';
import { badRequest, HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { idempotent } from '../../http/idempotency';
import { DESTINATION_ANSWERS, SEND_FAILED_ANSWERS, SENDER_ANSWERS } from '../../http/send-refusals';
import { approveOutgoing, type ApproveRefusal } from '../../services/outgoing';

const REFUSALS = refusalAnswers<ApproveRefusal>({
  ...SENDER_ANSWERS,
  ...DESTINATION_ANSWERS,
  ...SEND_FAILED_ANSWERS,
  'not-found': ({ what }) => notFound(what === 'client' ? 'Client not found' : 'Message not found'),
  'not-awaiting': () => new HttpError(409, 'This message can no longer be approved.', { code: 'NOT_AWAITING' }),
  'invalid-content': ({ problem, field }) => badRequest(problem, field ? { [field]: problem } : undefined),
});

export const handler = defineHandler(
  'outgoing/post-outgoing-approve',
  { body: approveSchema, refusals: REFUSALS },
  idempotent(async ({ user, params, body }) => {
    const approved = await approveOutgoing(user, params.id ?? '', body ?? {});
    return isRefusal(approved) ? approved : { body: approved };
  }),
);
