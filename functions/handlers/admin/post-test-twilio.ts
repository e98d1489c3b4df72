// POST /api/test-twilio: sends a test text message through the configured provider (SNS, Twilio or
// the local outbox). A provider's refusal comes back as 502 with the provider's own reason.
import { testSmsSchema } from '@shared/test-sms';
import { smsCountriesMessage } from '../../domain/phone-numbers';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { badRequest, HttpError, refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { sendTestSms } from '../../services/test-sms';

const REFUSALS = refusalAnswers<RefusalOf<typeof sendTestSms>>({
  'rate-limited': ({ retryAfterSeconds }) =>
    tooManyRequests('Too many test messages. Please wait a few minutes and try again.', retryAfterSeconds),
  'sms-country-not-allowed': ({ allowedCountries }) => {
    const message = smsCountriesMessage(allowedCountries);
    return badRequest(message, { phone: message }, 'SMS_COUNTRY_NOT_ALLOWED');
  },
  'send-failed': ({ reason }) => new HttpError(502, reason, { code: 'SMS_FAILED' }),
});

export const handler = defineHandler(
  'admin/post-test-twilio',
  { body: testSmsSchema, refusals: REFUSALS },
  async ({ user, body, log }) => {
    const sent = await sendTestSms(user.id, body.phone, log);
    return isRefusal(sent) ? sent : { body: sent };
  },
);
