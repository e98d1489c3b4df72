// POST /api/clients/{id}/request-review: e-mails (and texts, when possible) the client a note with
// Google's write-a-review link for the agent's Place ID; status requested. At most once a week. The e-mail and the
// text pass every check of the agent's own messages (unsubscribe, bounces, consent, quiet hours).
import type { ReviewRequestResult } from '@shared/api-types';
import { toClient } from '../../data/clients';
import { isRefusal } from '../../domain/refusals';
import { badRequest, conflict, notFound, refusalAnswers, secondsUntil, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { MAIL_ERRORS } from '../../http/provider-errors';
import { DESTINATION_ANSWERS, SEND_FAILED_ANSWERS, SENDER_ANSWERS } from '../../http/send-refusals';
import { requestReview, type ReviewRequestRefusal } from '../../services/review-requests';

export { REVIEW_REQUEST_INTERVAL_DAYS } from '../../services/review-requests';

export const REVIEW_REQUEST_MESSAGES = {
  noPlaceId: 'Add your Google Place ID in your Business Profile first: the request links to your business on Google.',
} as const;

const longDate = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });

const REFUSALS = refusalAnswers<ReviewRequestRefusal>({
  ...SENDER_ANSWERS,
  ...DESTINATION_ANSWERS,
  ...SEND_FAILED_ANSWERS,
  'place-id-required': () => badRequest(REVIEW_REQUEST_MESSAGES.noPlaceId, undefined, 'PLACE_ID_REQUIRED'),
  'not-found': () => notFound('Client not found'),
  'already-reviewed': () => conflict('This client has already left a review.'),
  'too-soon': ({ lastRequestedAt, nextAt, timeZone }) =>
    tooManyRequests(
      `A review was already requested on ${longDate(lastRequestedAt, timeZone)}. You can ask again from ${longDate(nextAt, timeZone)} (at most once a week).`,
      secondsUntil(nextAt),
    ),
});

export const handler = defineHandler(
  'clients/post-client-review-request',
  { errors: MAIL_ERRORS, refusals: REFUSALS },
  async ({ user, params }) => {
    const requested = await requestReview(user, params.id ?? '');
    if (isRefusal(requested)) return requested;
    const { client: after, delivery } = requested;
    const message = delivery.texted
      ? `Review request sent to ${after.name} by e-mail and text message.`
      : delivery.textAt
        ? `Review request sent to ${after.name} by e-mail; the text message goes at 8:00 in the client's time zone.`
        : `Review request sent to ${after.name} by e-mail${delivery.smsProblem === 'text messages are not set up' ? '' : ` (no text message: ${delivery.smsProblem})`}.`;
    return {
      body: { client: toClient(after), emailed: true, texted: delivery.texted, message } satisfies ReviewRequestResult,
    };
  },
);
