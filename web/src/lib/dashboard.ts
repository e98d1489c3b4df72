// GET /api/dashboard: the dashboard in one request (the counts, the next occasions with their
// clients, the monthly activity), whatever the size of the book. Its key lives here, below the
// features, because every client write revalidates it (revalidate-clients.ts).
import useSWR from 'swr';
import type { Dashboard } from '@shared/api-types';
import { api } from './api-client';

export const DASHBOARD_KEY = '/api/dashboard';

export function getDashboard(): Promise<Dashboard> {
  return api.get<Dashboard>(DASHBOARD_KEY);
}

/**
 * The dashboard's figures. Read again each time the page opens (the figures seen last stay on
 * screen meanwhile): a write made on another page cannot revalidate a read no page shows, and the
 * occasions and months move with the day.
 */
export function useDashboard() {
  // No deduping: coming back within SWR's default 2 s would otherwise skip the read.
  const { data, error, mutate } = useSWR<Dashboard, Error>(DASHBOARD_KEY, getDashboard, {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  return { dashboard: data, error, retry: () => void mutate() };
}
