// GET /api/clients/{id}: one client, so the client's page loads without the list (404: not in the agent's book).
import useSWR from 'swr';
import type { Client } from '@shared/api-types';
import { api, ApiError } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';

export const clientKey = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}`;

export function useClient(clientId: string) {
  const { data, error, isLoading, mutate } = useSWR<Client, Error>(clientKey(clientId), () =>
    api.get<Client>(clientKey(clientId)),
  );
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return { client: data, isLoading, error, notFound, retry: () => void mutate() };
}
