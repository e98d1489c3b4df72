// The answers for a payments failure: not set up (503), Stripe refused or unreachable (502), a
// webhook whose signature does not hold (400). Anything else is rethrown.
import { PaymentProviderError, PaymentsNotConfiguredError, WebhookSignatureError } from '../integrations/payments';
import { badRequest, HttpError } from './errors';

export function paymentError(error: unknown): never {
  if (error instanceof PaymentsNotConfiguredError) throw new HttpError(503, error.message, { code: 'PAYMENTS_NOT_CONFIGURED' });
  if (error instanceof PaymentProviderError) throw new HttpError(502, error.message, { code: 'PAYMENT_PROVIDER_ERROR' });
  if (error instanceof WebhookSignatureError) throw badRequest(error.message, undefined, 'BAD_SIGNATURE');
  throw error;
}
