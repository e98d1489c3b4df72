// POST /api/push/subscriptions: this device's push subscription; the same endpoint always answers the same id.
import type { PushSubscriptionCreated } from '@shared/api-types';
import type { PushSubscriptionInput } from '@shared/push';
import { api } from '@/lib/api-client';

export const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';

export function savePushSubscription(subscription: PushSubscriptionInput): Promise<PushSubscriptionCreated> {
  return api.post<PushSubscriptionCreated>(PUSH_SUBSCRIPTIONS_URL, subscription);
}
