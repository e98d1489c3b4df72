// Asking a client for a review: a verified agent with a Google Place ID, within the daily e-mail
// cap, at most once a week per client (one conditional write). The e-mail goes out (and a text
// when possible, within the SMS cap); if the e-mail fails the status and the send are given back (the client record
// counts the request when it is marked and uncounts it when it is withdrawn).
import { releaseSend, reserveSend } from '../data/outbound-caps';
import { markReviewRequested, undoReviewRequest } from '../data/review-requests';
import type { ClientItem } from '../data/clients';
import type { UserItem } from '../data/users';
import { badRequest, conflict, notFound, tooManyRequests } from '../http/errors';
import { sendReviewRequest, type ReviewRequestDelivery } from '../integrations/review-request';
import { writeReviewUrl } from '../integrations/reviews';
import { requireVerifiedSender } from './email-verification';
import { reserveDailySend } from './send-limits';

export const REVIEW_REQUEST_INTERVAL_DAYS = 7;
const INTERVAL_MS = REVIEW_REQUEST_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

export const REVIEW_REQUEST_MESSAGES = {
  noPlaceId: 'Add your Google Place ID in your Business Profile first: the request links to your business on Google.',
} as const;

const longDate = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });

export async function requestReview(
  agent: UserItem,
  clientId: string,
  now = new Date(),
): Promise<{ client: ClientItem; delivery: ReviewRequestDelivery }> {
  requireVerifiedSender(agent);
  if (!agent.googlePlaceId) throw badRequest(REVIEW_REQUEST_MESSAGES.noPlaceId, undefined, 'PLACE_ID_REQUIRED');
  const slot = await reserveDailySend(agent, 'email');
  const mark = await markReviewRequested(agent.id, clientId, INTERVAL_MS, now, agent.timeZone);
  if (mark.outcome !== 'marked') await releaseSend(slot); // refused below: nothing is sent
  if (mark.outcome === 'no-such-client') throw notFound('Client not found');
  if (mark.outcome === 'already-submitted') throw conflict('This client has already left a review.');
  if (mark.outcome === 'too-soon') {
    const nextAt = new Date(Date.parse(mark.lastRequestedAt) + INTERVAL_MS);
    throw tooManyRequests(
      `A review was already requested on ${longDate(mark.lastRequestedAt, agent.timeZone)}. You can ask again from ${longDate(nextAt.toISOString(), agent.timeZone)} (at most once a week).`,
      (nextAt.getTime() - now.getTime()) / 1000,
    );
  }
  const { before, after } = mark;
  const delivery = await sendReviewRequest(after, agent, writeReviewUrl(agent.googlePlaceId), () =>
    reserveSend(agent.id, 'sms', now),
  ).catch(async (error: unknown) => {
    await undoReviewRequest(before, after.reviewRequestedAt ?? now.toISOString(), agent.timeZone);
    await releaseSend(slot);
    throw error;
  });
  return { client: after, delivery };
}
