// POST /api/clients/{id}/request-review: e-mails (and texts, when possible) the client a note with
// Google's write-a-review link for the agent's Place ID; status requested. At most once a week.
import type { ReviewRequestResult } from '../../../shared/api-types';
import { toClient } from '../../data/clients';
import { releaseSend, reserveSend } from '../../data/outbound-caps';
import { markReviewRequested, undoReviewRequest } from '../../data/review-requests';
import { sendReviewRequest } from '../../integrations/review-request';
import { writeReviewUrl } from '../../integrations/reviews';
import { requireVerifiedSender } from '../../http/email-verification';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { MAIL_ERRORS } from '../../http/provider-errors';
import { reserveDailySend } from '../../http/send-limits';

export const REVIEW_REQUEST_INTERVAL_DAYS = 7;
const INTERVAL_MS = REVIEW_REQUEST_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

export const REVIEW_REQUEST_MESSAGES = {
  noPlaceId: 'Add your Google Place ID in your Business Profile first: the request links to your business on Google.',
} as const;

const longDate = (iso: string, timeZone: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });

export const handler = defineHandler('clients/post-client-review-request', { errors: MAIL_ERRORS }, async ({ user, params }) => {
  requireVerifiedSender(user);
  if (!user.googlePlaceId) throw badRequest(REVIEW_REQUEST_MESSAGES.noPlaceId, undefined, 'PLACE_ID_REQUIRED');
  const slot = await reserveDailySend(user, 'email');
  const now = new Date();
  const mark = await markReviewRequested(user.id, params.id ?? '', INTERVAL_MS, now);
  if (mark.outcome !== 'marked') await releaseSend(slot); // refused below: nothing is sent
  if (mark.outcome === 'no-such-client') throw notFound('Client not found');
  if (mark.outcome === 'already-submitted') throw conflict('This client has already left a review.');
  if (mark.outcome === 'too-soon') {
    const nextAt = new Date(Date.parse(mark.lastRequestedAt) + INTERVAL_MS);
    throw tooManyRequests(
      `A review was already requested on ${longDate(mark.lastRequestedAt, user.timeZone)}. You can ask again from ${longDate(nextAt.toISOString(), user.timeZone)} (at most once a week).`,
      (nextAt.getTime() - now.getTime()) / 1000,
    );
  }
  const { before, after } = mark;
  const delivery = await sendReviewRequest(after, user, writeReviewUrl(user.googlePlaceId), () => reserveSend(user.id, 'sms', now)).catch(async (error: unknown) => {
    await undoReviewRequest(before, now.toISOString());
    await releaseSend(slot);
    throw error;
  });
  const message = delivery.texted
    ? `Review request sent to ${after.name} by e-mail and text message.`
    : `Review request sent to ${after.name} by e-mail${delivery.smsProblem === 'text messages are not set up' ? '' : ` (no text message: ${delivery.smsProblem})`}.`;
  return { body: { client: toClient(after), emailed: true, texted: delivery.texted, message } satisfies ReviewRequestResult };
});
