import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { resetConfig } from '../../config';
import { db, table } from '../../data/db';
import { stripeEventKey, userKey } from '../../data/keys/users';
import { readStats } from '../../data/stats';
import type { UserItem } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { CONFIGURED_DEPLOY } from '../../local/twin/template-dir';
import { signedInAgent, allClients } from '../../testing/local-api';
import { checkoutCompleted, deliverEvent, stripeEvent, subscriptionEvent } from '../../testing/stripe';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

let n = 0;
const ids = () => {
  n += 1;
  return { customer: `cus_test_${n}_${Date.now()}`, subscription: `sub_test_${n}_${Date.now()}` };
};
const now = () => Math.floor(Date.now() / 1000);

async function userItem(id: string): Promise<UserItem> {
  return (await db().send(new GetCommand({ TableName: table(), Key: userKey(id), ConsistentRead: true })))
    .Item as UserItem;
}
async function proAgents(): Promise<number> {
  return (await readStats('9999-12')).total.proAgents;
}
async function marker(eventId: string) {
  return (await db().send(new GetCommand({ TableName: table(), Key: stripeEventKey(eventId), ConsistentRead: true })))
    .Item;
}

/** An agent made Pro through a delivered checkout.session.completed. */
async function proAgent() {
  const agent = await signedInAgent(api);
  const stripe = ids();
  const res = await deliverEvent(
    api,
    checkoutCompleted(agent.user.id, stripe.customer, stripe.subscription, now() - 60),
  );
  expect(res.body.outcome).toBe('pro-started');
  return { ...agent, ...stripe };
}

describe('the Stripe webhook: signatures', () => {
  it('makes the agent Pro from a signed checkout.session.completed, storing customer and subscription', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    const stripe = ids();
    const before = await proAgents();
    // Act
    const res = await deliverEvent(api, checkoutCompleted(user.id, stripe.customer, stripe.subscription));
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'pro-started' });
    expect((await client.get('/api/user')).body.isPro).toBe(true);
    expect(await userItem(user.id)).toMatchObject({
      stripeCustomerId: stripe.customer,
      stripeSubscriptionId: stripe.subscription,
    });
    expect(await proAgents()).toBe(before + 1);
  });

  it('refuses a tampered body with 400 and writes nothing', async () => {
    // Prepare
    const { user } = await signedInAgent(api);
    const event = checkoutCompleted(user.id, ids().customer, ids().subscription);
    const tampered = JSON.stringify({
      ...event,
      data: { object: { ...event.data.object, client_reference_id: 'someone-else' } },
    });
    // Act
    const res = await deliverEvent(api, event, { body: tampered });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_SIGNATURE');
    expect((await userItem(user.id)).isPro).toBe(false);
    expect(await marker(event.id)).toBeUndefined();
  });

  it('refuses a signature made with another secret', async () => {
    const { user } = await signedInAgent(api);
    const event = checkoutCompleted(user.id, ids().customer, ids().subscription);
    const res = await deliverEvent(api, event, { secret: 'whsec_not_the_right_one' });
    expect(res.status).toBe(400);
    expect((await userItem(user.id)).isPro).toBe(false);
    expect(await marker(event.id)).toBeUndefined();
  });

  it('refuses a request without a Stripe-Signature header', async () => {
    const { user } = await signedInAgent(api);
    const res = await deliverEvent(api, checkoutCompleted(user.id, ids().customer, ids().subscription), {
      unsigned: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Stripe-Signature/);
    expect((await userItem(user.id)).isPro).toBe(false);
  });

  it('refuses a correctly signed event older than five minutes (a replay)', async () => {
    const { user } = await signedInAgent(api);
    const event = checkoutCompleted(user.id, ids().customer, ids().subscription);
    const res = await deliverEvent(api, event, { timestamp: now() - 301 });
    expect(res.status).toBe(400);
    expect((await userItem(user.id)).isPro).toBe(false);
    expect(await marker(event.id)).toBeUndefined();
  });

  it.each([
    ['not JSON', 'not json at all'],
    ['a JSON string', '"an event"'],
    ['an object without id, type and data', '{"type":"checkout.session.completed"}'],
  ])('refuses a correctly signed body that is %s', async (_what, body) => {
    const res = await deliverEvent(api, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The webhook body is not a Stripe event.');
  });
});

