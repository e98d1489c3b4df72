// DELETE /api/client-invitations/{id}: cancels one of the agent's open invitations; its link is
// refused from then on (the registration page says the invitation is invalid). 204, or 404 for an
// id that is not one of this agent's open invitations.
import { defineHandler } from '../../http/handler';
import { cancelInvitation } from '../../services/invitations';

export const handler = defineHandler('client-invitations/delete-client-invitation', {}, async ({ user, params }) => {
  await cancelInvitation(user.id, params.id ?? '');
  return { status: 204 };
});
