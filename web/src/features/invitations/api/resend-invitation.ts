// POST /api/client-invitations/{id}/resend: a fresh link (new expiry) to the same client; the old link stops working.
import type { OpenInvitation } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENT_INVITATIONS_URL, revalidateOpenInvitations } from './get-open-invitations';

export function resendInvitation(id: string): Promise<OpenInvitation> {
  return api.post<OpenInvitation>(`${CLIENT_INVITATIONS_URL}/${encodeURIComponent(id)}/resend`);
}

export function useResendInvitation() {
  return useApiMutation(`POST ${CLIENT_INVITATIONS_URL}/resend`, resendInvitation, revalidateOpenInvitations);
}
