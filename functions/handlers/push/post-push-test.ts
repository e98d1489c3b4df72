// POST /api/push/test: a test notification to each of the agent's devices, PUSH_TESTS_PER_HOUR an hour. { sent }: how
// many push services took it (a device whose subscription is gone is removed and not counted); 429 RATE_LIMITED past
// the limit, 503 PUSH_NOT_SET_UP without a key pair.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { PUSH_ERRORS } from '../../http/push-errors';
import { sendTestNotification } from '../../services/push-subscriptions';

const REFUSALS = refusalAnswers<RefusalOf<typeof sendTestNotification>>({
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You have sent ${max} test notifications this hour. Please try again later.`, retryAfterSeconds),
});

export const handler = defineHandler(
  'push/post-push-test',
  { errors: PUSH_ERRORS, refusals: REFUSALS },
  async ({ user }) => {
    const result = await sendTestNotification(user.id, new Date());
    return isRefusal(result) ? result : { body: result };
  },
);
