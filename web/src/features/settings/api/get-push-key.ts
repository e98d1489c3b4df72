// GET /api/push/key: the server's VAPID public key, the applicationServerKey of a push subscription.
import type { PushKey } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const PUSH_KEY_URL = '/api/push/key';

export function getPushKey(): Promise<PushKey> {
  return api.get<PushKey>(PUSH_KEY_URL);
}
