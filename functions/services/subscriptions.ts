// The Pro plan through Stripe: starting a checkout, and applying Stripe's webhook events. An event is verified over the
// raw body (a bad or missing signature is a WebhookSignatureError and writes nothing), claimed by its id (a marker per
// event: a redelivery of a done event is a duplicate, one being applied is refused), then applied, newest subscription
// state first; a failure gives the claim back, so Stripe's retry applies it.
import type { RedirectUrl, StripeWebhookResult } from '@shared/api-types';
import { config } from '../config';
import {
  applySubscriptionState,
  claimStripeEvent,
  finishStripeEvent,
  findUserIdByStripeCustomer,
  linkStripeCustomer,
  releaseStripeEvent,
} from '../data/subscriptions';
import { getUserById, type UserItem } from '../data/users';
import type { AlreadyPro, EventInProgress } from '../domain/refusals';
import {
  formatAmount,
  interpretStripeEvent,
  type PaymentFailure,
  type SubscriptionChange,
} from '../domain/stripe-events';
import { sendPaymentFailedEmail } from '../integrations/billing-emails';
import { createCheckoutSession, createCustomer, verifyWebhookEvent } from '../integrations/payments';
import type { Logger } from '../observability/logger';

/** A Checkout Session for the Pro plan, reusing the agent's Stripe customer or creating it; the browser opens `url`. */
export async function startCheckout(
  agent: Pick<UserItem, 'id' | 'username' | 'fullName' | 'isPro' | 'stripeCustomerId'>,
): Promise<RedirectUrl | AlreadyPro> {
  if (agent.isPro) return { kind: 'already-pro' };
  const paying = { id: agent.id, email: agent.username, name: agent.fullName };
  const customerId = agent.stripeCustomerId ?? (await linkStripeCustomer(agent.id, await createCustomer(paying)));
  return { url: await createCheckoutSession(paying, customerId) };
}

/** Verifies and applies one delivery of a Stripe event: what became of it, or a refusal while another applies it. */
export async function applyStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  log: Pick<Logger, 'info'>,
): Promise<StripeWebhookResult | EventInProgress> {
  const stripeEvent = await verifyWebhookEvent(rawBody, signature);
  const meaning = interpretStripeEvent(stripeEvent, config().stripePriceId);
  if (meaning.kind === 'ignored') {
    log.info('stripe event ignored', { eventId: stripeEvent.id, type: stripeEvent.type, reason: meaning.reason });
    return { received: true, outcome: 'ignored' };
  }
  const claim = await claimStripeEvent(stripeEvent.id, stripeEvent.type);
  if (claim === 'already-done') return { received: true, outcome: 'duplicate' };
  if (claim === 'in-progress') return { kind: 'event-in-progress' };
  const outcome = await (meaning.kind === 'subscription' ? applyChange(meaning) : notifyPaymentFailure(meaning)).catch(
    async (error: unknown) => {
      await releaseStripeEvent(stripeEvent.id);
      throw error;
    },
  );
  await finishStripeEvent(stripeEvent.id, outcome);
  log.info('stripe event applied', { eventId: stripeEvent.id, type: stripeEvent.type, outcome });
  return { received: true, outcome };
}

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
