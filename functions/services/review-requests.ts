// Asking a client for a review: a verified agent with a Google Place ID or a connected Business Profile location,
// within the daily e-mail cap, at most once a week per client (one conditional write). The request carries the
// client's tracked link ({APP_URL}/r/{token}), which records the opening and goes on to Google's write-a-review page.
// The e-mail goes out (and a text when possible, within the SMS cap); if the e-mail fails the status and the send are
// given back (the client record counts the request when it is marked and uncounts it when it is withdrawn).
import { releaseSend } from '../data/outbound-caps';
import { markReviewRequested, undoReviewRequest } from '../data/review-requests';
import type { ClientItem } from '../data/clients';
import type { UserItem } from '../data/users';
import {
  isRefusal,
  type AlreadyReviewed,
  type EmailUnverified,
  type SendCapRefusal,
  type NotFound,
  type PlaceIdRequired,
  type TooSoon,
} from '../domain/refusals';
import { replyToFor } from './reply-addresses';
import { sendReviewRequest, type ReviewRequestDelivery } from '../integrations/review-request';
import { getConnection } from '../data/google-reviews';
import { reviewLinkFor } from './review-links';
import { unverifiedSender } from './email-verification';
import { reserveDailySend } from './send-limits';

export const REVIEW_REQUEST_INTERVAL_DAYS = 7;
const INTERVAL_MS = REVIEW_REQUEST_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

/** Why a review request does not go. */
export type ReviewRequestRefusal =
  EmailUnverified | PlaceIdRequired | SendCapRefusal | NotFound<'client'> | AlreadyReviewed | TooSoon;

/** The request sent (the client as it is now, and whether a text went too), or why not. */
export async function requestReview(
  agent: UserItem,
  clientId: string,
  now = new Date(),
): Promise<{ client: ClientItem; delivery: ReviewRequestDelivery } | ReviewRequestRefusal> {
  const unverified = unverifiedSender(agent);
  if (unverified) return unverified;
  if (!agent.googlePlaceId && !(await getConnection(agent.id))?.locationName) return { kind: 'place-id-required' };
  const slot = await reserveDailySend(agent, 'email');
  if (isRefusal(slot)) return slot;
  const mark = await markReviewRequested(agent.id, clientId, INTERVAL_MS, now, agent.timeZone);
  if (mark.outcome !== 'marked') await releaseSend(slot); // refused below: nothing is sent
  if (mark.outcome === 'no-such-client') return { kind: 'not-found', what: 'client' };
  if (mark.outcome === 'already-submitted') return { kind: 'already-reviewed' };
  if (mark.outcome === 'too-soon') {
    const nextAt = new Date(Date.parse(mark.lastRequestedAt) + INTERVAL_MS).toISOString();
    return { kind: 'too-soon', lastRequestedAt: mark.lastRequestedAt, nextAt, timeZone: agent.timeZone };
  }
  const { before, after } = mark;
  const replyTo = await replyToFor(agent, after.id);
  const link = await reviewLinkFor(agent.id, clientId, now);
  const delivery = await sendReviewRequest({ ...after, replyTo }, agent, link, () =>
    reserveDailySend(agent, 'sms', now),
  ).catch(async (error: unknown) => {
    await undoReviewRequest(before, after.reviewRequestedAt ?? now.toISOString(), agent.timeZone);
    await releaseSend(slot);
    throw error;
  });
  return { client: after, delivery };
}
