// POST /api/admin/support/{id} { reply?, close? }: an administrator's reply (kept on the request and
// e-mailed to the agent) and/or closing it. A closed request takes no reply (409); closing it again
// answers it as it is.
import { isId } from '@shared/schemas';
import { SUPPORT_REPLIES_MAX, supportActionSchema } from '@shared/support';
import { isRefusal, type InvalidId } from '../../domain/refusals';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { INVALID_ID_ANSWERS } from '../../http/request-refusals';
import { actOnSupportRequest, type SupportActionRefusal } from '../../services/support';

export const SUPPORT_ERRORS = {
  notFound: 'Support request not found',
  closed: "This request is closed, so it can't take a reply. The agent can send a new request from their Help page.",
  full: `This request already has ${SUPPORT_REPLIES_MAX} replies, the most one request holds. Close it; the agent can send a new request from their Help page.`,
} as const;

const REFUSALS = refusalAnswers<InvalidId | SupportActionRefusal>({
  ...INVALID_ID_ANSWERS,
  'not-found': () => notFound(SUPPORT_ERRORS.notFound),
  'request-closed': () => new HttpError(409, SUPPORT_ERRORS.closed, { code: 'SUPPORT_REQUEST_CLOSED' }),
  'replies-full': () => new HttpError(409, SUPPORT_ERRORS.full, { code: 'SUPPORT_REPLIES_FULL' }),
  'changed-meanwhile': () =>
    new HttpError(409, 'This request changed while you were saving. Please try again.', { code: 'CONFLICT' }),
});

export const handler = defineHandler(
  'admin/post-admin-support',
  { body: supportActionSchema, refusals: REFUSALS },
  async ({ user, params, body, log }) => {
    if (!isId(params.id)) return { kind: 'invalid-id', what: 'support-request' };
    const update = await actOnSupportRequest(user, params.id, body, log);
    return isRefusal(update) ? update : { body: update };
  },
);
