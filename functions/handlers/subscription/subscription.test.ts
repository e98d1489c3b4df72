import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { PRO_PRICE_USD } from '@shared/constants';
import { resetConfig } from '../../config';
import { db, table } from '../../data/db';
import { stripeCustomerKey, userKey } from '../../data/keys/users';
import { setStripeClient, type StripeClient } from '../../integrations/payments';
import { makePro } from '../../testing/factories';
import { CONFIGURED_DEPLOY } from '../../local/twin/template-dir';
import { signedInAgent } from '../../testing/local-api';
import { checkoutCompleted, deliverEvent } from '../../testing/stripe';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

/** The Pro price the configured deploy names (-c stripePriceId): the one Checkout charges. */
const PRICE = CONFIGURED_DEPLOY.stripePriceId!;

let customers = 0;
/** A Stripe client that records what it is asked and answers like Stripe (no network). */
function fakeStripe() {
  const fake = {
    customers: {
      create: jest.fn(async (_params: Stripe.CustomerCreateParams, _options?: Stripe.RequestOptions) => ({
        id: `cus_fake_${++customers}`,
      })),
    },
    checkout: {
      sessions: {
        create: jest.fn(async (_params: Stripe.Checkout.SessionCreateParams) => ({
          id: 'cs_test_1',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1' as string | null,
        })),
      },
    },
    billingPortal: {
      sessions: {
        create: jest.fn(async (_params: Stripe.BillingPortal.SessionCreateParams) => ({
          url: 'https://billing.stripe.com/p/session/test_1',
        })),
      },
    },
  } satisfies StripeClient;
  return fake;
}

let api: HandlerApi;
let stripe: ReturnType<typeof fakeStripe>;
beforeAll(async () => {
  // A deploy with Stripe set up: the key in the Stripe secret (here the process's), payments through Stripe's port.
  process.env.STRIPE_SECRET_KEY = 'sk_test_not_a_real_key';
  // The price comes with the deploy (-c stripePriceId): without it, a Stripe key is refused (Pro only for our price).
  process.env.STRIPE_PRICE_ID = PRICE;
  process.env.PAYMENT_PROVIDER = 'stripe';
  api = await startHandlerApi();
});
beforeEach(() => {
  stripe = fakeStripe();
  setStripeClient(stripe);
});
afterAll(async () => {
  setStripeClient(undefined);
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_PRICE_ID;
  delete process.env.PAYMENT_PROVIDER;
  resetConfig();
  await api.close();
});

async function userItem(id: string) {
  return (await db().send(new GetCommand({ TableName: table(), Key: userKey(id), ConsistentRead: true }))).Item;
}

describe('POST /api/subscription/create-checkout', () => {
  it(`opens a subscription Checkout for our Pro price ($${PRO_PRICE_USD}/month) with a new Stripe customer stored on the agent`, async () => {
    // Prepare
    const { client, user, details } = await signedInAgent(api);
    // Act
    const res = await client.post('/api/subscription/create-checkout');
    const customer = `cus_fake_${customers}`;
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(stripe.customers.create).toHaveBeenCalledWith(
      { email: details.username, name: details.fullName, metadata: { userId: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    );
    expect(stripe.checkout.sessions.create).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: PRICE, quantity: 1 }],
        metadata: { userId: user.id, priceId: PRICE },
        success_url: `${api.url}/settings?checkout=success`,
        cancel_url: `${api.url}/settings?checkout=cancelled`,
      }),
    );
    expect(await userItem(user.id)).toMatchObject({ stripeCustomerId: customer, isPro: false });
    expect(
      (await db().send(new GetCommand({ TableName: table(), Key: stripeCustomerKey(customer) }))).Item,
    ).toMatchObject({ userId: user.id });
  });

  it("reuses the agent's Stripe customer on a second checkout", async () => {
    const { client } = await signedInAgent(api);
    await client.post('/api/subscription/create-checkout');
    await client.post('/api/subscription/create-checkout');
    expect(stripe.customers.create).toHaveBeenCalledTimes(1);
    const customer = `cus_fake_${customers}`;
    expect(stripe.checkout.sessions.create.mock.calls.map(([params]) => params.customer)).toEqual([customer, customer]);
  });

  it('refuses an agent who is already Pro', async () => {
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    const res = await client.post('/api/subscription/create-checkout');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You are already on the Pro plan.');
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it('answers 502 with a clear message when Stripe refuses, never a 500', async () => {
    const { client } = await signedInAgent(api);
    stripe.checkout.sessions.create.mockRejectedValueOnce(
      new Stripe.errors.StripeInvalidRequestError({
        type: 'invalid_request_error',
        message: 'No such price: price_gone',
      }),
    );
    const res = await client.post('/api/subscription/create-checkout');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message: 'Stripe could not start the checkout: No such price: price_gone',
      code: 'PAYMENT_PROVIDER_ERROR',
    });
  });

  it('answers 503 when payments are not set up (no STRIPE_SECRET_KEY outside the local runtime)', async () => {
    const saved = { key: process.env.STRIPE_SECRET_KEY, provider: process.env.PAYMENT_PROVIDER };
    delete process.env.STRIPE_SECRET_KEY;
    process.env.PAYMENT_PROVIDER = 'stripe';
    setStripeClient(undefined);
    resetConfig();
    try {
      const { client } = await signedInAgent(api);
      const res = await client.post('/api/subscription/create-checkout');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('PAYMENTS_NOT_CONFIGURED');
    } finally {
      Object.assign(process.env, { STRIPE_SECRET_KEY: saved.key ?? '', PAYMENT_PROVIDER: saved.provider ?? 'stripe' });
      resetConfig();
    }
  });

  it('requires a signed-in agent', async () => {
    expect((await api.client().post('/api/subscription/create-checkout')).status).toBe(401);
  });
});

describe('POST /api/subscription/portal', () => {
  it("opens the Stripe billing portal for a Pro agent's customer, returning to Settings", async () => {
    // Prepare: Pro through a checkout, so Stripe knows the customer.
    const { client, user } = await signedInAgent(api);
    await deliverEvent(api, checkoutCompleted(user.id, 'cus_portal_1', 'sub_portal_1'));
    // Act
    const res = await client.post('/api/subscription/portal');
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(stripe.billingPortal.sessions.create).toHaveBeenCalledWith({
      customer: 'cus_portal_1',
      return_url: `${api.url}/settings`,
    });
  });

  it('refuses an agent who is not Pro', async () => {
    const { client } = await signedInAgent(api);
    const res = await client.post('/api/subscription/portal');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_PRO');
    expect(stripe.billingPortal.sessions.create).not.toHaveBeenCalled();
  });

  it('says so when the Pro plan did not come through Stripe', async () => {
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    const res = await client.post('/api/subscription/portal');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not bought through Stripe/);
  });
});
