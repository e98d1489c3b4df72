// Secrets in AWS: read through the Parameters and Secrets extension (a fake one here, answering as
// the real one does), once per cold start, retried after a failure, refused when unusable.
import {
  config,
  ConfigError,
  googlePlacesApiKey,
  openaiApiKey,
  originVerifySecret,
  readConfig,
  readFromSecretsExtension,
  resetConfig,
  sessionSecret,
  stripeKeys,
  STRIPE_PRICE_REQUIRED,
  twilioCredentials,
} from './config';
import { startFakeSecretsExtension, type FakeSecretsExtension } from './testing/secrets-extension';

const SESSION_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:session-AbCdEf';
const ORIGIN_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:origin-verify-AbCdEf';
const SESSION_VALUE = 'a-generated-session-secret-of-48-characters-xyz1';
/** The two settings every configuration needs, for the tests of the others. */
const BASE = { APP_URL: 'https://app.example.com', TABLE_NAME: 't' };

/** An hourly limit's setting `name`: `fallback` when unset, the number in `value` when set, and 0 refused by name. */
function expectHourlyLimit(
  name: string,
  limit: (read: ReturnType<typeof readConfig>) => number,
  fallback: number,
  value: string,
) {
  expect(limit(readConfig(BASE))).toBe(fallback);
  expect(limit(readConfig({ ...BASE, [name]: value }))).toBe(Number(value));
  expect(() => readConfig({ ...BASE, [name]: '0' })).toThrow(
    new ConfigError(`${name} must be a whole number from 1 to 1000000`),
  );
}

