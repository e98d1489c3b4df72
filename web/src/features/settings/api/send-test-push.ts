// POST /api/push/test: a test notification to each of the agent's devices.
import type { PushTestResult } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const PUSH_TEST_URL = '/api/push/test';

export function sendTestPush(): Promise<PushTestResult> {
  return api.post<PushTestResult>(PUSH_TEST_URL);
}
