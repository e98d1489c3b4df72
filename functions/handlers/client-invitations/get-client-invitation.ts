// GET /api/client-invitations/{token}: whether an invitation link is good, with the invited name
// and the agent's business to greet the client. Unknown, used and expired links get one answer.
import type { InvitationPreview } from '../../../shared/api-types';
import { INVITATION_TOKEN_PATTERN, REGISTRATION_MESSAGES } from '../../../shared/client-registration';
import { getInvitationByToken, isLiveInvitation } from '../../data/invitations';
import { getUserById } from '../../data/users';
import { definePublicHandler } from '../../http/handler';

const INVALID: InvitationPreview = { valid: false, message: REGISTRATION_MESSAGES.invitationInvalid };

export const handler = definePublicHandler('client-invitations/get-client-invitation', {}, async ({ params }) => {
  const token = params.token ?? '';
  if (!INVITATION_TOKEN_PATTERN.test(token)) return { body: INVALID };
  const invitation = await getInvitationByToken(token);
  if (!invitation || !isLiveInvitation(invitation)) return { body: INVALID };
  const agent = await getUserById(invitation.agentId);
  if (!agent) return { body: INVALID };
  const preview: InvitationPreview = {
    valid: true,
    name: invitation.name,
    email: invitation.email,
    agentName: agent.fullName,
    businessName: agent.businessName ?? null,
    expiresAt: invitation.expiresAt,
  };
  return { body: preview };
});
