// POST /api/subscription/create-checkout: a Stripe Checkout Session for Pro; the browser goes to `url`.
import useSWRMutation from 'swr/mutation';
import type { RedirectUrl } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const CREATE_CHECKOUT_URL = '/api/subscription/create-checkout';

export function createCheckout(): Promise<RedirectUrl> {
  return api.post<RedirectUrl>(CREATE_CHECKOUT_URL);
}

export function useCreateCheckout() {
  return useSWRMutation<RedirectUrl, Error, string>(CREATE_CHECKOUT_URL, () => createCheckout());
}
