// Payments: Stripe Checkout, the billing portal and webhook verification. With STRIPE_SECRET_KEY
// this talks to Stripe; the local runtime (PAYMENT_PROVIDER=simulator) hands out the local payment
// simulator's pages instead, which post correctly signed events to the same webhook. The only place
// that chooses.
import Stripe from 'stripe';
import { config, ConfigError, signingKeys, STRIPE_PRICE_REQUIRED, stripeKeys } from '../config';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';

export class PaymentsNotConfiguredError extends Error {
  override name = 'PaymentsNotConfiguredError';
}

/** Stripe refused or could not be reached; `message` is safe to show. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The part of the Stripe client this app uses (tests hand in a fake with setStripeClient). */
export type StripeClient = {
  customers: { create(params: Stripe.CustomerCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }> };
  checkout: {
    sessions: { create(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null }> };
  };
  billingPortal: { sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> } };
  subscriptions?: { cancel(id: string): Promise<{ id: string; status: string }> };
};

/** Stripe's default: a signature older than five minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const SIMULATOR_SESSION_TTL_SECONDS = 30 * 60;
export const SIMULATOR_PATHS = { checkout: '/local/checkout', portal: '/local/billing-portal' } as const;

let client: StripeClient | undefined;

/** Replaces the Stripe client (tests); undefined goes back to the real one. */
export function setStripeClient(fake: StripeClient | undefined): void {
  client = fake;
}

async function stripe(): Promise<StripeClient> {
  if (!client) {
    const { secretKey } = await keys();
    if (!secretKey)
      throw new PaymentsNotConfiguredError(
        'Payments are not set up yet: the administrator needs to put the Stripe secret key in (STRIPE_SECRET_KEY, or the Stripe secret in AWS).',
      );
    client = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, appInfo: { name: 'Hearthside' } });
  }
  return client;
}

/** The Stripe keys; a failure to read them (the secrets extension) is the provider's, and retried next time. */
function keys() {
  return stripeKeys().catch(() => {
    throw new PaymentProviderError(
      'Payments are unavailable right now: the Stripe keys could not be read. Please try again in a moment.',
    );
  });
}

const simulated = () => config().paymentProvider === 'simulator';

async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentsNotConfiguredError || error instanceof PaymentProviderError) throw error;
    const detail = error instanceof Stripe.errors.StripeError ? error.message : 'Stripe could not be reached';
    throw new PaymentProviderError(`Stripe could not ${what}: ${detail}`);
  }
}

export type PayingAgent = { id: string; email: string; name: string };

/** A new Stripe customer for the agent (the caller stores its id on the user). */
export async function createCustomer(agent: PayingAgent): Promise<string> {
  if (simulated()) return `cus_local_${randomId(9)}`;
  const customer = await callStripe('create the customer', async () =>
    // The idempotency key makes a double click create one customer, not two.
    (await stripe()).customers.create(
      { email: agent.email, name: agent.name, metadata: { userId: agent.id } },
      { idempotencyKey: `customer-${agent.id}` },
    ),
  );
  return customer.id;
}

/** A Checkout Session in subscription mode for the $15/month Pro plan; returns where to send the browser. */
export async function createCheckoutSession(agent: PayingAgent, customerId: string): Promise<string> {
  const { appUrl, stripePriceId } = config();
  if (simulated()) return simulatorUrl('checkout', { sub: agent.id, customer: customerId });
  if (!stripePriceId) throw new ConfigError(STRIPE_PRICE_REQUIRED);
  const session = await callStripe('start the checkout', async () =>
    (await stripe()).checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: agent.id,
      line_items: [{ price: stripePriceId, quantity: 1 }],
      // The webhook grants Pro only for a Checkout that names the configured price here.
      metadata: { userId: agent.id, priceId: stripePriceId },
      subscription_data: { metadata: { userId: agent.id } },
      success_url: `${appUrl}/settings?checkout=success`,
      cancel_url: `${appUrl}/settings?checkout=cancelled`,
    }),
  );
  if (!session.url)
    throw new PaymentProviderError('Stripe could not start the checkout: it returned no checkout page.');
  return session.url;
}

