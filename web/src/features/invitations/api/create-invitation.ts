// POST /api/client-invitations: e-mails a client a link to complete their own profile.
import useSWRMutation from 'swr/mutation';
import type { SentInvitation } from '../../../../../shared/api-types';
import type { InvitationInput } from '../../../../../shared/client-registration';
import { api } from '../../../lib/api-client';

export const CLIENT_INVITATIONS_URL = '/api/client-invitations';

export function createInvitation(input: InvitationInput): Promise<SentInvitation> {
  return api.post<SentInvitation>(CLIENT_INVITATIONS_URL, input);
}

export function useCreateInvitation() {
  return useSWRMutation<SentInvitation, Error, string, InvitationInput>(CLIENT_INVITATIONS_URL, (_url, { arg }) => createInvitation(arg));
}
