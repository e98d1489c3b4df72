// POST /api/clients/{id}/accept-registration: the agent accepts a client who registered through the
// directory and has not confirmed by e-mail yet; the client then counts on the plan.
import type { Client } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const acceptRegistrationUrl = (clientId: string) =>
  `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/accept-registration`;

export function acceptRegistration(clientId: string): Promise<Client> {
  return api.post<Client>(acceptRegistrationUrl(clientId));
}

export function useAcceptRegistration() {
  return useApiMutation(`ACCEPT ${CLIENTS_KEY}/accept-registration`, acceptRegistration, revalidateClientReads);
}
