// POST /api/push/test: a test notification to each of the agent's devices. { sent }: how many push services took it
// (a device whose subscription is gone is removed and not counted).
import { defineHandler } from '../../http/handler';
import { PUSH_ERRORS } from '../../http/push-errors';
import { pushPublicKey, pushToAgent } from '../../integrations/push';
import { TEST_NOTIFICATION } from '../../domain/push-notifications';

export const handler = defineHandler('push/post-push-test', { errors: PUSH_ERRORS }, async ({ user }) => {
  // Without a key pair nothing can be sent: say so rather than answer { sent: 0 }.
  await pushPublicKey();
  const sent = await pushToAgent(user.id, TEST_NOTIFICATION);
  return { body: { sent } };
});