describe('the Stripe webhook: delivery', () => {
  it('applies an event delivered three times once', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    const stripe = ids();
    const event = checkoutCompleted(user.id, stripe.customer, stripe.subscription);
    const before = await proAgents();
    // Act
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) outcomes.push((await deliverEvent(api, event)).body.outcome);
    // Assess
    expect(outcomes).toEqual(['pro-started', 'duplicate', 'duplicate']);
    expect((await client.get('/api/user')).body.isPro).toBe(true);
    expect(await proAgents()).toBe(before + 1);
    expect(await marker(event.id)).toMatchObject({ status: 'done', outcome: 'pro-started' });
  });

  it('applies three concurrent deliveries of one event once; the others are answered as duplicates or asked to retry', async () => {
    // Prepare
    const { user } = await signedInAgent(api);
    const stripe = ids();
    const event = checkoutCompleted(user.id, stripe.customer, stripe.subscription);
    const before = await proAgents();
    // Act
    const results = await Promise.all([1, 2, 3].map(() => deliverEvent(api, event)));
    // Assess
    const applied = results.filter((r) => r.status === 200 && r.body.outcome === 'pro-started');
    expect(applied).toHaveLength(1);
    for (const res of results) expect([200, 409]).toContain(res.status);
    expect(await proAgents()).toBe(before + 1);
  });

  it('takes over an event whose earlier delivery died mid-way, but not one still being processed', async () => {
    // Prepare: two events whose markers say "processing", one claimed two minutes ago, one just now.
    const stale = await signedInAgent(api);
    const busy = await signedInAgent(api);
    const staleEvent = checkoutCompleted(stale.user.id, ids().customer, ids().subscription);
    const busyEvent = checkoutCompleted(busy.user.id, ids().customer, ids().subscription);
    for (const [event, claimedAt] of [
      [staleEvent, Date.now() - 120_000],
      [busyEvent, Date.now()],
    ] as const) {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...stripeEventKey(event.id), type: 'stripe-event', status: 'processing', claimedAt },
        }),
      );
    }
    // Act
    const retried = await deliverEvent(api, staleEvent);
    const concurrent = await deliverEvent(api, busyEvent);
    // Assess
    expect(retried.body.outcome).toBe('pro-started');
    expect(concurrent.status).toBe(409);
    expect((await userItem(busy.user.id)).isPro).toBe(false);
  });

  it('lets the newest state win when events arrive out of order', async () => {
    // Prepare: Pro since a minute ago; the subscription was cancelled 20 s ago and "active" was reported 40 s ago.
    const { client, customer, subscription } = await proAgent();
    const before = await proAgents();
    // Act: the cancellation arrives first, the older "active" update last.
    const cancelled = await deliverEvent(
      api,
      subscriptionEvent('customer.subscription.deleted', customer, subscription, 'canceled', now() - 20),
    );
    const late = await deliverEvent(
      api,
      subscriptionEvent('customer.subscription.updated', customer, subscription, 'active', now() - 40),
    );
    // Assess
    expect(cancelled.body.outcome).toBe('pro-ended');
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('older-event');
    expect((await client.get('/api/user')).body.isPro).toBe(false);
    expect(await proAgents()).toBe(before - 1);
  });

  it('answers 200 to an event type it does not use, and changes nothing', async () => {
    const { client } = await signedInAgent(api);
    const event = stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    const res = await deliverEvent(api, event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await marker(event.id)).toBeUndefined();
    expect((await client.get('/api/user')).body.isPro).toBe(false);
  });

  it('answers 200 to an event for a customer it does not know', async () => {
    const res = await deliverEvent(
      api,
      subscriptionEvent('customer.subscription.deleted', 'cus_stranger', 'sub_stranger', 'canceled'),
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('unknown-customer');
  });
});

describe('the Stripe webhook: subscription states', () => {
  it.each(['unpaid', 'canceled', 'incomplete_expired'])('ends Pro when the subscription becomes %s', async (status) => {
    const { client, customer, subscription } = await proAgent();
    const res = await deliverEvent(
      api,
      subscriptionEvent('customer.subscription.updated', customer, subscription, status),
    );
    expect(res.body.outcome).toBe('pro-ended');
    expect((await client.get('/api/user')).body.isPro).toBe(false);
  });

  it('keeps Pro while the subscription is active, trialing or past due', async () => {
    const { client, customer, subscription } = await proAgent();
    const before = await proAgents();
    const outcomes = [];
    for (const [i, status] of ['active', 'trialing', 'past_due'].entries()) {
      outcomes.push(
        (
          await deliverEvent(
            api,
            subscriptionEvent('customer.subscription.updated', customer, subscription, status, now() - 30 + i),
          )
        ).body.outcome,
      );
    }
    expect(outcomes).toEqual(['unchanged', 'unchanged', 'ignored']);
    expect((await client.get('/api/user')).body.isPro).toBe(true);
    expect(await proAgents()).toBe(before);
  });

  it('makes Pro again when a cancelled agent subscribes anew', async () => {
    const { client, user, customer, subscription } = await proAgent();
    await deliverEvent(
      api,
      subscriptionEvent('customer.subscription.deleted', customer, subscription, 'canceled', now() - 30),
    );
    const again = await deliverEvent(api, checkoutCompleted(user.id, customer, 'sub_second_one'));
    expect(again.body.outcome).toBe('pro-started');
    expect((await client.get('/api/user')).body.isPro).toBe(true);
  });

  it("does not end Pro when an earlier subscription's deletion arrives", async () => {
    const { client, customer } = await proAgent();
    const res = await deliverEvent(
      api,
      subscriptionEvent('customer.subscription.deleted', customer, 'sub_an_older_one', 'canceled'),
    );
    expect(res.body.outcome).toBe('other-subscription');
    expect((await client.get('/api/user')).body.isPro).toBe(true);
  });

  it('e-mails the agent when a payment fails, once per event', async () => {
    // Prepare
    const { details, customer } = await proAgent();
    const event = stripeEvent('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer,
      amount_due: 1500,
      currency: 'usd',
      hosted_invoice_url: 'https://invoice.stripe.com/i/test',
    });
    // Act
    await deliverEvent(api, event);
    await deliverEvent(api, event);
    // Assess
    const mails = (await api.outbox()).filter(
      (m) => m.to === details.username && m.subject === 'Your Pro payment did not go through',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('$15.00');
    expect(mails[0]!.text).toContain('https://invoice.stripe.com/i/test');
  });

  it(`keeps every client when Pro ends; above ${FREE_CLIENT_LIMIT} the agent cannot add more until under the cap`, async () => {
    // Prepare: a Pro agent with 12 clients.
    const { client, customer, subscription } = await proAgent();
    const created = [];
    for (let i = 0; i < FREE_CLIENT_LIMIT + 2; i += 1)
      created.push((await client.post('/api/clients', clientInput())).body);
    // Act
    await deliverEvent(api, subscriptionEvent('customer.subscription.deleted', customer, subscription, 'canceled'));
    // Assess
    expect(await allClients(client)).toHaveLength(FREE_CLIENT_LIMIT + 2);
    expect((await client.patch(`/api/clients/${created[0].id}`, { name: 'Still Editable' })).status).toBe(200);
    expect((await client.post('/api/clients', clientInput())).body.code).toBe('UPGRADE_REQUIRED');
    for (const c of created.slice(0, 3)) await client.delete(`/api/clients/${c.id}`);
    expect((await client.post('/api/clients', clientInput())).status).toBe(201);
  });
});

