// POST /api/stripe/webhook: Stripe's events, verified over the raw body (a bad or missing signature
// is a 400 and writes nothing), each applied once (a marker per event id) and newest state first.
import { config } from '../../config';
import {
  formatAmount,
  interpretStripeEvent,
  type PaymentFailure,
  type SubscriptionChange,
} from '../../domain/stripe-events';
import {
  applySubscriptionState,
  claimStripeEvent,
  finishStripeEvent,
  findUserIdByStripeCustomer,
  releaseStripeEvent,
} from '../../data/subscriptions';
import { getUserById } from '../../data/users';
import { sendPaymentFailedEmail } from '../../integrations/billing-emails';
import { verifyWebhookEvent } from '../../integrations/payments';
import { HttpError } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';

export const handler = definePublicHandler(
  'stripe/post-stripe-webhook',
  { errors: PAYMENT_ERRORS },
  async ({ event: request, rawBody, log }) => {
    const stripeEvent = await verifyWebhookEvent(rawBody, request.headers?.['stripe-signature']);
    const meaning = interpretStripeEvent(stripeEvent, config().stripePriceId);
    if (meaning.kind === 'ignored') {
      log.info('stripe event ignored', { eventId: stripeEvent.id, type: stripeEvent.type, reason: meaning.reason });
      return { body: { received: true, outcome: 'ignored' } };
    }
    const claim = await claimStripeEvent(stripeEvent.id, stripeEvent.type);
    if (claim === 'already-done') return { body: { received: true, outcome: 'duplicate' } };
    if (claim === 'in-progress')
      throw new HttpError(409, 'Another delivery of this event is being processed; Stripe will retry it.', {
        code: 'EVENT_IN_PROGRESS',
      });
    const outcome = await (
      meaning.kind === 'subscription' ? applyChange(meaning) : notifyPaymentFailure(meaning)
    ).catch(async (error: unknown) => {
      await releaseStripeEvent(stripeEvent.id);
      throw error;
    });
    await finishStripeEvent(stripeEvent.id, outcome);
    log.info('stripe event applied', { eventId: stripeEvent.id, type: stripeEvent.type, outcome });
    return { body: { received: true, outcome } };
  },
);

async function applyChange(change: SubscriptionChange): Promise<string> {
  const userId = change.userId ?? (change.customerId ? await findUserIdByStripeCustomer(change.customerId) : undefined);
  if (!userId) return 'unknown-customer';
  return applySubscriptionState(userId, {
    isPro: change.isPro,
    eventCreated: change.created,
    customerId: change.customerId,
    subscriptionId: change.subscriptionId,
    onlyIfSubscription: change.onlyIfSubscription,
  });
}

async function notifyPaymentFailure(failure: PaymentFailure): Promise<string> {
  const userId = await findUserIdByStripeCustomer(failure.customerId);
  const agent = userId ? await getUserById(userId, true) : undefined;
  if (!agent) return 'unknown-customer';
  await sendPaymentFailedEmail(agent, formatAmount(failure.amountDue, failure.currency), failure.invoiceUrl);
  return 'agent-emailed';
}
