// POST /api/admin/agents/{id}/sending { paused: false }: an administrator lifts an agent's sending pause.
import useSWRMutation from 'swr/mutation';
import type { AdminAgent } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { AGENTS_KEY } from './get-agents';

export function liftSendingPause(agentId: string): Promise<AdminAgent> {
  return api.post<AdminAgent>(`/api/admin/agents/${encodeURIComponent(agentId)}/sending`, { paused: false });
}

/** Lifts the pause and puts the agent as the API answers into the agents list. */
export function useLiftSendingPause() {
  return useSWRMutation<AdminAgent, Error, string, string, AdminAgent[]>(
    AGENTS_KEY,
    (_key, { arg }) => liftSendingPause(arg),
    {
      populateCache: (agent, agents) => (agents ?? []).map((a) => (a.id === agent.id ? agent : a)),
      revalidate: false,
    },
  );
}