/** The Stripe billing portal for the agent's customer, returning to /settings. */
export async function createBillingPortalSession(
  userId: string,
  customerId: string,
  subscriptionId: string | undefined,
): Promise<string> {
  const { appUrl } = config();
  if (simulated())
    return simulatorUrl('portal', {
      sub: userId,
      customer: customerId,
      ...(subscriptionId ? { subscription: subscriptionId } : {}),
    });
  const session = await callStripe('open the billing portal', async () =>
    (await stripe()).billingPortal.sessions.create({ customer: customerId, return_url: `${appUrl}/settings` }),
  );
  return session.url;
}

const simulatorCancelled = new Set<string>();

/** The subscriptions cancelled through the local payment simulator (its record of what Stripe would have done). */
export function simulatorCancelledSubscriptions(): ReadonlySet<string> {
  return simulatorCancelled;
}

/**
 * Cancels the subscription at once (the account is closing). One already cancelled or gone is done: a closing that is
 * tried again cancels nothing twice.
 */
export async function cancelSubscription(subscriptionId: string): Promise<void> {
  if (simulated()) {
    simulatorCancelled.add(subscriptionId);
    return;
  }
  const client = await stripe();
  try {
    if (!client.subscriptions) throw new PaymentProviderError('Stripe could not cancel the subscription');
    await client.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.statusCode === 404 || /cancel/i.test(error.message))
    )
      return;
    await callStripe('cancel the subscription', () => Promise.reject(error));
  }
}

/** The event, when the Stripe-Signature header proves Stripe sent this exact body recently. */
export async function verifyWebhookEvent(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
  const secret = (await keys()).webhookSecret;
  if (!secret)
    throw new PaymentsNotConfiguredError(
      'The Stripe webhook is not set up: its signing secret is missing (STRIPE_WEBHOOK_SECRET, or webhookSecret in the Stripe secret in AWS).',
    );
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: unknown;
  try {
    event = await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new WebhookSignatureError('The Stripe signature does not match this request.');
    throw new WebhookSignatureError('The webhook body is not a Stripe event.');
  }
  if (!isEventShaped(event)) throw new WebhookSignatureError('The webhook body is not a Stripe event.');
  return event;
}

function isEventShaped(value: unknown): value is Stripe.Event {
  if (!value || typeof value !== 'object') return false;
  const event = value as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  return (
    typeof event.id === 'string' &&
    event.id.length > 0 &&
    event.id.length <= 255 &&
    typeof event.type === 'string' &&
    Number.isFinite(event.created) &&
    typeof event.data?.object === 'object' &&
    event.data.object !== null
  );
}

/** Signs an event payload the way Stripe does (the local simulator, and tests). */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

export type SimulatorSession = {
  kind: 'checkout' | 'portal';
  userId: string;
  customerId: string;
  subscriptionId?: string;
};

async function simulatorUrl(
  kind: SimulatorSession['kind'],
  claims: { sub: string; customer: string; subscription?: string },
): Promise<string> {
  const token = await signToken(
    await signingKeys(),
    'payment-simulator',
    { ...claims, jti: randomId(), kind },
    SIMULATOR_SESSION_TTL_SECONDS,
  );
  return `${config().appUrl}${SIMULATOR_PATHS[kind]}?session=${encodeURIComponent(token)}`;
}

/** The simulator session a page was opened with, or null when it is forged or expired. */
export async function readSimulatorSession(
  token: string,
  kind: SimulatorSession['kind'],
): Promise<SimulatorSession | null> {
  const verified = await verifyToken(await signingKeys(), 'payment-simulator', token);
  if (!verified || verified.claims.kind !== kind || typeof verified.claims.customer !== 'string') return null;
  const subscription = verified.claims.subscription;
  return {
    kind,
    userId: verified.sub,
    customerId: verified.claims.customer,
    ...(typeof subscription === 'string' ? { subscriptionId: subscription } : {}),
  };
}
