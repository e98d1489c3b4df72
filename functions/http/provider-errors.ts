// The answers for Google reviews or e-mail failing: a clear 502/503 message, never a 500 with
// nothing to say. (Payments have their own, in payment-errors.ts, so these bundles stay without Stripe.)
import { MailError } from '../integrations/mail';
import { ReviewProviderError } from '../integrations/reviews';
import { HttpError, serviceUnavailable } from './errors';

/** Maps a Google failure to its answer (the agent's own Place ID problem is answered by the caller). */
export function reviewProviderError(error: unknown): never {
  if (error instanceof ReviewProviderError) {
    if (error.reason === 'key') throw new HttpError(502, error.message, { code: 'REVIEWS_PROVIDER_REFUSED' });
    if (error.reason === 'quota') throw serviceUnavailable(error.message, 60);
    if (error.reason === 'timeout' || error.reason === 'unavailable') throw serviceUnavailable(error.message, 5);
    throw new HttpError(502, error.message, { code: 'REVIEWS_PROVIDER_ERROR' });
  }
  throw error;
}

export function mailError(error: unknown): never {
  if (error instanceof MailError) throw new HttpError(502, 'The e-mail could not be sent. Please try again in a moment.', { code: 'MAIL_FAILED' });
  throw error;
}
