// DELETE /api/client-invitations/{id}: cancels an open invitation; its link stops working.
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENT_INVITATIONS_URL, revalidateOpenInvitations } from './get-open-invitations';

export function cancelInvitation(id: string): Promise<void> {
  return api.delete<void>(`${CLIENT_INVITATIONS_URL}/${encodeURIComponent(id)}`);
}

export function useCancelInvitation() {
  return useApiMutation(`DELETE ${CLIENT_INVITATIONS_URL}`, cancelInvitation, revalidateOpenInvitations);
}
