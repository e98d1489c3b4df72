// GET /api/clients/{id}/milestones: a client's achievements. Read afresh each time the client's page
// opens, since edits elsewhere can award new ones.
import useSWR from 'swr';
import type { ClientMilestone } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';

export const clientMilestonesKey = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/milestones`;

export function getClientMilestones(clientId: string): Promise<ClientMilestone[]> {
  return api.get<ClientMilestone[]>(clientMilestonesKey(clientId));
}

export function useClientMilestones(clientId: string) {
  const { data, error, isLoading, mutate } = useSWR<ClientMilestone[], Error>(
    clientMilestonesKey(clientId),
    () => getClientMilestones(clientId),
    {
      revalidateOnMount: true,
    },
  );
  return { milestones: data, isLoading, error, retry: () => void mutate() };
}
