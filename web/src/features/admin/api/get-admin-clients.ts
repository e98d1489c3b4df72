// GET /api/admin/clients (every agent's clients) and /api/admin/clients/{agentId} (one agent's),
// read page after page until the server says there is no more.
import useSWR from 'swr';
import type { AdminClient, AdminClientPage } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const ADMIN_CLIENTS_KEY = '/api/admin/clients';
export const ADMIN_CLIENTS_PAGE_SIZE = 1000;

/** The SWR key (and URL) of the list: all clients, or one agent's. */
export function adminClientsKey(agentId: string | null): string {
  return agentId ? `${ADMIN_CLIENTS_KEY}/${encodeURIComponent(agentId)}` : ADMIN_CLIENTS_KEY;
}

export function pageUrl(key: string, cursor: string | null): string {
  return `${key}?limit=${ADMIN_CLIENTS_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

export async function getAdminClients(key: string): Promise<AdminClient[]> {
  const clients: AdminClient[] = [];
  let cursor: string | null = null;
  do {
    const page: AdminClientPage = await api.get<AdminClientPage>(pageUrl(key, cursor));
    clients.push(...page.clients);
    cursor = page.nextCursor;
  } while (cursor);
  return clients;
}

export function useAdminClients(agentId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const { data, error, isLoading, mutate } = useSWR<AdminClient[], Error>(
    enabled ? adminClientsKey(agentId) : null,
    getAdminClients,
  );
  return { clients: data, error, isLoading, mutate };
}
