// The answers for a payments failure: not set up (503), Stripe refused or unreachable (502), a
// webhook whose signature does not hold (400). Handlers declare them in their options.
import { PaymentProviderError, PaymentsNotConfiguredError, WebhookSignatureError } from '../integrations/payments';
import { badRequest, errorAnswer, HttpError } from './errors';

export const PAYMENT_ERRORS = [
  errorAnswer(
    PaymentsNotConfiguredError,
    (error) => new HttpError(503, error.message, { code: 'PAYMENTS_NOT_CONFIGURED' }),
  ),
  errorAnswer(PaymentProviderError, (error) => new HttpError(502, error.message, { code: 'PAYMENT_PROVIDER_ERROR' })),
  errorAnswer(WebhookSignatureError, (error) => badRequest(error.message, undefined, 'BAD_SIGNATURE')),
];
