// The answers for Google Business Profile failing: Google's 429 a 429 with a retry time, its 403 (API access not
// approved, or the location not this Google account's) a 403 the agent can act on, a revoked grant a 409 asking to
// connect again; never a 500.
import { GOOGLE_FEATURE_LABELS } from '@shared/google';
import type { GoogleFeatureOff, GoogleNotConnected } from '../domain/refusals';
import { GoogleBusinessError } from '../integrations/google-business';
import { conflict, errorAnswer, HttpError, retryAfter, serviceUnavailable, type RefusalTable } from './errors';

/** A feature's routes (the contacts import and sync…) before Google is connected or the feature turned on. */
export const GOOGLE_FEATURE_ANSWERS: RefusalTable<GoogleNotConnected | GoogleFeatureOff> = {
  'google-not-connected': () => conflict('Connect Google in Settings first.'),
  'google-feature-off': ({ feature }) =>
    new HttpError(409, `Turn on ${GOOGLE_FEATURE_LABELS[feature]} in Settings first.`, { code: 'GOOGLE_FEATURE_OFF' }),
};

export const GOOGLE_ERRORS = [
  errorAnswer(GoogleBusinessError, (error) => {
    switch (error.reason) {
      case 'quota':
        return new HttpError(429, error.message, { code: 'GOOGLE_QUOTA', headers: retryAfter(60) });
      case 'forbidden':
        return new HttpError(403, error.message, { code: 'GOOGLE_FORBIDDEN' });
      case 'reconnect':
        return new HttpError(409, error.message, { code: 'GOOGLE_RECONNECT' });
      case 'not-configured':
        return new HttpError(503, error.message, { code: 'GOOGLE_NOT_CONFIGURED' });
      case 'timeout':
      case 'unavailable':
        return serviceUnavailable(error.message, 5);
      case 'refused':
        return new HttpError(502, error.message, { code: 'GOOGLE_REFUSED' });
    }
  }),
];
