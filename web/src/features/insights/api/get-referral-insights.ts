// GET /api/insights/referrals (Pro): the agent's top referrers, the clients added with a referrer in each of the last
// 12 months, and the suggested touches of the last 8 weeks with how many were acted on. A free agent gets 403
// PRO_REQUIRED, as for GET /api/insights.
import useSWR from 'swr';
import type { ReferralInsights } from '@shared/next-best';
import { api } from '@/lib/api-client';
import { INSIGHTS_KEY_PREFIX } from '@/lib/revalidate-clients';

export const REFERRAL_INSIGHTS_KEY = `${INSIGHTS_KEY_PREFIX}/referrals`;

/** Read again each time the page opens (nothing is asked while `enabled` is false: a free agent). */
export function useReferralInsights({ enabled }: { enabled: boolean }) {
  const { data, error, mutate } = useSWR<ReferralInsights, Error>(
    enabled ? REFERRAL_INSIGHTS_KEY : null,
    () => api.get<ReferralInsights>(REFERRAL_INSIGHTS_KEY),
    { revalidateOnMount: true },
  );
  return { referrals: data, error, retry: () => void mutate() };
}
