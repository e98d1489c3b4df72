// POST /api/subscription/portal: the Stripe billing portal for a Pro agent (cancel, change card, invoices).
import type { RedirectUrl } from '@shared/api-types';
import { createBillingPortalSession } from '../../integrations/payments';
import { conflict, forbidden } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';

export const handler = defineHandler(
  'subscription/post-subscription-portal',
  { errors: PAYMENT_ERRORS },
  async ({ user }) => {
    if (!user.isPro) throw forbidden('Only Pro subscribers have a subscription to manage.', 'NOT_PRO');
    if (!user.stripeCustomerId)
      throw conflict('Your Pro plan was not bought through Stripe, so there is no subscription to manage here.');
    const url = await createBillingPortalSession(user.id, user.stripeCustomerId, user.stripeSubscriptionId);
    return { body: { url } satisfies RedirectUrl };
  },
);
