// GET /api/client-invitations: the agent's invitations no client has used yet, newest first.
import useSWR, { type ScopedMutator } from 'swr';
import type { OpenInvitation } from '@shared/api-types';
import { api } from '@/lib/api-client';

/** The open invitations' read, and the URL invitations are sent, resent and cancelled under. */
export const CLIENT_INVITATIONS_URL = '/api/client-invitations';

export function getOpenInvitations(): Promise<OpenInvitation[]> {
  return api.get<OpenInvitation[]>(CLIENT_INVITATIONS_URL);
}

export function useOpenInvitations() {
  const { data, error, isLoading, mutate } = useSWR<OpenInvitation[], Error>(
    CLIENT_INVITATIONS_URL,
    getOpenInvitations,
  );
  return { invitations: data, error, isLoading, mutate };
}

/** After an invitation is sent, resent or cancelled. */
export function revalidateOpenInvitations(mutate: ScopedMutator): Promise<unknown> {
  return mutate(CLIENT_INVITATIONS_URL);
}
