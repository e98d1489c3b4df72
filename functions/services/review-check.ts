// Checking whether a client left the agent a Google review: the client's name looked for among the reviews Google
// shows for the agent's Place ID (functions/domain/review-match.ts); a review found marks the client submitted through
// the client record and awards the milestone. Each check is a paid Places call: a generous cap per agent keeps a
// stuck button from running up the bill.
import type { ReviewCheck } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { setReviewStatus } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import { toClient, type ClientItem } from '../data/clients';
import type { UserItem } from '../data/users';
import type { NotFound, RateLimited } from '../domain/refusals';
import { findClientReview } from '../domain/review-match';
import {
  fetchPlaceReviews,
  GOOGLE_REVIEW_SAMPLE,
  ReviewProviderError,
  reviewsConfigured,
  type PlaceReviews,
} from '../integrations/reviews';
import { awardDueMilestones } from './milestones';
import { overLimit } from './rate-limits';

export const CHECKS_PER_HOUR = 60;

export const REVIEW_CHECK_MESSAGES = {
  notConfigured:
    'Review checking is not set up yet: the administrator needs to add a Google Places API key (GOOGLE_PLACES_API_KEY).',
  noPlaceId: 'Add your Google Place ID in your Business Profile so reviews can be looked up on Google.',
} as const;

/**
 * What the check found, said in a sentence (also when it cannot look: not set up, no Place ID, an unknown Place ID),
 * or why it does not look. The provider's other failures are thrown (ReviewProviderError).
 */
export async function checkClientReview(
  user: UserItem,
  clientId: string,
  now = new Date(),
): Promise<ReviewCheck | NotFound<'client'> | RateLimited<'review-checks'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  const answer = (hasReview: boolean, message: string, item: ClientItem = client): ReviewCheck => ({
    hasReview,
    message,
    client: toClient(item),
  });
  if (!(await reviewsConfigured())) return answer(false, REVIEW_CHECK_MESSAGES.notConfigured);
  if (!user.googlePlaceId) return answer(false, REVIEW_CHECK_MESSAGES.noPlaceId);
  const limited = await overLimit('review-checks', {
    scope: 'review-check',
    id: user.id,
    max: CHECKS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (limited) return limited;

  const place = await fetchPlaceReviews(user.googlePlaceId).catch(placeIdProblemOr);
  if (typeof place === 'string') return answer(false, place);
  const submitted = client.reviewStatus === 'submitted';
  const review = findClientReview(client.name, place.reviews);
  if (review && !submitted) {
    const result = await setReviewStatus(user.id, client.id, 'submitted', now, {
      known: client,
      timeZone: user.timeZone,
    });
    if (!result) return { kind: 'not-found', what: 'client' };
    await awardDueMilestones(result.after, todayIn(user.timeZone));
    return answer(
      true,
      `Found a Google review by ${review.authorName}. ${client.name}'s review is now marked as submitted.`,
      result.after,
    );
  }
  if (review) return answer(true, `${client.name}'s Google review (by ${review.authorName}) is already recorded.`);
  return answer(submitted, notFoundMessage(client.name, place, submitted));
}

/**
 * An unknown Place ID is the agent's to fix: said as an answer; the rest are provider errors (the handler's
 * REVIEW_PROVIDER_ERRORS).
 */
function placeIdProblemOr(error: unknown): string {
  if (error instanceof ReviewProviderError && error.reason === 'place-id') return error.message;
  throw error;
}

function notFoundMessage(name: string, place: PlaceReviews, submitted: boolean): string {
  const checked =
    place.reviews.length === 0
      ? 'Google shows no reviews for your business yet.'
      : `Checked the ${place.reviews.length} most relevant ${place.reviews.length === 1 ? 'review' : 'reviews'} Google shares for your business (Google shares at most ${GOOGLE_REVIEW_SAMPLE}), and none is by ${name}.`;
  const caveat = submitted
    ? ` ${name}'s review stays marked as submitted: it may simply not be among the ones Google shares.`
    : place.reviews.length > 0
      ? ` An older review may not be among them, and Google shows the name on the reviewer's Google account, which may differ from ${name}.`
      : '';
  return `${checked}${caveat}`;
}
