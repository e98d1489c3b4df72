// POST /api/client-invitations/preview {token}: whether an invitation link is good, with the invited
// name and the agent's business to greet the client. Unknown, used and expired links get one answer.
// A read, but the token travels in the body: a path would put it in CloudFront's and API Gateway's
// access logs, and the e-mailed link keeps it in the URL fragment for the same reason.
import * as yup from 'yup';
import { definePublicHandler } from '../../http/handler';
import { previewInvitation } from '../../services/invitations';

const previewSchema = yup.object({ token: yup.string().required('token is required').max(200, 'token is too long') });

export const handler = definePublicHandler(
  'client-invitations/post-client-invitation-preview',
  { body: previewSchema },
  async ({ body }) => ({ body: await previewInvitation(body.token) }),
);
