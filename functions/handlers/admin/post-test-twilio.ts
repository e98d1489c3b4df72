// POST /api/test-twilio: sends a test text message through the configured provider (SNS, Twilio or
// the local outbox). A provider's refusal comes back as 502 with the provider's own reason.
import type { TestSmsResult } from '@shared/api-types';
import { TEST_SMS_MESSAGES, testSmsSchema, toE164 } from '@shared/test-sms';
import { hitLimit } from '../../data/throttle';
import { config } from '../../config';
import { phoneCountry, smsCountriesMessage } from '../../domain/phone-numbers';
import { badRequest, HttpError, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { sendSms, SmsError } from '../../integrations/sms';

export const TEST_SMS_TEXT = 'Hearthside test message: text notifications are working.';
export const TEST_SMS_LIMIT = { max: 10, windowSeconds: 15 * 60 } as const;

export const handler = defineHandler('admin/post-test-twilio', { body: testSmsSchema }, async ({ user, body, log }) => {
  const limit = await hitLimit({ scope: 'test-sms', id: user.id, ...TEST_SMS_LIMIT });
  if (limit.limited)
    throw tooManyRequests('Too many test messages. Please wait a few minutes and try again.', limit.retryAfterSeconds);
  const to = toE164(body.phone);
  const { smsAllowedCountries } = config();
  if (!smsAllowedCountries.includes(phoneCountry(to) ?? '')) {
    const message = smsCountriesMessage(smsAllowedCountries);
    throw badRequest(message, { phone: message }, 'SMS_COUNTRY_NOT_ALLOWED');
  }
  try {
    await sendSms(to, TEST_SMS_TEXT);
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    log.warn('test SMS refused by the provider', { reason: error.reason });
    throw new HttpError(502, error.reason, { code: 'SMS_FAILED' });
  }
  const result: TestSmsResult = { message: TEST_SMS_MESSAGES.sent, to };
  return { body: result };
});
