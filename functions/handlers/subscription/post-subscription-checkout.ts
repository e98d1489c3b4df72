// POST /api/subscription/create-checkout: a Checkout Session for the Pro plan, reusing the agent's
// Stripe customer or creating it; the browser goes to `url`.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { conflict, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';
import { startCheckout } from '../../services/subscriptions';

const REFUSALS = refusalAnswers<RefusalOf<typeof startCheckout>>({
  'already-pro': () => conflict('You are already on the Pro plan.'),
});

export const handler = defineHandler(
  'subscription/post-subscription-checkout',
  { errors: PAYMENT_ERRORS, refusals: REFUSALS },
  async ({ user }) => {
    const checkout = await startCheckout(user);
    return isRefusal(checkout) ? checkout : { body: checkout };
  },
);
