// GET /api/admin/analytics: platform totals, 12 months of series and the agent details.
import useSWR from 'swr';
import type { AdminAnalytics } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const ADMIN_ANALYTICS_KEY = '/api/admin/analytics';

export function getAdminAnalytics(): Promise<AdminAnalytics> {
  return api.get<AdminAnalytics>(ADMIN_ANALYTICS_KEY);
}

export function useAdminAnalytics({ enabled = true }: { enabled?: boolean } = {}) {
  const { data, error, isLoading, mutate } = useSWR<AdminAnalytics, Error>(
    enabled ? ADMIN_ANALYTICS_KEY : null,
    getAdminAnalytics,
  );
  return { analytics: data, error, isLoading, mutate };
}
