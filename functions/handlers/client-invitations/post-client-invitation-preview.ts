// POST /api/client-invitations/preview {token}: whether an invitation link is good, with the invited
// name and the agent's business to greet the client. Unknown, used and expired links get one answer.
// A read, but the token travels in the body: a path would put it in CloudFront's and API Gateway's
// access logs, and the e-mailed link keeps it in the URL fragment for the same reason.
import type { InvitationPreview } from '@shared/api-types';
import { INVITATION_TOKEN_PATTERN, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { getInvitationByToken, isLiveInvitation } from '../../data/invitations';
import { getUserById } from '../../data/users';
import * as yup from 'yup';
import { definePublicHandler } from '../../http/handler';

const INVALID: InvitationPreview = { valid: false, message: REGISTRATION_MESSAGES.invitationInvalid };

const previewSchema = yup.object({ token: yup.string().required('token is required').max(200, 'token is too long') });

export const handler = definePublicHandler(
  'client-invitations/post-client-invitation-preview',
  { body: previewSchema },
  async ({ body }) => {
    const { token } = body;
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
  },
);
