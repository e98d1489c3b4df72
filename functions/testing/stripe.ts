// Stripe events for tests, signed offline the way Stripe signs them (generateTestHeaderString).
import { config } from '../config';
import { signWebhookPayload } from '../integrations/payments';
import { randomId } from '../domain/signed-tokens';
import type { ApiUnderTest } from './local-api';

export type TestStripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  overrides: { id?: string; created?: number } = {},
): TestStripeEvent {
  return {
    id: overrides.id ?? `evt_test_${randomId(10)}`,
    object: 'event',
    type,
    created: overrides.created ?? nowSeconds(),
    livemode: false,
    data: { object },
  };
}

/** A paid Checkout as ours is: naming the configured price, when there is one, in its metadata. */
export const checkoutCompleted = (userId: string, customer: string, subscription: string, created?: number) =>
  stripeEvent(
    'checkout.session.completed',
    {
      id: `cs_test_${randomId(8)}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: userId,
      customer,
      subscription,
      ...(config().stripePriceId ? { metadata: { priceId: config().stripePriceId } } : {}),
    },
    { created },
  );

export const subscriptionEvent = (
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  customer: string,
  subscription: string,
  status: string,
  created?: number,
) => stripeEvent(type, { id: subscription, object: 'subscription', customer, status }, { created });

export type DeliveryOptions = {
  /** Sign with this secret instead of the app's. */
  secret?: string;
  /** Sign as if sent at this time (Unix seconds). */
  timestamp?: number;
  /** Send this body instead of the signed one (tampering). */
  body?: string;
  /** Leave the Stripe-Signature header out. */
  unsigned?: boolean;
};

/**
 * Posts the event to the webhook as Stripe would: JSON body (a string is sent as is), Stripe-Signature header, no
 * Origin.
 */
export function deliverEvent(api: ApiUnderTest, event: unknown, options: DeliveryOptions = {}) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const secret = options.secret ?? config().stripeWebhookSecret ?? '';
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (!options.unsigned) headers['stripe-signature'] = signWebhookPayload(payload, secret, options.timestamp);
  return api
    .client()
    .request('POST', '/api/stripe/webhook', { body: options.body ?? payload, headers, noOrigin: true });
}