describe('secrets named by ARN', () => {
  let extension: FakeSecretsExtension;
  const saved = { ...process.env };

  beforeEach(async () => {
    extension = await startFakeSecretsExtension({
      [SESSION_ARN]: `${SESSION_VALUE}\n`,
      [ORIGIN_ARN]: 'origin-secret',
      'arn:short': 'too short',
    });
    delete process.env.SESSION_SECRET;
    delete process.env.ORIGIN_VERIFY_SECRET;
    process.env.SESSION_SECRET_ARN = SESSION_ARN;
    process.env.ORIGIN_VERIFY_SECRET_ARN = ORIGIN_ARN;
    resetConfig();
  });

  afterEach(async () => {
    await extension.close();
    for (const name of ['SESSION_SECRET', 'SESSION_SECRET_ARN', 'ORIGIN_VERIFY_SECRET', 'ORIGIN_VERIFY_SECRET_ARN']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetConfig();
  });

  it('reads the session secret through the extension once, trimmed, and keeps it', async () => {
    expect(new TextDecoder().decode(await sessionSecret())).toBe(SESSION_VALUE);
    await sessionSecret();
    expect(extension.requests).toEqual([SESSION_ARN]);
    expect(await originVerifySecret()).toBe('origin-secret');
    expect(extension.requests).toEqual([SESSION_ARN, ORIGIN_ARN]);
  });

  it('prefers the value itself over the ARN', async () => {
    process.env.SESSION_SECRET = 'x'.repeat(40);
    resetConfig();
    expect(new TextDecoder().decode(await sessionSecret())).toBe('x'.repeat(40));
    expect(extension.requests).toEqual([]);
  });

  it('does not keep a failure: the next request asks again and succeeds', async () => {
    extension.failWith(500);
    await expect(sessionSecret()).rejects.toThrow(/answered 500/);
    extension.failWith(undefined);
    expect(new TextDecoder().decode(await sessionSecret())).toBe(SESSION_VALUE);
    expect(extension.requests).toEqual([SESSION_ARN, SESSION_ARN]);
  });

  it('refuses a session secret shorter than 32 characters and an unknown secret', async () => {
    process.env.SESSION_SECRET_ARN = 'arn:short';
    resetConfig();
    await expect(sessionSecret()).rejects.toThrow(ConfigError);
    await expect(readFromSecretsExtension('arn:missing')).rejects.toThrow(/answered 400/);
  });

  it('says why outside Lambda, where there is no session token for the extension', async () => {
    delete process.env.AWS_SESSION_TOKEN;
    await expect(readFromSecretsExtension(SESSION_ARN)).rejects.toThrow(/only inside Lambda/);
  });

  it('without a value or an ARN, the session secret is a clear configuration error and the origin secret is absent', async () => {
    delete process.env.SESSION_SECRET_ARN;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    resetConfig();
    await expect(sessionSecret()).rejects.toThrow('Missing required setting SESSION_SECRET (or SESSION_SECRET_ARN)');
    expect(await originVerifySecret()).toBeUndefined();
  });
});

describe('the registration throttle setting', () => {
  it('defaults to 30 registrations per address an hour and honours REGISTRATIONS_PER_IP_PER_HOUR', () => {
    expect(readConfig(BASE).registrationsPerIpPerHour).toBe(30);
    expect(readConfig({ ...BASE, REGISTRATIONS_PER_IP_PER_HOUR: ' 120 ' }).registrationsPerIpPerHour).toBe(120);
  });

  it.each(['0', '-1', '2.5', 'many'])('refuses REGISTRATIONS_PER_IP_PER_HOUR=%p', (value) => {
    expect(() => readConfig({ ...BASE, REGISTRATIONS_PER_IP_PER_HOUR: value })).toThrow(ConfigError);
  });

  it('defaults to 100 new accounts an hour for the whole platform and honours REGISTRATIONS_PER_HOUR', () => {
    expectHourlyLimit('REGISTRATIONS_PER_HOUR', (read) => read.registrationsPerHour, 100, ' 500 ');
  });
});

describe('the inbound e-mail domain', () => {
  it('is unset by default, and read in lower case', () => {
    expect(readConfig(BASE).inboundEmailDomain).toBeUndefined();
    expect(readConfig({ ...BASE, INBOUND_EMAIL_DOMAIN: ' Reply.Example.com ' }).inboundEmailDomain).toBe(
      'reply.example.com',
    );
  });

  it.each(['localhost', 'reply..example.com', '-reply.example.com', 'r@example.com', 'reply.example.com/x'])(
    'refuses INBOUND_EMAIL_DOMAIN=%p',
    (value) => {
      expect(() => readConfig({ ...BASE, INBOUND_EMAIL_DOMAIN: value })).toThrow(ConfigError);
    },
  );
});

describe('same-site origins', () => {
  const env = { APP_URL: 'https://app.example.com/', TABLE_NAME: 't' };

  it("are APP_URL's origin alone unless the local runtime lists the origins it listens on", () => {
    expect(readConfig(env).sameSiteOrigins).toEqual(['https://app.example.com']);
    expect(readConfig({ ...env, LOCAL_ORIGINS: '' }).sameSiteOrigins).toEqual(['https://app.example.com']);
    expect(
      readConfig({
        APP_URL: 'http://localhost:3000',
        TABLE_NAME: 't',
        LOCAL_ORIGINS: 'http://localhost:3000, http://127.0.0.1:3000,http://[::1]:3000',
      }).sameSiteOrigins,
    ).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
  });
});

describe('the Stripe price', () => {
  it('is required with a Stripe key: without it the configuration fails with a clear message', () => {
    expect(() => readConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      new ConfigError(STRIPE_PRICE_REQUIRED),
    );
    expect(() => readConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ID: ' ' })).toThrow(ConfigError);
    expect(readConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ID: 'price_pro' })).toMatchObject({
      paymentProvider: 'stripe',
      stripePriceId: 'price_pro',
    });
  });

  it('is not needed without a Stripe key (the local simulator)', () => {
    expect(readConfig({ ...BASE, PAYMENT_PROVIDER: 'simulator' }).stripePriceId).toBeUndefined();
  });
});

