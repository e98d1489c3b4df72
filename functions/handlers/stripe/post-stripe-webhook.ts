// POST /api/stripe/webhook: Stripe's events, verified over the raw body (a bad or missing signature
// is a 400 and writes nothing), each applied once (a marker per event id) and newest state first.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { HttpError, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';
import { applyStripeWebhook } from '../../services/subscriptions';

const REFUSALS = refusalAnswers<RefusalOf<typeof applyStripeWebhook>>({
  'event-in-progress': () =>
    new HttpError(409, 'Another delivery of this event is being processed; Stripe will retry it.', {
      code: 'EVENT_IN_PROGRESS',
    }),
});

export const handler = definePublicHandler(
  'stripe/post-stripe-webhook',
  { errors: PAYMENT_ERRORS, refusals: REFUSALS },
  async ({ event: request, rawBody, log }) => {
    const applied = await applyStripeWebhook(rawBody, request.headers?.['stripe-signature'], log);
    return isRefusal(applied) ? applied : { body: applied };
  },
);
