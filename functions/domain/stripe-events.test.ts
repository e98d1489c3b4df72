import type Stripe from 'stripe';
import { formatAmount, interpretStripeEvent } from './stripe-events';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, created: 1_700_000_000, data: { object } }) as unknown as Stripe.Event;

describe('what a Stripe event means for the Pro plan', () => {
  it('makes the agent named by a paid subscription Checkout Pro', () => {
    const meaning = interpretStripeEvent(
      event('checkout.session.completed', {
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: 'u1',
        customer: 'cus_1',
        subscription: { id: 'sub_1' },
      }),
    );
    expect(meaning).toEqual({
      kind: 'subscription',
      isPro: true,
      created: 1_700_000_000,
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
  });

  it.each([
    ['a one-off payment Checkout', { mode: 'payment', payment_status: 'paid', client_reference_id: 'u1' }],
    [
      'a Checkout still waiting for its payment',
      { mode: 'subscription', payment_status: 'unpaid', client_reference_id: 'u1' },
    ],
    [
      'a Checkout naming no one',
      { mode: 'subscription', payment_status: 'paid', client_reference_id: null, customer: null },
    ],
  ])('ignores %s', (_what, session) => {
    expect(interpretStripeEvent(event('checkout.session.completed', session)).kind).toBe('ignored');
  });

  it.each([
    ['customer.subscription.updated', 'active', true],
    ['customer.subscription.updated', 'trialing', true],
    ['customer.subscription.created', 'active', true],
    ['customer.subscription.updated', 'unpaid', false],
    ['customer.subscription.updated', 'canceled', false],
    ['customer.subscription.updated', 'incomplete_expired', false],
    ['customer.subscription.updated', 'paused', false],
    ['customer.subscription.deleted', 'active', false],
  ])('%s with status %s sets Pro to %s', (type, status, isPro) => {
    expect(interpretStripeEvent(event(type, { id: 'sub_1', customer: 'cus_1', status }))).toMatchObject({
      kind: 'subscription',
      isPro,
      customerId: 'cus_1',
    });
  });

  it('only ends the subscription it names', () => {
    expect(
      interpretStripeEvent(
        event('customer.subscription.deleted', { id: 'sub_9', customer: 'cus_1', status: 'canceled' }),
      ),
    ).toMatchObject({ onlyIfSubscription: 'sub_9' });
  });

  it.each(['past_due', 'incomplete'])('changes nothing while a subscription is %s', (status) => {
    expect(
      interpretStripeEvent(event('customer.subscription.updated', { id: 'sub_1', customer: 'cus_1', status })).kind,
    ).toBe('ignored');
  });

  it('reads a failed invoice payment for the e-mail', () => {
    expect(
      interpretStripeEvent(
        event('invoice.payment_failed', {
          customer: 'cus_1',
          amount_due: 1500,
          currency: 'usd',
          hosted_invoice_url: 'https://pay',
        }),
      ),
    ).toEqual({
      kind: 'payment-failed',
      customerId: 'cus_1',
      amountDue: 1500,
      currency: 'usd',
      invoiceUrl: 'https://pay',
    });
  });

  it('ignores event types it does not use', () => {
    expect(interpretStripeEvent(event('customer.created', { id: 'cus_1' })).kind).toBe('ignored');
  });

  it('formats amounts in their currency', () => {
    expect(formatAmount(1500, 'usd')).toBe('$15.00');
    expect(formatAmount(1500, 'jpy')).toBe('¥1,500');
  });

  describe('with a configured Pro price', () => {
    const PRICE = 'price_pro';
    const subscription = (prices: unknown[]) =>
      event('customer.subscription.updated', {
        id: 'sub_1',
        customer: 'cus_1',
        status: 'active',
        items: { data: prices.map((price) => ({ price })) },
      });
    const checkout = (metadata: Record<string, string> | undefined) =>
      event('checkout.session.completed', {
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: 'u1',
        customer: 'cus_1',
        subscription: 'sub_1',
        metadata,
      });

    it('grants Pro only to a subscription whose items include the price (as an object or an id)', () => {
      expect(interpretStripeEvent(subscription([{ id: 'price_other' }]), PRICE).kind).toBe('ignored');
      expect(interpretStripeEvent(subscription([]), PRICE).kind).toBe('ignored');
      expect(interpretStripeEvent(subscription([{ id: 'price_other' }, { id: PRICE }]), PRICE)).toMatchObject({
        kind: 'subscription',
        isPro: true,
      });
      expect(interpretStripeEvent(subscription([PRICE]), PRICE)).toMatchObject({ kind: 'subscription', isPro: true });
    });

    it('grants Pro only to a Checkout opened for the price', () => {
      expect(interpretStripeEvent(checkout(undefined), PRICE).kind).toBe('ignored');
      expect(interpretStripeEvent(checkout({ priceId: 'price_other' }), PRICE).kind).toBe('ignored');
      expect(interpretStripeEvent(checkout({ priceId: PRICE }), PRICE)).toMatchObject({
        kind: 'subscription',
        isPro: true,
      });
    });

    it('still ends Pro whatever the items say', () => {
      expect(
        interpretStripeEvent(
          event('customer.subscription.deleted', { id: 'sub_1', customer: 'cus_1', status: 'canceled' }),
          PRICE,
        ),
      ).toMatchObject({ isPro: false });
    });
  });
});
