// POST /api/subscription/portal: the Stripe billing portal for a Pro agent; the browser goes to `url`.
import useSWRMutation from 'swr/mutation';
import type { RedirectUrl } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const BILLING_PORTAL_URL = '/api/subscription/portal';

export function openBillingPortal(): Promise<RedirectUrl> {
  return api.post<RedirectUrl>(BILLING_PORTAL_URL);
}

export function useOpenBillingPortal() {
  return useSWRMutation<RedirectUrl, Error, string>(BILLING_PORTAL_URL, () => openBillingPortal());
}
