// GET /api/insights?months=N (Pro): the agent's figures for the last N months, oldest first, in the
// agent's time zone, and their book as it is today. A free agent gets 403 PRO_REQUIRED.
import useSWR from 'swr';
import type { Insights } from '@shared/api-types';
import { ApiError, api } from '@/lib/api-client';
import { INSIGHTS_KEY_PREFIX } from '@/lib/revalidate-clients';

/** The periods the page offers, in months ending with the current one. */
export const INSIGHTS_PERIODS = [3, 6, 12] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
export const DEFAULT_PERIOD: InsightsPeriod = 12;

/** `?months=` as the page reads it: one of the periods, else the default. */
export function parsePeriod(value: string | null): InsightsPeriod {
  const months = Number(value);
  return (INSIGHTS_PERIODS as readonly number[]).includes(months) ? (months as InsightsPeriod) : DEFAULT_PERIOD;
}

export const insightsUrl = (months: InsightsPeriod): string => `${INSIGHTS_KEY_PREFIX}?months=${months}`;

export function getInsights(months: InsightsPeriod): Promise<Insights> {
  return api.get<Insights>(insightsUrl(months));
}

/** The API's answer to an agent who is not on Pro (their cached user may still say so). */
export function isProRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'PRO_REQUIRED';
}

/**
 * The figures for a period; nothing is asked while `enabled` is false (a free agent). Read again
 * each time the page opens, and the previous period's figures stay on screen while another loads.
 */
export function useInsights(months: InsightsPeriod, { enabled }: { enabled: boolean }) {
  const { data, error, isLoading, mutate } = useSWR<Insights, Error>(
    enabled ? insightsUrl(months) : null,
    () => getInsights(months),
    {
      keepPreviousData: true,
      revalidateOnMount: true,
    },
  );
  return { insights: data, error, isLoading, retry: () => void mutate() };
}
