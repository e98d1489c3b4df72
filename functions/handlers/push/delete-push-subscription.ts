// DELETE /api/push/subscriptions/{id}: this device turns notifications off. 204, or 404 for an id that is not one of
// this agent's subscriptions.
import { PUSH_MESSAGES } from '@shared/push';
import { deletePushSubscription } from '../../data/push-subscriptions';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('push/delete-push-subscription', {}, async ({ user, params }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !(await deletePushSubscription(user.id, id)))
    throw notFound(PUSH_MESSAGES.notFound);
  return { status: 204 };
});
