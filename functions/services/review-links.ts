// The tracked review link of review requests ({APP_URL}/r/{token}, one per request): opening it goes on the client's
// record (and so the review funnel and the matcher's evidence), then on to Google's write-a-review page.
import { config } from '../config';
import { changeClient } from '../client-record/record';
import { getConnection } from '../data/google-connections';
import { getReviewLink, putReviewLink } from '../data/review-links';
import { getUserById } from '../data/users';
import { randomId } from '../domain/signed-tokens';
import { writeReviewUrl } from '../integrations/reviews';

/** Where a review link goes when the agent has neither a connected location nor a Place ID. */
const GOOGLE_MAPS = 'https://www.google.com/maps';

/** The tracked link a review request carries for this client: `{APP_URL}/r/{token}`. */
export async function reviewLinkFor(agentId: string, clientId: string, now = new Date()): Promise<string> {
  const token = randomId(16);
  await putReviewLink(token, agentId, clientId, now);
  return `${config().appUrl}/r/${token}`;
}

/**
 * A client opened their review link: the opening goes on the client's record (and so the review funnel), and the
 * browser goes on to the location's write-a-review page, or the Places one when the agent has not connected.
 */
export async function openReviewLink(token: string, now = new Date()): Promise<string | null> {
  const link = await getReviewLink(token);
  if (!link) return null;
  await changeClient(link.agentId, link.clientId, { kind: 'review-link-opened', at: now.toISOString() });
  const connection = await getConnection(link.agentId);
  const location = connection?.locations.find((l) => l.name === connection.locationName);
  if (location?.newReviewUri) return location.newReviewUri;
  const agent = await getUserById(link.agentId);
  return agent?.googlePlaceId ? writeReviewUrl(agent.googlePlaceId) : GOOGLE_MAPS;
}
