// GET /api/agents: every agent, for administrators.
import useSWR from 'swr';
import type { AdminAgent } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const AGENTS_KEY = '/api/agents';

export function getAgents(): Promise<AdminAgent[]> {
  return api.get<AdminAgent[]>(AGENTS_KEY);
}

export function useAgents({ enabled = true }: { enabled?: boolean } = {}) {
  const { data, error, isLoading, mutate } = useSWR<AdminAgent[], Error>(enabled ? AGENTS_KEY : null, getAgents);
  return { agents: data, error, isLoading, mutate };
}
