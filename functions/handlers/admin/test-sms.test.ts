import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { TEST_SMS_MESSAGES } from '@shared/test-sms';
import { resetConfig } from '../../config';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { TEST_SMS_LIMIT, TEST_SMS_TEXT } from '../../services/test-sms';
import { useHandlerAdminApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'sms-admin@example.com';

let api: HandlerApi;
let admin: ApiClient;
useHandlerAdminApi(ADMIN_EMAIL, (started) => ({ api, admin } = started));

async function freshAdmin(): Promise<ApiClient> {
  // Each test gets its own administrator, so the hourly limit of one test never touches another.
  const email = `sms-admin-${Math.random().toString(36).slice(2)}@example.com`;
  process.env.ADMIN_EMAILS = `${ADMIN_EMAIL},${email}`;
  resetConfig();
  return (await signedInAgent(api, { username: email })).client;
}

describe('test SMS', () => {
  it('sends a test message to the number in E.164 through the configured provider (the outbox here)', async () => {
    const res = await admin.post('/api/test-twilio', { phone: '5125550123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Test SMS sent successfully', to: '+15125550123' });
    const sms = (await api.outbox()).filter((m) => m.channel === 'sms' && m.to === '+15125550123');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toBe(TEST_SMS_TEXT);
  });

  it.each([
    [{}, TEST_SMS_MESSAGES.phoneRequired],
    [{ phone: '' }, 'Please enter a phone number'],
    [{ phone: '   ' }, 'Please enter a phone number'],
    [{ phone: '123456789' }, 'Please enter a valid phone number (e.g., +1234567890 or 1234567890)'],
    [{ phone: '(512) 555-0100' }, TEST_SMS_MESSAGES.invalidPhone],
    [{ phone: '+1 512 555 0100' }, TEST_SMS_MESSAGES.invalidPhone],
    [{ phone: '2234567890123' }, TEST_SMS_MESSAGES.invalidPhone],
    [{ phone: 'call me' }, TEST_SMS_MESSAGES.invalidPhone],
    [{ phone: 5125550100 }, 'phone must be a string'],
  ])('refuses %j with %j and sends nothing', async (body, message) => {
    const sender = await freshAdmin(); // registering mails its verification link: count after it
    const before = (await api.outbox()).length;
    const res = await sender.post('/api/test-twilio', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await api.outbox()).length).toBe(before);
  });

  it.each([
    ['+12345678901', '+12345678901'],
    ['15125550100', '+15125550100'],
  ])('accepts %s and sends to %s', async (phone, to) => {
    const res = await (await freshAdmin()).post('/api/test-twilio', { phone });
    expect(res.status).toBe(200);
    expect(res.body.to).toBe(to);
  });

  it('refuses a number outside SMS_ALLOWED_COUNTRIES with 400, and sends it once the country is listed', async () => {
    const admin = await freshAdmin();
    const before = (await api.outbox()).length;
    const refused = await admin.post('/api/test-twilio', { phone: '+447911123456' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'Text messages go only to numbers in US and CA.',
      code: 'SMS_COUNTRY_NOT_ALLOWED',
      errors: { phone: 'Text messages go only to numbers in US and CA.' },
    });
    expect((await api.outbox()).length).toBe(before);
    process.env.SMS_ALLOWED_COUNTRIES = 'US,CA,GB';
    resetConfig();
    try {
      const res = await (await freshAdmin()).post('/api/test-twilio', { phone: '+447911123456' });
      expect(res.status).toBe(200);
      expect(res.body.to).toBe('+447911123456');
    } finally {
      delete process.env.SMS_ALLOWED_COUNTRIES;
      resetConfig();
    }
  });

  it("answers 502 with the provider's reason when the provider refuses", async () => {
    const sns = mockClient(SNSClient);
    sns.on(PublishCommand).rejects(
      Object.assign(new Error('Invalid parameter: PhoneNumber Reason: +15125550100 is not opted in'), {
        name: 'InvalidParameterException',
      }),
    );
    process.env.SMS_PROVIDER = 'sns';
    resetConfig();
    try {
      const res = await (await freshAdmin()).post('/api/test-twilio', { phone: '+15125550100' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        message: 'Invalid parameter: PhoneNumber Reason: +15125550100 is not opted in',
        code: 'SMS_FAILED',
      });
      expect(sns).toHaveReceivedCommandWith(PublishCommand, { PhoneNumber: '+15125550100', Message: TEST_SMS_TEXT });
    } finally {
      process.env.SMS_PROVIDER = 'outbox';
      resetConfig();
      sns.restore();
    }
  });

  it(`allows ${TEST_SMS_LIMIT.max} test messages per administrator per 15 minutes`, async () => {
    const client = await freshAdmin();
    for (let i = 0; i < TEST_SMS_LIMIT.max; i += 1)
      expect((await client.post('/api/test-twilio', { phone: '5125550100' })).status).toBe(200);
    const refused = await client.post('/api/test-twilio', { phone: '5125550100' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
