// GET /api/clients?limit=&cursor=&q=&sort=&order=: a page of the signed-in agent's clients
// (`ClientPage`), which is how the clients page reads them; the web app never asks for the whole book.
import useSWR from 'swr';
import type { ClientPage, ClientSort, SortOrder } from '@shared/api-types';
import { api } from './api-client';

export const CLIENTS_KEY = '/api/clients';

/** Every page read's key (and URL) starts with it: the key family the client writes revalidate. */
export const CLIENT_PAGES_KEY_PREFIX = `${CLIENTS_KEY}?`;

/** One page of the clients: a search (`q`, in the order of the matched word) or a sorted list. */
export type ClientPageQuery = {
  limit: number;
  q?: string;
  sort?: ClientSort;
  order?: SortOrder;
  cursor?: string;
  /** Only the clients with this tag. */
  tag?: string;
};

/** The key and URL of a page: `/api/clients?limit=25&q=…` or `…&sort=…&order=…`, then `&cursor=…`. */
export function clientPageKey({ limit, q, sort, order, cursor, tag }: ClientPageQuery): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (tag) params.set('tag', tag);
  if (q) params.set('q', q);
  else {
    if (sort) params.set('sort', sort);
    if (order) params.set('order', order);
  }
  if (cursor) params.set('cursor', cursor);
  return `${CLIENTS_KEY}?${params.toString()}`;
}

export function getClientPage(key: string): Promise<ClientPage> {
  return api.get<ClientPage>(key);
}

/**
 * A page of clients (none while `key` is null). The page shown last stays while the next loads
 * (`isStale`), so the list does not jump; a page read before is shown at once and read again.
 */
export function useClientPage(key: string | null) {
  const { data, error, isLoading, mutate } = useSWR<ClientPage, Error>(key, getClientPage, {
    keepPreviousData: true,
    revalidateIfStale: true,
  });
  return { page: data, error, isLoading, isStale: isLoading && data !== undefined, mutate };
}
