// SWR defaults: no retries, no refetch on focus, reconnect or interval, data never
// stale; a read's URL is its key (or the key's first element).
import type { SWRConfiguration } from 'swr';
import { api } from './api-client';

export type SwrKey = string | readonly [string, ...unknown[]];

export function defaultFetcher<T>(key: SwrKey): Promise<T> {
  return api.get<T>(typeof key === 'string' ? key : key[0]);
}

export const swrConfig = {
  fetcher: defaultFetcher,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
} satisfies SWRConfiguration;
