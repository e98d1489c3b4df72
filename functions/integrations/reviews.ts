// Google reviews of the agent's business: Places API (New) Place Details with the reviews field
// mask. Google returns at most five reviews, the ones it finds most relevant; complete lists need
// the Business Profile API with the owner's OAuth, which this app does not ask for.
import { googlePlacesApiKey } from '../config';

export type PlaceReview = { authorName: string; publishTime?: string; rating?: number };
export type PlaceReviews = { reviews: PlaceReview[]; writeReviewUrl?: string };

/** Why Google could not answer: `place-id` is the agent's to fix, the rest the administrator's or Google's. */
export type ReviewProviderReason = 'place-id' | 'key' | 'quota' | 'timeout' | 'unavailable';

export class ReviewProviderError extends Error {
  override name = 'ReviewProviderError';
  constructor(
    readonly reason: ReviewProviderReason,
    message: string,
  ) {
    super(message);
  }
}

/** The most reviews Place Details returns. */
export const GOOGLE_REVIEW_SAMPLE = 5;
const PLACES_URL = 'https://places.googleapis.com/v1/places/';

/**
 * Whether a Places API key is there; when it cannot be read, answer as configured and let the check report Google's
 * kind of failure.
 */
export const reviewsConfigured = async (): Promise<boolean> => Boolean(await googlePlacesApiKey().catch(() => true));

/** Google's documented write-a-review link for a place. */
export function writeReviewUrl(placeId: string): string {
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
}

type GoogleReview = { authorAttribution?: { displayName?: unknown }; publishTime?: unknown; rating?: unknown };
type GooglePlace = { reviews?: GoogleReview[]; googleMapsLinks?: { writeAReviewUri?: unknown } };
type GoogleError = {
  error?: { code?: number; message?: string; status?: string; details?: Array<{ reason?: string }> };
};

/** The reviews Google shows for the place. Throws ReviewProviderError; never hangs longer than the timeout. */
export async function fetchPlaceReviews(
  placeId: string,
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<PlaceReviews> {
  const key = await googlePlacesApiKey().catch(() => {
    throw new ReviewProviderError('unavailable', 'The Google key could not be read. Please try again in a moment.');
  });
  if (!key)
    throw new ReviewProviderError(
      'key',
      'Review checking is not set up: the administrator needs to set GOOGLE_PLACES_API_KEY (in AWS: the Google secret).',
    );
  let response: Response;
  try {
    response = await fetch(`${PLACES_URL}${encodeURIComponent(placeId)}`, {
      headers: { 'X-Goog-Api-Key': key, 'X-Goog-FieldMask': 'reviews,googleMapsLinks' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ReviewProviderError('timeout', 'Google did not answer in time. Please try again in a moment.');
    }
    throw new ReviewProviderError('unavailable', 'Google could not be reached. Please try again in a moment.');
  }
  const body = (await response.json().catch(() => ({}))) as GooglePlace & GoogleError;
  if (!response.ok) throw refusal(response.status, body);
  const reviews = (Array.isArray(body.reviews) ? body.reviews : []).flatMap((review): PlaceReview[] => {
    const authorName = review.authorAttribution?.displayName;
    if (typeof authorName !== 'string' || !authorName.trim()) return [];
    return [
      {
        authorName,
        ...(typeof review.publishTime === 'string' ? { publishTime: review.publishTime } : {}),
        ...(typeof review.rating === 'number' ? { rating: review.rating } : {}),
      },
    ];
  });
  const link = body.googleMapsLinks?.writeAReviewUri;
  return { reviews, ...(typeof link === 'string' && link.startsWith('https://') ? { writeReviewUrl: link } : {}) };
}

function refusal(status: number, body: GoogleError): ReviewProviderError {
  const google = body.error ?? {};
  const reasons = (google.details ?? []).map((d) => d.reason);
  const said = google.message ? ` Google said: "${google.message}"` : '';
  if (status === 429)
    return new ReviewProviderError(
      'quota',
      'Google is limiting review checks right now (quota reached). Please try again later.',
    );
  if (
    status === 403 ||
    status === 401 ||
    reasons.some((r) => r === 'API_KEY_INVALID' || r === 'API_KEY_SERVICE_BLOCKED')
  ) {
    return new ReviewProviderError(
      'key',
      `Google refused the review check: the administrator should check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled.${said}`,
    );
  }
  if (status === 404 || status === 400) {
    return new ReviewProviderError(
      'place-id',
      `Google does not recognise your Google Place ID. Check it in your business profile.${said}`,
    );
  }
  return new ReviewProviderError(
    'unavailable',
    `Google could not answer the review check (HTTP ${status}). Please try again in a moment.`,
  );
}
