// POST /api/push/subscriptions: this device's push subscription (PushSubscription.toJSON()). 201 { id }; the same
// endpoint again answers the same id (its keys renewed).
import { pushSubscriptionSchema } from '@shared/push';
import { badRequest, HttpError } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { subscribeDevice } from '../../services/push-subscriptions';

export const handler = defineHandler(
  'push/post-push-subscriptions',
  { body: pushSubscriptionSchema },
  async ({ user, body }) => {
    const saved = await subscribeDevice(user.id, body, new Date());
    if (saved.ok) return { status: 201, body: { id: saved.id } };
    if (saved.reason === 'too-many') throw new HttpError(409, saved.message, { code: 'TOO_MANY_DEVICES' });
    const field = saved.reason === 'bad-endpoint' ? 'endpoint' : 'keys.p256dh';
    throw badRequest(saved.message, { [field]: saved.message }, 'VALIDATION_FAILED');
  },
);
