// PATCH /api/clients/{id} { smsConsent }: the agent attests (granted) or takes back (none) the client's consent to
// texts; the client reads are refreshed with the answer. A client who texted STOP is refused (409 OPTED_OUT).
import type { Client } from '@shared/api-types';
import type { AttestableSmsConsent } from '@shared/sms-consent';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type AttestRequest = { clientId: string; smsConsent: AttestableSmsConsent };

export function attestSmsConsent({ clientId, smsConsent }: AttestRequest): Promise<Client> {
  return api.patch<Client>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}`, { smsConsent });
}

export function useAttestSmsConsent() {
  return useApiMutation(`PATCH ${CLIENTS_KEY}#sms-consent`, attestSmsConsent, revalidateClientReads);
}