describe('the Stripe webhook: only the configured Pro price grants Pro', () => {
  const PRICE = CONFIGURED_DEPLOY.stripePriceId!;
  // What a deploy with -c stripePriceId gives the webhook function (infra/stack.test.ts holds the variable).
  beforeAll(() => {
    process.env.STRIPE_PRICE_ID = PRICE;
    resetConfig();
  });
  afterAll(() => {
    delete process.env.STRIPE_PRICE_ID;
    resetConfig();
  });

  const withPrices = (customer: string, subscription: string, prices: string[]) =>
    stripeEvent('customer.subscription.updated', {
      id: subscription,
      object: 'subscription',
      customer,
      status: 'active',
      items: { object: 'list', data: prices.map((p, i) => ({ id: `si_${i}`, price: { id: p } })) },
    });
  const paidCheckout = (userId: string, customer: string, subscription: string, metadata: Record<string, string>) =>
    stripeEvent('checkout.session.completed', {
      id: 'cs_test_price',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: userId,
      customer,
      subscription,
      metadata,
    });

  it('grants nothing for a paid Checkout of another product, and Pro for our Checkout of the Pro price', async () => {
    const { client, user } = await signedInAgent(api);
    const stripe = ids();
    const other = await deliverEvent(
      api,
      paidCheckout(user.id, stripe.customer, stripe.subscription, { userId: user.id, priceId: 'price_cheap_ebook' }),
    );
    expect(other.body.outcome).toBe('ignored');
    const unmarked = await deliverEvent(api, paidCheckout(user.id, stripe.customer, stripe.subscription, {}));
    expect(unmarked.body.outcome).toBe('ignored');
    expect((await client.get('/api/user')).body.isPro).toBe(false);
    const ours = await deliverEvent(
      api,
      paidCheckout(user.id, stripe.customer, stripe.subscription, { userId: user.id, priceId: PRICE }),
    );
    expect(ours.body.outcome).toBe('pro-started');
    expect((await client.get('/api/user')).body.isPro).toBe(true);
  });

  it("grants nothing for an active subscription whose items don't include the Pro price, and Pro when they do", async () => {
    const { client, customer, subscription } = await proAgentOfPrice(PRICE);
    await deliverEvent(api, subscriptionEvent('customer.subscription.deleted', customer, subscription, 'canceled'));
    expect((await client.get('/api/user')).body.isPro).toBe(false);
    const other = await deliverEvent(api, withPrices(customer, 'sub_other_product', ['price_cheap_ebook']));
    expect(other.body.outcome).toBe('ignored');
    expect((await client.get('/api/user')).body.isPro).toBe(false);
    const ours = await deliverEvent(api, withPrices(customer, 'sub_pro_again', ['price_cheap_ebook', PRICE]));
    expect(ours.body.outcome).toBe('pro-started');
    expect((await client.get('/api/user')).body.isPro).toBe(true);
  });

  async function proAgentOfPrice(price: string) {
    const agent = await signedInAgent(api);
    const stripe = ids();
    const res = await deliverEvent(
      api,
      paidCheckout(agent.user.id, stripe.customer, stripe.subscription, { userId: agent.user.id, priceId: price }),
      {},
    );
    expect(res.body.outcome).toBe('pro-started');
    return { ...agent, ...stripe };
  }
});
