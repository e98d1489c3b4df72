// Secrets in AWS: read through the Parameters and Secrets extension (a fake one here, answering as
// the real one does), once per cold start, retried after a failure, refused when unusable.
import { ConfigError, originVerifySecret, readConfig, readFromSecretsExtension, resetConfig, sessionSecret } from './config';
import { startFakeSecretsExtension, type FakeSecretsExtension } from './testing/secrets-extension';

const SESSION_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:session-AbCdEf';
const ORIGIN_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:origin-verify-AbCdEf';
const SESSION_VALUE = 'a-generated-session-secret-of-48-characters-xyz1';

describe('secrets named by ARN', () => {
  let extension: FakeSecretsExtension;
  const saved = { ...process.env };

  beforeEach(async () => {
    extension = await startFakeSecretsExtension({ [SESSION_ARN]: `${SESSION_VALUE}\n`, [ORIGIN_ARN]: 'origin-secret', 'arn:short': 'too short' });
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
  const env = { APP_URL: 'https://app.example.com', TABLE_NAME: 't' };

  it('defaults to 30 registrations per address an hour and honours REGISTRATIONS_PER_IP_PER_HOUR', () => {
    expect(readConfig(env).registrationsPerIpPerHour).toBe(30);
    expect(readConfig({ ...env, REGISTRATIONS_PER_IP_PER_HOUR: ' 120 ' }).registrationsPerIpPerHour).toBe(120);
  });

  it.each(['0', '-1', '2.5', 'many'])('refuses REGISTRATIONS_PER_IP_PER_HOUR=%p', (value) => {
    expect(() => readConfig({ ...env, REGISTRATIONS_PER_IP_PER_HOUR: value })).toThrow(ConfigError);
  });
});

describe('same-site origins', () => {
  const env = { APP_URL: 'https://app.example.com/', TABLE_NAME: 't' };

  it("are APP_URL's origin alone unless the local runtime lists the origins it listens on", () => {
    expect(readConfig(env).sameSiteOrigins).toEqual(['https://app.example.com']);
    expect(readConfig({ ...env, LOCAL_ORIGINS: '' }).sameSiteOrigins).toEqual(['https://app.example.com']);
    expect(readConfig({ APP_URL: 'http://localhost:3000', TABLE_NAME: 't', LOCAL_ORIGINS: 'http://localhost:3000, http://127.0.0.1:3000,http://[::1]:3000' }).sameSiteOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });
});

describe('outbound limits', () => {
  const base = { APP_URL: 'https://app.example.com', TABLE_NAME: 't' };

  it('default to 200 e-mails and 50 texts a day per agent, texts to US and CA only', () => {
    expect(readConfig(base)).toMatchObject({ dailySendLimits: { email: 200, sms: 50 }, smsAllowedCountries: ['US', 'CA'] });
  });

  it('are changed by DAILY_EMAIL_LIMIT, DAILY_SMS_LIMIT and SMS_ALLOWED_COUNTRIES', () => {
    expect(readConfig({ ...base, DAILY_EMAIL_LIMIT: '500', DAILY_SMS_LIMIT: '0', SMS_ALLOWED_COUNTRIES: ' us, gb ,US' })).toMatchObject({
      dailySendLimits: { email: 500, sms: 0 },
      smsAllowedCountries: ['US', 'GB'],
    });
  });

  it.each([
    [{ DAILY_EMAIL_LIMIT: 'lots' }, 'DAILY_EMAIL_LIMIT must be a whole number from 0 to 1000000'],
    [{ DAILY_SMS_LIMIT: '-1' }, 'DAILY_SMS_LIMIT must be a whole number from 0 to 1000000'],
    [{ SMS_ALLOWED_COUNTRIES: 'USA' }, 'SMS_ALLOWED_COUNTRIES must list two-letter country codes (like US,CA); "USA" is not one'],
  ])('refuse %j loudly', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(new ConfigError(message));
  });
});
