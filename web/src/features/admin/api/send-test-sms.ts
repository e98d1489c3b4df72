// POST /api/test-twilio: sends a test text message through the configured provider.
import useSWRMutation from 'swr/mutation';
import type { TestSmsResult } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const TEST_SMS_URL = '/api/test-twilio';

export function sendTestSms(phone: string): Promise<TestSmsResult> {
  return api.post<TestSmsResult>(TEST_SMS_URL, { phone });
}

export function useSendTestSms() {
  return useSWRMutation<TestSmsResult, Error, string, string>(TEST_SMS_URL, (_key, { arg }) => sendTestSms(arg));
}
