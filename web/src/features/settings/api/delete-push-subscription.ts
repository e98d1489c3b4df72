// DELETE /api/push/subscriptions/{id}: this device stops receiving notifications.
import { api } from '@/lib/api-client';
import { PUSH_SUBSCRIPTIONS_URL } from './save-push-subscription';

export function deletePushSubscription(id: string): Promise<void> {
  return api.delete<void>(`${PUSH_SUBSCRIPTIONS_URL}/${encodeURIComponent(id)}`);
}
