// POST /api/push/subscriptions: this device's push subscription (PushSubscription.toJSON()), bound to this session and
// labelled from the browser's User-Agent. 201 { id }; the same endpoint again answers the same id (its keys renewed).
import { PUSH_MESSAGES, pushSubscriptionSchema } from '@shared/push';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { HttpError, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { invalidInputAnswer } from '../../http/request-refusals';
import { subscribeDevice } from '../../services/push-subscriptions';

const REFUSALS = refusalAnswers<RefusalOf<typeof subscribeDevice>>({
  'invalid-input': invalidInputAnswer('VALIDATION_FAILED'),
  'too-many-devices': () => new HttpError(409, PUSH_MESSAGES.tooMany, { code: 'TOO_MANY_DEVICES' }),
});

export const handler = defineHandler(
  'push/post-push-subscriptions',
  { body: pushSubscriptionSchema, refusals: REFUSALS },
  async ({ user, sessionId, event, body }) => {
    const userAgent = event.headers?.['user-agent'];
    const saved = await subscribeDevice(user.id, { sessionId, userAgent }, body, new Date());
    return isRefusal(saved) ? saved : { status: 201, body: { id: saved.id } };
  },
);
