// POST /api/support: the agent's support request from the Help page, written with their plan at
// that moment (Pro requests are answered first), a few an hour, confirmed by e-mail. 201 with it.
import { supportRequestSchema } from '@shared/support';
import { openSupportRequest } from '../../services/support';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'support/post-support',
  { body: supportRequestSchema },
  async ({ user, body, log }) => ({
    status: 201,
    body: await openSupportRequest(user, body, log),
  }),
);
