// Asking a client for a review: a verified agent with a Google Place ID or a connected Business Profile location, at
// most once a week per client (one conditional write). The request carries the client's tracked link
// ({APP_URL}/r/{token}), which records the opening and goes on to Google's write-a-review page. It goes as the agent's
// own messages do (services/messages.ts), with the same checks: the e-mail needs an address that neither unsubscribed
// nor bounced and carries the unsubscribe link and headers; the text, when one can go, needs the client's consent and
// waits for their 8:00 outside 8:00–21:00. The request is marked by the client record's conditional write, so two
// clicks at once send one. If the e-mail fails, the status goes back (the client record counts the request when it is
// marked and uncounts it when it is withdrawn).
import { actorOf, clientFor } from '../data/client-access';
import { changeClient } from '../client-record/record';
import type { ClientItem } from '../data/clients';
import type { UserItem } from '../data/users';
import { smsCountriesPhrase } from '../domain/phone-numbers';
import {
  isRefusal,
  type AlreadyReviewed,
  type EmailDestinationRefusal,
  type EmailUnverified,
  type SendCapRefusal,
  type SendFailed,
  type NotFound,
  type PlaceIdRequired,
  type RefusalOf,
  type TooSoon,
} from '../domain/refusals';
import { reviewRequestEmail, reviewRequestText } from '../integrations/review-request';
import { getConnection } from '../data/google-connections';
import { reviewLinkFor } from './review-links';
import { unverifiedSender } from './email-verification';
import { emailDestination, sendClientEmail, sendClientText } from './messages';

export const REVIEW_REQUEST_INTERVAL_DAYS = 7;
const INTERVAL_MS = REVIEW_REQUEST_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

/** Whether the text went, was held for the client's 8:00 (`textAt`), or why not (`smsProblem`). */
export type ReviewRequestDelivery = { texted: boolean; textAt?: string; smsProblem?: string };

/** Why a review request does not go. */
export type ReviewRequestRefusal =
  | EmailUnverified
  | PlaceIdRequired
  | SendCapRefusal
  | NotFound<'client'>
  | AlreadyReviewed
  | TooSoon
  | EmailDestinationRefusal
  | SendFailed<'email'>;

/** The request sent (the client as it is now, and whether a text went too), or why not. */
export async function requestReview(
  agent: UserItem,
  clientId: string,
  now = new Date(),
): Promise<{ client: ClientItem; delivery: ReviewRequestDelivery } | ReviewRequestRefusal> {
  const unverified = unverifiedSender(agent);
  if (unverified) return unverified;
  if (!agent.googlePlaceId && !(await getConnection(agent.id))?.locationName) return { kind: 'place-id-required' };
  const client = await clientFor(actorOf(agent), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  // The address first, as for a message: no request is marked for a client it cannot reach.
  const to = await emailDestination(client);
  if (isRefusal(to)) return to;
  const mark = await markReviewRequested(agent.id, client.id, INTERVAL_MS, now, agent.timeZone, client);
  if (mark.outcome === 'no-such-client') return { kind: 'not-found', what: 'client' };
  if (mark.outcome === 'already-submitted') return { kind: 'already-reviewed' };
  if (mark.outcome === 'too-soon') {
    const nextAt = new Date(Date.parse(mark.lastRequestedAt) + INTERVAL_MS).toISOString();
    return { kind: 'too-soon', lastRequestedAt: mark.lastRequestedAt, nextAt, timeZone: agent.timeZone };
  }
  const { before, after } = mark;
  const reviewUrl = await reviewLinkFor(agent.id, after.id, now);
  const email = reviewRequestEmail(after.name, agent, reviewUrl);
  const withdraw = () => undoReviewRequest(before, after.reviewRequestedAt ?? now.toISOString(), agent.timeZone);
  const mailed = await sendClientEmail(
    agent,
    after,
    { channel: 'email', subject: email.subject, body: email.body, occasion: 'review-request' },
    now,
    email.html,
  ).catch(async (error: unknown) => {
    await withdraw();
    throw error;
  });
  if (isRefusal(mailed)) {
    await withdraw();
    return mailed;
  }
  const texted = await sendClientText(
    agent,
    after,
    { channel: 'sms', body: reviewRequestText(after.name, agent, reviewUrl), occasion: 'review-request' },
    now,
  );
  if (isRefusal(texted)) return { client: after, delivery: { texted: false, smsProblem: textProblem(texted) } };
  const delivery: ReviewRequestDelivery =
    texted.status === 'sent' ? { texted: true } : { texted: false, textAt: texted.sendAt };
  return { client: after, delivery };
}

/** Why the request's text did not go, as the answer's `smsProblem` says it. */
function textProblem(refusal: RefusalOf<typeof sendClientText>): string {
  switch (refusal.kind) {
    case 'sms-unavailable':
      return 'text messages are not set up';
    case 'no-sms-consent':
      return 'the client has not agreed to receive text messages';
    case 'opted-out':
      return 'the client opted out of text messages';
    case 'no-phone':
      return 'the phone number cannot receive text messages';
    case 'sms-country-not-allowed':
      return smsCountriesPhrase(refusal.allowedCountries);
    case 'sending-paused':
      return 'sending to clients is paused';
    case 'platform-limit':
      return `Hearthside's daily text limit for ${refusal.share === 'free' ? 'free and new' : 'all'} accounts was reached`;
    case 'daily-limit':
      return `you have sent today's limit of ${refusal.limit} text messages`;
    default:
      return 'the text message could not be sent';
  }
}

export type ReviewRequestMark =
  | { outcome: 'marked'; before: ClientItem; after: ClientItem }
  | { outcome: 'too-soon'; lastRequestedAt: string }
  | { outcome: 'already-submitted' }
  | { outcome: 'no-such-client' };

/**
 * Marks the client asked for a review now: refused when they reviewed, or were asked within `minIntervalMs`. `known`,
 * the client as the caller just read it, spares a read (the write holds only if it is still the stored one).
 */
export async function markReviewRequested(
  agentId: string,
  clientId: string,
  minIntervalMs: number,
  now = new Date(),
  timeZone?: string,
  known?: ClientItem,
): Promise<ReviewRequestMark> {
  const change = await changeClient(
    agentId,
    clientId,
    { kind: 'request-review', minIntervalMs },
    { now, timeZone, known },
  );
  switch (change.kind) {
    case 'changed':
      return { outcome: 'marked', before: change.before, after: change.after };
    case 'too-soon':
      return { outcome: 'too-soon', lastRequestedAt: change.lastRequestedAt };
    case 'already-submitted':
      return { outcome: 'already-submitted' };
    case 'not-found':
    case 'unchanged':
    case 'opted-out':
    case 'tags-full':
      return { outcome: 'no-such-client' };
  }
}

/** Puts back what a request changed when it could not be sent (only if nothing changed since). */
export async function undoReviewRequest(before: ClientItem, requestedAt: string, timeZone?: string): Promise<void> {
  const previous = {
    reviewStatus: before.reviewStatus,
    reviewRequestedAt: before.reviewRequestedAt,
    reviewLinkOpenedAt: before.reviewLinkOpenedAt,
  };
  await changeClient(
    before.agentId,
    before.id,
    { kind: 'withdraw-review-request', requestedAt, previous },
    { timeZone },
  );
}
