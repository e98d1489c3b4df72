// An administrator's test text through the configured provider (SNS, Twilio or the local outbox), to check that texts
// go out: a few per administrator every 15 minutes, to a country texts may go to. A provider's refusal comes back
// with the provider's own reason.
import type { TestSmsResult } from '@shared/api-types';
import { TEST_SMS_MESSAGES, toE164 } from '@shared/test-sms';
import { config } from '../config';
import { hitLimit } from '../data/throttle';
import { phoneCountry } from '../domain/phone-numbers';
import type { RateLimited, SendFailed, SmsCountryNotAllowed } from '../domain/refusals';
import { sendSms, SmsError } from '../integrations/sms';
import type { Logger } from '../observability/logger';

export const TEST_SMS_TEXT = 'Hearthside test message: text notifications are working.';
export const TEST_SMS_LIMIT = { max: 10, windowSeconds: 15 * 60 } as const;

export async function sendTestSms(
  adminId: string,
  phone: string,
  log: Pick<Logger, 'warn'>,
): Promise<TestSmsResult | RateLimited<'test-texts'> | SmsCountryNotAllowed | Required<SendFailed<'sms'>>> {
  const { max } = TEST_SMS_LIMIT;
  const limit = await hitLimit({ scope: 'test-sms', id: adminId, ...TEST_SMS_LIMIT });
  if (limit.limited)
    return { kind: 'rate-limited', what: 'test-texts', max, retryAfterSeconds: limit.retryAfterSeconds };
  const to = toE164(phone);
  const { smsAllowedCountries } = config();
  if (!smsAllowedCountries.includes(phoneCountry(to) ?? ''))
    return { kind: 'sms-country-not-allowed', allowedCountries: smsAllowedCountries };
  try {
    await sendSms(to, TEST_SMS_TEXT);
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    log.warn('test SMS refused by the provider', { reason: error.reason });
    return { kind: 'send-failed', channel: 'sms', reason: error.reason };
  }
  return { message: TEST_SMS_MESSAGES.sent, to };
}
