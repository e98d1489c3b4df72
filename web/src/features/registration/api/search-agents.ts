// GET /api/public/agents?q=: realtors matching what the visitor typed (3 characters at least; the
// server answers a shorter text with an empty list and whether any realtor is listed at all).
import useSWR from 'swr';
import type { PublicAgentSearch } from '@shared/api-types';
import { AGENT_SEARCH_MIN_CHARS } from '@shared/client-registration';
import { api } from '@/lib/api-client';

export const PUBLIC_AGENTS_URL = '/api/public/agents';

export function publicAgentsKey(query: string): string {
  const q = query.trim();
  return q.length < AGENT_SEARCH_MIN_CHARS ? PUBLIC_AGENTS_URL : `${PUBLIC_AGENTS_URL}?q=${encodeURIComponent(q)}`;
}

export function searchAgents(query: string): Promise<PublicAgentSearch> {
  return api.get<PublicAgentSearch>(publicAgentsKey(query));
}

export function useAgentSearch(query: string) {
  const key = publicAgentsKey(query);
  const { data, error, isLoading } = useSWR<PublicAgentSearch, Error>(key, () => api.get<PublicAgentSearch>(key), {
    keepPreviousData: true,
  });
  return { result: data, error, isLoading, searching: key !== PUBLIC_AGENTS_URL };
}
