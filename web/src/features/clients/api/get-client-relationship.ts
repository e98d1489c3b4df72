// GET /api/clients/{id}/relationship: how strong the relationship is, the client's referral tier, who referred them,
// how many they referred, and their own referral link. Under the client's key, so a touch or an edit reads it again.
import useSWR from 'swr';
import type { ClientRelationship } from '@shared/next-best';
import { api } from '@/lib/api-client';
import { clientKey } from './get-client';

export const clientRelationshipKey = (clientId: string) => `${clientKey(clientId)}/relationship`;

export function useClientRelationship(clientId: string) {
  const { data, error, mutate } = useSWR<ClientRelationship, Error>(clientRelationshipKey(clientId), () =>
    api.get<ClientRelationship>(clientRelationshipKey(clientId)),
  );
  return { relationship: data, error, retry: () => void mutate() };
}
