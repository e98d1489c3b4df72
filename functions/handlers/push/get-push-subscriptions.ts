// GET /api/push/subscriptions: the agent's devices with notifications on, each with its label, when it was added and
// when a push last reached it, so Settings can list them and turn off any one.
import { defineHandler } from '../../http/handler';
import { listDevices } from '../../services/push-subscriptions';

export const handler = defineHandler('push/get-push-subscriptions', {}, async ({ user }) => ({
  body: { subscriptions: await listDevices(user.id) },
}));
