// A developer's settings as a deploy gives them: the -c values `npm start` synthesizes the twin's template with, the
// provider keys served as the stack's secrets, and the test deploy every test file shares.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, FUNCTION_SETTINGS, LIMIT_SETTINGS, readConfig, STRIPE_PRICE_REQUIRED } from '../../config';
import { PROVIDER_SECRETS } from '../../provider-secrets';
import {
  CONTEXT_SETTINGS,
  deployContextOf,
  LIVE_SETTINGS,
  localPaymentProvider,
  PROVIDER_KEYS,
  providerSecretValue,
  TEST_DEPLOY,
  TEST_SETTINGS,
} from './deploy-settings';

describe('the deploy of a developer’s settings', () => {
  it('is the default deploy without settings', () => {
    expect(deployContextOf({})).toEqual({});
  });

  it('gives each operator setting as the -c value of the same meaning', () => {
    // Prepare
    const values: Record<string, string> = {
      SMS_ALLOWED_COUNTRIES: 'US,CA,GB',
      LOG_LEVEL: 'debug',
      PASSWORD_HASH_COST: '12',
      REPORTING_TIME_ZONE: 'America/Chicago',
    };
    for (const variable of Object.keys({ ...LIMIT_SETTINGS, ...FUNCTION_SETTINGS })) values[variable] ??= ' 7 ';
    // Act
    const context = deployContextOf(values);
    // Assess
    expect(context).toEqual(
      Object.fromEntries(
        Object.entries({ ...LIMIT_SETTINGS, ...FUNCTION_SETTINGS }).map(([variable, key]) => [
          key,
          values[variable]!.trim(),
        ]),
      ),
    );
  });

  it('gives the administrators, the sender with its SES identity, the reply domain and the model', () => {
    expect(
      deployContextOf({
        ADMIN_EMAILS: ' boss@example.com, ,ops@example.com ',
        MAIL_FROM: 'Hearthside <hello@Mail.Example.com>',
        INBOUND_EMAIL_DOMAIN: 'reply.example.com',
        AI_MODEL_ID: 'us.amazon.nova-micro-v1:0',
      }),
    ).toEqual({
      adminEmails: 'boss@example.com,ops@example.com',
      mailFrom: 'Hearthside <hello@Mail.Example.com>',
      sesIdentity: 'mail.example.com',
      inboundEmailDomain: 'reply.example.com',
      aiModelId: 'us.amazon.nova-micro-v1:0',
    });
  });

  it('refuses a Stripe key without STRIPE_PRICE_ID, saying why; with both, the deploy names the price', () => {
    expect(() => deployContextOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(new ConfigError(STRIPE_PRICE_REQUIRED));
    expect(deployContextOf({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ID: 'price_pro' })).toEqual({
      stripePriceId: 'price_pro',
    });
  });

  it('serves the Stripe key and webhook secret as the Stripe secret’s value, and takes Stripe’s port with a key', () => {
    // Prepare
    const env = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_ID: 'price_pro' };
    // Act + Assess
    expect(JSON.parse(providerSecretValue('ProviderSecretsStripeSecret5F4D4E3C', env)!)).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
    });
    expect(localPaymentProvider(env)).toBe('stripe');
    expect(localPaymentProvider({})).toBe('simulator');
    expect(localPaymentProvider({ ...env, PAYMENT_PROVIDER: 'simulator' })).toBe('simulator');
  });

  it('runs the deploy with the Twilio secret for any Twilio key, and serves the keys as its value', () => {
    // Prepare
    const env = { TWILIO_AUTH_TOKEN: 'token', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+15125550000' };
    // Act + Assess
    expect(deployContextOf(env)).toEqual({ smsProvider: 'twilio' });
    expect(deployContextOf({ SMS_PROVIDER: 'twilio' })).toEqual({ smsProvider: 'twilio' });
    expect(deployContextOf({ SMS_PROVIDER: 'sns' })).toEqual({});
    expect(JSON.parse(providerSecretValue('ProviderSecretsTwilioSecret0A1B2C3D', env)!)).toEqual({
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15125550000',
    });
  });

  it('runs an OpenAI-compatible endpoint with its secret, and `local` without a model', () => {
    expect(
      deployContextOf({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434', AI_MODEL: 'llama3.2' }),
    ).toEqual({ aiProvider: 'openai', aiBaseUrl: 'http://localhost:11434', aiModel: 'llama3.2' });
    expect(deployContextOf({ AI_PROVIDER: 'local' })).toEqual({ aiProvider: 'local' });
    expect(deployContextOf({ AI_PROVIDER: 'bedrock' })).toEqual({});
    expect(JSON.parse(providerSecretValue('ProviderSecretsOpenaiSecretA1', { AI_API_KEY: 'sk-1' })!)).toEqual({
      apiKey: 'sk-1',
    });
  });

  it('refuses a setting the functions would refuse, with their message', () => {
    expect(() => deployContextOf({ DAILY_EMAIL_LIMIT: 'lots' })).toThrow(
      new ConfigError('DAILY_EMAIL_LIMIT must be a whole number from 0 to 1000000'),
    );
    expect(() => deployContextOf({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => deployContextOf({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      new ConfigError('Missing required setting TWILIO_AUTH_TOKEN'),
    );
  });

  it('fills every field of each provider secret the stack makes, and no other secret', () => {
    for (const [provider, { fields }] of Object.entries(PROVIDER_SECRETS))
      expect(Object.keys(PROVIDER_KEYS[provider as keyof typeof PROVIDER_KEYS]).sort()).toEqual([...fields].sort());
    expect(providerSecretValue('DataSessionSecret7C22DD54', { STRIPE_SECRET_KEY: 'sk' })).toBeUndefined();
  });
});

describe('the test deploy', () => {
  const base = { APP_URL: 'https://example.com', TABLE_NAME: 't' };

  it('names every setting a test may change, each at the default the functions read without it', () => {
    // Prepare
    const limits = (env: NodeJS.ProcessEnv) => {
      const { logLevel: _l, passwordHashCost: _p, adminEmails: _a, ...rest } = readConfig(env);
      return rest;
    };
    // Assess
    expect(Object.keys(TEST_SETTINGS).sort()).toEqual([...LIVE_SETTINGS].sort());
    expect(limits({ ...base, ...TEST_SETTINGS })).toEqual(limits(base));
    expect(Object.keys(TEST_DEPLOY).sort()).toEqual(LIVE_SETTINGS.map((name) => CONTEXT_SETTINGS[name]!).sort());
  });
});

describe('the README', () => {
  const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
  const configuration = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Message drafts'));
  const rows = configuration
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split(' | '));

  it.each(Object.entries(CONTEXT_SETTINGS))('says %s reaches the functions both ways, by -c %s', (variable, key) => {
    const row = rows.find(([names]) => names!.includes(`\`${variable}\``));
    expect(row?.[1]).toBe('both');
    expect(row?.join(' | ')).toContain(`-c ${key}=`);
  });
});
