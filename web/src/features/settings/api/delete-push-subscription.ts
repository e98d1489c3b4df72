// DELETE /api/push/subscriptions/{id}: a device stops receiving notifications (this one, or one of the list).
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { PUSH_DEVICES_KEY } from './get-push-subscriptions';
import { PUSH_SUBSCRIPTIONS_URL } from './save-push-subscription';

export function deletePushSubscription(id: string): Promise<void> {
  return api.delete<void>(`${PUSH_SUBSCRIPTIONS_URL}/${encodeURIComponent(id)}`);
}

export function useDeletePushSubscription() {
  return useApiMutation(`${PUSH_SUBSCRIPTIONS_URL}#delete`, deletePushSubscription, (mutate) =>
    mutate(PUSH_DEVICES_KEY),
  );
}
