// POST /api/clients/{id}/request-review: e-mails (and texts, when possible) the client a note with
// Google's write-a-review link for the agent's Place ID; status requested. At most once a week.
import type { ReviewRequestResult } from '@shared/api-types';
import { toClient } from '../../data/clients';
import { defineHandler } from '../../http/handler';
import { MAIL_ERRORS } from '../../http/provider-errors';
import { requestReview } from '../../services/review-requests';

export { REVIEW_REQUEST_INTERVAL_DAYS, REVIEW_REQUEST_MESSAGES } from '../../services/review-requests';

export const handler = defineHandler(
  'clients/post-client-review-request',
  { errors: MAIL_ERRORS },
  async ({ user, params }) => {
    const { client: after, delivery } = await requestReview(user, params.id ?? '');
    const message = delivery.texted
      ? `Review request sent to ${after.name} by e-mail and text message.`
      : `Review request sent to ${after.name} by e-mail${delivery.smsProblem === 'text messages are not set up' ? '' : ` (no text message: ${delivery.smsProblem})`}.`;
    return {
      body: { client: toClient(after), emailed: true, texted: delivery.texted, message } satisfies ReviewRequestResult,
    };
  },
);
