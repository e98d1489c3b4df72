// GET /api/user/automations: every occasion's rule, and whose occasions come tomorrow.
import useSWR, { type ScopedMutator } from 'swr';
import type { Automations } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const AUTOMATIONS_KEY = '/api/user/automations';

export function getAutomations(): Promise<Automations> {
  return api.get<Automations>(AUTOMATIONS_KEY);
}

export function useAutomations() {
  const { data, error, mutate } = useSWR<Automations, Error>(AUTOMATIONS_KEY, getAutomations);
  return { automations: data, error, retry: () => void mutate() };
}

/** Puts a save's answer (the rules as stored, and tomorrow's preview) in the cache without reading it again. */
export function replaceCachedAutomations(mutate: ScopedMutator, automations: Automations): Promise<unknown> {
  return mutate(AUTOMATIONS_KEY, automations, { revalidate: false });
}