describe('outbound limits', () => {
  it('default to caps by trust (new free 20 and 5, free 50 and 10, Pro 200 and 50 a day), texts to US and CA only', () => {
    expect(readConfig(BASE)).toMatchObject({
      dailySendLimits: { new: { email: 20, sms: 5 }, free: { email: 50, sms: 10 }, pro: { email: 200, sms: 50 } },
      newAccountDays: 7,
      platformDailyLimits: { email: 40_000, sms: 5_000 },
      freePlatformSharePercent: 25,
      sendingReview: { days: 14, minEmails: 50 },
      smsAllowedCountries: ['US', 'CA'],
    });
  });

  it('are changed by their settings, Pro caps being the most any tier gets', () => {
    expect(
      readConfig({
        ...BASE,
        DAILY_EMAIL_LIMIT: '500',
        DAILY_SMS_LIMIT: '0',
        FREE_DAILY_EMAIL_LIMIT: '80',
        NEW_ACCOUNT_DAILY_EMAIL_LIMIT: '900',
        NEW_ACCOUNT_DAYS: '3',
        PLATFORM_DAILY_EMAIL_LIMIT: '7',
        FREE_PLATFORM_SHARE_PERCENT: '40',
        SENDING_REVIEW_DAYS: '30',
        SENDING_REVIEW_MIN_EMAILS: '100',
        SMS_ALLOWED_COUNTRIES: ' us, gb ,US',
      }),
    ).toMatchObject({
      dailySendLimits: { new: { email: 500, sms: 0 }, free: { email: 80, sms: 0 }, pro: { email: 500, sms: 0 } },
      newAccountDays: 3,
      platformDailyLimits: { email: 7, sms: 5_000 },
      freePlatformSharePercent: 40,
      sendingReview: { days: 30, minEmails: 100 },
      smsAllowedCountries: ['US', 'GB'],
    });
  });

  it.each([
    [{ DAILY_EMAIL_LIMIT: 'lots' }, 'DAILY_EMAIL_LIMIT must be a whole number from 0 to 1000000'],
    [{ DAILY_SMS_LIMIT: '-1' }, 'DAILY_SMS_LIMIT must be a whole number from 0 to 1000000'],
    [{ FREE_DAILY_EMAIL_LIMIT: '1.5' }, 'FREE_DAILY_EMAIL_LIMIT must be a whole number from 0 to 1000000'],
    [{ PLATFORM_DAILY_SMS_LIMIT: 'x' }, 'PLATFORM_DAILY_SMS_LIMIT must be a whole number from 0 to 1000000'],
    [{ SENDING_REVIEW_DAYS: '0' }, 'SENDING_REVIEW_DAYS must be a whole number from 1 to 1000000'],
    [{ FREE_PLATFORM_SHARE_PERCENT: '101' }, 'FREE_PLATFORM_SHARE_PERCENT must be a whole number from 0 to 100'],
    [
      { SMS_ALLOWED_COUNTRIES: 'USA' },
      'SMS_ALLOWED_COUNTRIES must list two-letter country codes (like US,CA); "USA" is not one',
    ],
  ])('refuse %j loudly', (env, message) => {
    expect(() => readConfig({ ...BASE, ...env })).toThrow(new ConfigError(message));
  });
});

describe('support requests', () => {
  it('default to 5 an hour per agent, and follow SUPPORT_REQUESTS_PER_HOUR (at least 1)', () => {
    expectHourlyLimit('SUPPORT_REQUESTS_PER_HOUR', (read) => read.supportRequestsPerHour, 5, '20');
  });
});

