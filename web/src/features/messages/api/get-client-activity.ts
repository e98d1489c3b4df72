// GET /api/clients/{id}/messages: the client's activity (messages sent or scheduled, touches logged),
// newest first. Read afresh each time the client's page opens: a scheduled text may have gone out since.
import useSWR from 'swr';
import type { ClientActivity } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';

export const clientActivityKey = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/messages`;

export function useClientActivity(clientId: string) {
  const { data, error, isLoading, mutate } = useSWR<ClientActivity, Error>(
    clientActivityKey(clientId),
    () => api.get<ClientActivity>(clientActivityKey(clientId)),
    {
      revalidateOnMount: true,
    },
  );
  return { activity: data?.activity, client: data?.client, isLoading, error, retry: () => void mutate() };
}
