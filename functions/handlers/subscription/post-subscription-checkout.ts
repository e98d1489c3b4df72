// POST /api/subscription/create-checkout: a Checkout Session for the Pro plan, reusing the agent's
// Stripe customer or creating it; the browser goes to `url`.
import type { RedirectUrl } from '@shared/api-types';
import { linkStripeCustomer } from '../../data/subscriptions';
import { createCheckoutSession, createCustomer } from '../../integrations/payments';
import { conflict } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';

export const handler = defineHandler(
  'subscription/post-subscription-checkout',
  { errors: PAYMENT_ERRORS },
  async ({ user }) => {
    if (user.isPro) throw conflict('You are already on the Pro plan.');
    const agent = { id: user.id, email: user.username, name: user.fullName };
    const customerId = user.stripeCustomerId ?? (await linkStripeCustomer(user.id, await createCustomer(agent)));
    const url = await createCheckoutSession(agent, customerId);
    return { body: { url } satisfies RedirectUrl };
  },
);