describe('AI drafts', () => {
  it('default to no model (local) with Nova Micro as the Bedrock model and 50 AI drafts a day', () => {
    expect(readConfig(BASE)).toMatchObject({
      aiProvider: 'local',
      bedrockModelId: 'amazon.nova-micro-v1:0',
      openai: undefined,
      aiDraftsPerDay: 50,
    });
  });

  it('take Bedrock with an inference profile, or an OpenAI-compatible endpoint, and AI_DRAFTS_PER_DAY', () => {
    expect(
      readConfig({
        ...BASE,
        AI_PROVIDER: 'bedrock',
        AI_MODEL_ID: 'us.amazon.nova-micro-v1:0',
        AI_DRAFTS_PER_DAY: '10',
      }),
    ).toMatchObject({
      aiProvider: 'bedrock',
      bedrockModelId: 'us.amazon.nova-micro-v1:0',
      aiDraftsPerDay: 10,
    });
    expect(
      readConfig({ ...BASE, AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.2:3b' })
        .openai,
    ).toEqual({ baseUrl: 'http://localhost:11434', model: 'llama3.2:3b' });
    expect(
      readConfig({ ...BASE, AI_PROVIDER: 'openai', AI_BASE_URL: 'https://api.openai.com', AI_MODEL: 'gpt-4o-mini' })
        .openai,
    ).toEqual({ baseUrl: 'https://api.openai.com', model: 'gpt-4o-mini' });
  });

  it.each([
    [{ AI_PROVIDER: 'gpt' }, 'AI_PROVIDER must be one of bedrock, openai, local'],
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'm' }, 'Missing required setting AI_BASE_URL'],
    [
      { AI_PROVIDER: 'openai', AI_BASE_URL: 'localhost:11434', AI_MODEL: 'm' },
      'AI_BASE_URL must be an http(s) URL, like https://api.openai.com',
    ],
    [{ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1' }, 'Missing required setting AI_MODEL'],
    [
      { AI_MODEL_ID: 'arn:aws:bedrock:*' },
      'AI_MODEL_ID must be a model or inference profile id, like amazon.nova-micro-v1:0',
    ],
    [{ AI_DRAFTS_PER_DAY: 'many' }, 'AI_DRAFTS_PER_DAY must be a whole number from 0 to 1000000'],
  ])('refuse %j loudly', (env, message) => {
    expect(() => readConfig({ ...BASE, ...env })).toThrow(new ConfigError(message));
  });
});

describe('provider keys named by ARN (Stripe, Google, Twilio, OpenAI-compatible)', () => {
  const STRIPE_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:stripe-AbCdEf';
  const GOOGLE_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:google-AbCdEf';
  const TWILIO_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:twilio-AbCdEf';
  const AI_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:openai-AbCdEf';
  const NAMES = [
    'APP_URL',
    'TABLE_NAME',
    'STRIPE_SECRET_ARN',
    'GOOGLE_SECRET_ARN',
    'TWILIO_SECRET_ARN',
    'AI_SECRET_ARN',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_ID',
    'GOOGLE_PLACES_API_KEY',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM',
    'AI_API_KEY',
  ];
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  let extension: FakeSecretsExtension;

  async function withSecrets(secrets: Record<string, string>) {
    extension = await startFakeSecretsExtension(secrets);
    for (const name of NAMES) delete process.env[name];
    process.env.STRIPE_SECRET_ARN = STRIPE_ARN;
    process.env.GOOGLE_SECRET_ARN = GOOGLE_ARN;
    process.env.TWILIO_SECRET_ARN = TWILIO_ARN;
    process.env.AI_SECRET_ARN = AI_ARN;
    process.env.STRIPE_PRICE_ID = 'price_pro';
    process.env.APP_URL ??= 'https://app.example.com';
    process.env.TABLE_NAME ??= 'table';
    resetConfig();
  }

  afterEach(async () => {
    await extension.close();
    for (const name of NAMES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetConfig();
  });

  it('reads each provider secret through the extension once, as JSON fields', async () => {
    await withSecrets({
      [STRIPE_ARN]: JSON.stringify({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' }),
      [GOOGLE_ARN]: JSON.stringify({ placesApiKey: ' places-key ' }),
      [TWILIO_ARN]: JSON.stringify({ accountSid: 'AC1', authToken: 'tok', from: '+15125550100' }),
      [AI_ARN]: JSON.stringify({ apiKey: 'sk-openai' }),
    });
    expect(await stripeKeys()).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
    expect(await stripeKeys()).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
    expect(await googlePlacesApiKey()).toBe('places-key');
    expect(await twilioCredentials()).toEqual({ accountSid: 'AC1', authToken: 'tok', from: '+15125550100' });
    expect(await openaiApiKey()).toBe('sk-openai');
    expect(await openaiApiKey()).toBe('sk-openai');
    expect(extension.requests).toEqual([STRIPE_ARN, GOOGLE_ARN, TWILIO_ARN, AI_ARN]);
    expect(config().paymentProvider).toBe('stripe');
  });

  it("reads the stack's `{}` placeholder, a value that is not a JSON object, or an incomplete Twilio secret as not set up", async () => {
    await withSecrets({
      [STRIPE_ARN]: '{}',
      [GOOGLE_ARN]: 'a-bare-key-not-json',
      [TWILIO_ARN]: JSON.stringify({ accountSid: 'AC1', authToken: '' }),
      [AI_ARN]: '{}',
    });
    expect(await stripeKeys()).toEqual({ secretKey: undefined, webhookSecret: undefined });
    expect(await googlePlacesApiKey()).toBeUndefined();
    expect(await twilioCredentials()).toBeUndefined();
    expect(await openaiApiKey()).toBeUndefined();
  });

  it('refuses to go on with a Stripe key from the secret but no STRIPE_PRICE_ID, saying why', async () => {
    await withSecrets({ [STRIPE_ARN]: JSON.stringify({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' }) });
    delete process.env.STRIPE_PRICE_ID;
    resetConfig();
    await expect(stripeKeys()).rejects.toThrow(new ConfigError(STRIPE_PRICE_REQUIRED));
  });

  it('prefers the settings themselves (the local runtime) and then asks the extension nothing', async () => {
    await withSecrets({});
    process.env.STRIPE_SECRET_KEY = 'sk_direct';
    process.env.GOOGLE_PLACES_API_KEY = 'direct-key';
    resetConfig();
    expect((await stripeKeys()).secretKey).toBe('sk_direct');
    expect(await googlePlacesApiKey()).toBe('direct-key');
    expect(extension.requests).toEqual([]);
  });

  it('does not keep a failed read: the next call asks again', async () => {
    await withSecrets({ [STRIPE_ARN]: JSON.stringify({ secretKey: 'sk_test_2' }) });
    extension.failWith(500);
    await expect(stripeKeys()).rejects.toThrow(/answered 500/);
    extension.failWith(undefined);
    expect((await stripeKeys()).secretKey).toBe('sk_test_2');
  });
});
