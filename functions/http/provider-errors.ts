// The answers for Google reviews or e-mail failing: a clear 502/503 message, never a 500 with
// nothing to say. (Payments have their own, in payment-errors.ts, so these bundles stay without Stripe.)
import { MailError } from '../integrations/mail';
import { ReviewProviderError } from '../integrations/reviews';
import { errorAnswer, HttpError, serviceUnavailable } from './errors';

/** A Google failure (the agent's own Place ID problem is answered by the handler). */
export const REVIEW_PROVIDER_ERRORS = [
  errorAnswer(ReviewProviderError, (error) => {
    if (error.reason === 'key') return new HttpError(502, error.message, { code: 'REVIEWS_PROVIDER_REFUSED' });
    if (error.reason === 'quota') return serviceUnavailable(error.message, 60);
    if (error.reason === 'timeout' || error.reason === 'unavailable') return serviceUnavailable(error.message, 5);
    return new HttpError(502, error.message, { code: 'REVIEWS_PROVIDER_ERROR' });
  }),
];

/** E-mail not sent; `message` says what was not sent when the route has its own words. */
export const mailErrors = (message = 'The e-mail could not be sent. Please try again in a moment.') => [
  errorAnswer(MailError, () => new HttpError(502, message, { code: 'MAIL_FAILED' })),
];

export const MAIL_ERRORS = mailErrors();
