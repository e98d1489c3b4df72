// GET /api/client-invitations/{token}: whether the link is good, and who invited the client.
import useSWR from 'swr';
import type { InvitationPreview } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';

export const invitationKey = (token: string) => `/api/client-invitations/${encodeURIComponent(token)}`;

export function getInvitation(token: string): Promise<InvitationPreview> {
  return api.get<InvitationPreview>(invitationKey(token));
}

export function useInvitation(token: string) {
  const { data, error, isLoading, mutate } = useSWR<InvitationPreview, Error>(invitationKey(token), () => getInvitation(token));
  return { invitation: data, error, isLoading, mutate };
}
