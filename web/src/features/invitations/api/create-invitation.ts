// POST /api/client-invitations: e-mails a client a link to complete their own profile; the open
// invitations are read again so the new one is listed.
import type { SentInvitation } from '@shared/api-types';
import type { InvitationInput } from '@shared/client-registration';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENT_INVITATIONS_URL, revalidateOpenInvitations } from './get-open-invitations';

export function createInvitation(input: InvitationInput): Promise<SentInvitation> {
  return api.post<SentInvitation>(CLIENT_INVITATIONS_URL, input);
}

export function useCreateInvitation() {
  return useApiMutation(`POST ${CLIENT_INVITATIONS_URL}`, createInvitation, revalidateOpenInvitations);
}
