// DELETE /api/client-invitations/{id}: cancels one of the agent's open invitations; its link is
// refused from then on (the registration page says the invitation is invalid). 204, or 404 for an
// id that is not one of this agent's open invitations.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { INVITATION_NOT_FOUND } from '../../http/send-refusals';
import { cancelInvitation } from '../../services/invitations';

const REFUSALS = refusalAnswers<RefusalOf<typeof cancelInvitation>>({
  'not-found': () => notFound(INVITATION_NOT_FOUND),
});

export const handler = defineHandler(
  'client-invitations/delete-client-invitation',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const cancelled = await cancelInvitation(user.id, params.id ?? '');
    return isRefusal(cancelled) ? cancelled : { status: 204 };
  },
);
