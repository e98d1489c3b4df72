// POST /api/subscription/portal: the Stripe billing portal for a Pro agent (cancel, change card, invoices).
import type { RedirectUrl } from '@shared/api-types';
import { createBillingPortalSession } from '../../integrations/payments';
import type { NoStripeSubscription, ProRequired } from '../../domain/refusals';
import { conflict, forbidden, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';

const REFUSALS = refusalAnswers<ProRequired | NoStripeSubscription>({
  'pro-required': () => forbidden('Only Pro subscribers have a subscription to manage.', 'NOT_PRO'),
  'no-stripe-subscription': () =>
    conflict('Your Pro plan was not bought through Stripe, so there is no subscription to manage here.'),
});

export const handler = defineHandler(
  'subscription/post-subscription-portal',
  { errors: PAYMENT_ERRORS, refusals: REFUSALS },
  async ({ user }) => {
    if (!user.isPro) return { kind: 'pro-required' };
    if (!user.stripeCustomerId) return { kind: 'no-stripe-subscription' };
    const url = await createBillingPortalSession(user.id, user.stripeCustomerId, user.stripeSubscriptionId);
    return { body: { url } satisfies RedirectUrl };
  },
);
