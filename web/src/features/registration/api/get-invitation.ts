// POST /api/client-invitations/preview {token}: whether the link is good, and who invited the client.
// The token goes in the body, never in a URL a server logs.
import useSWR from 'swr';
import type { InvitationPreview } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const INVITATION_PREVIEW_URL = '/api/client-invitations/preview';

export function getInvitation(token: string): Promise<InvitationPreview> {
  return api.post<InvitationPreview>(INVITATION_PREVIEW_URL, { token });
}

export function useInvitation(token: string) {
  const { data, error, isLoading, mutate } = useSWR<InvitationPreview, Error>(
    [INVITATION_PREVIEW_URL, token] as const,
    () => getInvitation(token),
  );
  return { invitation: data, error, isLoading, mutate };
}
