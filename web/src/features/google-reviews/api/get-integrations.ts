// GET /api/integrations: how each Google feature's sync stands (ok, degraded, reauth_needed, off) and what its last
// sync did. Read once by the signed-in shell (its banner) and shared with Settings' Google card; every sync, switch and
// conflict resolved reads it again.
import useSWR, { type ScopedMutator } from 'swr';
import type { Integrations } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const INTEGRATIONS_KEY = '/api/integrations';

export function useIntegrations() {
  const { data, error, mutate } = useSWR<Integrations, Error>(INTEGRATIONS_KEY, (key: string) =>
    api.get<Integrations>(key),
  );
  return { integrations: data, error, retry: () => void mutate() };
}

export function revalidateIntegrations(mutate: ScopedMutator): Promise<unknown> {
  return mutate(INTEGRATIONS_KEY);
}
