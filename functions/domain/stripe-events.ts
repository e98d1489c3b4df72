// What a verified Stripe event means for the Pro plan, decided from the event alone (no Stripe API
// call): become Pro, stop being Pro, tell the agent a payment failed, or nothing at all. With a
// configured Pro price, only a subscription to that price (or a Checkout we opened for it) grants
// Pro: a Checkout or subscription for any other product of the same Stripe account grants nothing.
import type Stripe from 'stripe';

export type SubscriptionChange = {
  kind: 'subscription';
  isPro: boolean;
  /** The event's `created` (Unix seconds): the newest applied state wins, older events are ignored. */
  created: number;
  /** The agent, when the event names them (Checkout's client_reference_id). */
  userId?: string;
  customerId?: string;
  subscriptionId?: string;
  /** An ending only ends the subscription the agent has now, never an older one. */
  onlyIfSubscription?: string;
};

export type PaymentFailure = {
  kind: 'payment-failed';
  customerId: string;
  amountDue: number;
  currency: string;
  /** Stripe's page where the invoice can be paid, when there is one. */
  invoiceUrl?: string;
};

export type Ignored = { kind: 'ignored'; reason: string };

export type EventMeaning = SubscriptionChange | PaymentFailure | Ignored;

/** Subscription statuses that grant Pro, and those that end it; the rest (past_due, incomplete) change nothing yet. */
const PRO_STATUSES = new Set<string>(['active', 'trialing']);
const ENDED_STATUSES = new Set<string>(['unpaid', 'canceled', 'incomplete_expired', 'paused']);

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value && typeof value.id === 'string' ? value.id : undefined;

/** The price ids a subscription's items name. */
function pricesOf(subscription: Stripe.Subscription): string[] {
  const items = (subscription.items as { data?: unknown } | undefined)?.data;
  return Array.isArray(items)
    ? items
        .map((item: { price?: string | { id: string } | null }) => idOf(item?.price))
        .filter((id): id is string => Boolean(id))
    : [];
}

export function interpretStripeEvent(event: Stripe.Event, proPriceId?: string): EventMeaning {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignored', reason: 'not a subscription checkout' };
      if (session.payment_status === 'unpaid')
        return { kind: 'ignored', reason: 'payment still pending; the subscription events will follow' };
      // The event carries no line items: our own Checkout records the price in its metadata.
      if (proPriceId && session.metadata?.priceId !== proPriceId)
        return { kind: 'ignored', reason: 'not a Checkout for the Pro price' };
      const userId = session.client_reference_id ?? undefined;
      const customerId = idOf(session.customer);
      if (!userId && !customerId) return { kind: 'ignored', reason: 'the session names no agent and no customer' };
      return {
        kind: 'subscription',
        isPro: true,
        created: event.created,
        userId,
        customerId,
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      if (!customerId) return { kind: 'ignored', reason: 'the subscription names no customer' };
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status;
      if (PRO_STATUSES.has(status)) {
        if (proPriceId && !pricesOf(subscription).includes(proPriceId))
          return { kind: 'ignored', reason: 'the subscription is not for the Pro price' };
        return {
          kind: 'subscription',
          isPro: true,
          created: event.created,
          customerId,
          subscriptionId: subscription.id,
        };
      }
      if (ENDED_STATUSES.has(status)) {
        return {
          kind: 'subscription',
          isPro: false,
          created: event.created,
          customerId,
          onlyIfSubscription: subscription.id,
        };
      }
      return { kind: 'ignored', reason: `subscription status ${status} changes nothing` };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      if (!customerId) return { kind: 'ignored', reason: 'the invoice names no customer' };
      return {
        kind: 'payment-failed',
        customerId,
        amountDue: invoice.amount_due,
        currency: invoice.currency,
        ...(invoice.hosted_invoice_url ? { invoiceUrl: invoice.hosted_invoice_url } : {}),
      };
    }
    default:
      return { kind: 'ignored', reason: `event type ${event.type} is not used` };
  }
}

/** "$15.00": an amount in the currency's smallest unit, for the agent's e-mail. */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ??
      2;
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}
