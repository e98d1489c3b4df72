// The settings a developer gives `npm start`, as a deploy gives them to the functions: the -c values of the stack the
// twin synthesizes (each function then sees a setting only where its template gives it), and the provider keys an
// operator would put into the stack's secrets. And the test deploy: every operator setting named, so the tests may
// change their values while the runtime runs (TwinOptions.liveSettings) without a synthesis per value.
import {
  ConfigError,
  DEFAULT_AI_DRAFTS_PER_DAY,
  DEFAULT_DAILY_SEND_LIMITS,
  DEFAULT_FREE_PLATFORM_SHARE_PERCENT,
  DEFAULT_NEW_ACCOUNT_DAYS,
  DEFAULT_PLATFORM_DAILY_LIMITS,
  DEFAULT_REGISTRATIONS_PER_HOUR,
  DEFAULT_REPORTING_TIME_ZONE,
  DEFAULT_SENDING_REVIEW,
  DEFAULT_SMS_ALLOWED_COUNTRIES,
  DEFAULT_SUPPORT_REQUESTS_PER_HOUR,
  FUNCTION_SETTINGS,
  LIMIT_SETTINGS,
  readConfig,
  STRIPE_PRICE_REQUIRED,
} from '../../config';
import type { Provider } from '../../provider-secrets';

/** The variables a deploy sets on the functions from a -c value of the same meaning: variable → context key. */
export const CONTEXT_SETTINGS: Readonly<Record<string, string>> = {
  ...LIMIT_SETTINGS,
  ...FUNCTION_SETTINGS,
  ADMIN_EMAILS: 'adminEmails',
  INBOUND_EMAIL_DOMAIN: 'inboundEmailDomain',
  STRIPE_PRICE_ID: 'stripePriceId',
  AI_MODEL_ID: 'aiModelId',
};

/** The operator's settings a test changes while the runtime runs (read live where the template gives them). */
export const LIVE_SETTINGS: readonly string[] = [
  ...Object.keys(LIMIT_SETTINGS),
  ...Object.keys(FUNCTION_SETTINGS),
  'ADMIN_EMAILS',
];

/** The provider keys by the field of the stack's secret that holds each (functions/provider-secrets.ts). */
export const PROVIDER_KEYS = {
  stripe: { secretKey: 'STRIPE_SECRET_KEY', webhookSecret: 'STRIPE_WEBHOOK_SECRET' },
  google: {
    placesApiKey: 'GOOGLE_PLACES_API_KEY',
    oauthClientId: 'GOOGLE_OAUTH_CLIENT_ID',
    oauthClientSecret: 'GOOGLE_OAUTH_CLIENT_SECRET',
  },
  twilio: { accountSid: 'TWILIO_ACCOUNT_SID', authToken: 'TWILIO_AUTH_TOKEN', from: 'TWILIO_FROM' },
  push: { publicKey: 'VAPID_PUBLIC_KEY', privateKey: 'VAPID_PRIVATE_KEY', subject: 'VAPID_SUBJECT' },
  openai: { apiKey: 'AI_API_KEY' },
} as const satisfies Record<Provider, Record<string, string>>;

/** A Stripe key without our price would let any subscription on the account grant Pro: the runtime refuses to start. */
export function requireStripePrice(env: NodeJS.ProcessEnv): void {
  if (env.STRIPE_SECRET_KEY?.trim() && !env.STRIPE_PRICE_ID?.trim()) throw new ConfigError(STRIPE_PRICE_REQUIRED);
}

/**
 * The -c values of the deploy that gives the functions what `env` sets (`{ dailyEmailLimit: '5' }` for
 * DAILY_EMAIL_LIMIT=5). The settings are checked first by the functions' own rules, so a bad one stops the start with
 * the message the functions would give.
 */
export function deployContextOf(env: NodeJS.ProcessEnv): Record<string, string> {
  requireStripePrice(env);
  readConfig({ ...env, APP_URL: env.APP_URL?.trim() || 'http://localhost', TABLE_NAME: 'settings-check' });
  const context: Record<string, string> = {};
  for (const [variable, key] of Object.entries(CONTEXT_SETTINGS)) {
    const value = env[variable]?.trim();
    if (value) context[key] = value;
  }
  if (context.adminEmails)
    context.adminEmails = context.adminEmails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean)
      .join(',');
  // The sender, and the SES identity that covers it (a deploy that sends from it verifies its domain).
  const mailFrom = env.MAIL_FROM?.trim();
  if (mailFrom) {
    context.mailFrom = mailFrom;
    context.sesIdentity = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).split('@').pop()!.trim().toLowerCase();
  }
  // Twilio's keys live in the Twilio secret, which the stack makes only when texts go through Twilio.
  if (env.SMS_PROVIDER?.trim() === 'twilio' || Object.values(PROVIDER_KEYS.twilio).some((name) => env[name]?.trim()))
    context.smsProvider = 'twilio';
  // Bedrock is the stack's default; an OpenAI-compatible endpoint brings its key's secret, `local` no model at all.
  const aiProvider = env.AI_PROVIDER?.trim();
  if (aiProvider === 'openai' || aiProvider === 'local') context.aiProvider = aiProvider;
  if (aiProvider === 'openai')
    Object.assign(context, { aiBaseUrl: env.AI_BASE_URL!.trim(), aiModel: env.AI_MODEL!.trim() });
  return context;
}

/**
 * What an operator would put into the provider secret with this logical id (ProviderSecretsStripeSecret…): the JSON of
 * the developer's keys, read from `env` at each call; undefined when the id is no provider secret's.
 */
export function providerSecretValue(logicalId: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const [provider, fields] of Object.entries(PROVIDER_KEYS)) {
    if (!logicalId.startsWith(`ProviderSecrets${provider[0]!.toUpperCase()}${provider.slice(1)}Secret`)) continue;
    return JSON.stringify(Object.fromEntries(Object.entries(fields).map(([field, name]) => [field, env[name]])));
  }
  return undefined;
}

/** Which payment port the local runtime takes: PAYMENT_PROVIDER, else Stripe with a key and the simulator without. */
export function localPaymentProvider(env: NodeJS.ProcessEnv): string {
  return env.PAYMENT_PROVIDER?.trim() || (env.STRIPE_SECRET_KEY?.trim() ? 'stripe' : 'simulator');
}

/**
 * The test deploy's settings, as a developer would set them for `npm start`: every operator setting at its default,
 * with the administrator, hash cost and log level of the tests (PASSWORD_HASH_COST and LOG_LEVEL as jest.setup.ts has
 * them). Its template gives each variable exactly to the functions a deploy that sets it would.
 */
export const TEST_SETTINGS: Readonly<Record<string, string>> = {
  DAILY_EMAIL_LIMIT: String(DEFAULT_DAILY_SEND_LIMITS.pro.email),
  DAILY_SMS_LIMIT: String(DEFAULT_DAILY_SEND_LIMITS.pro.sms),
  FREE_DAILY_EMAIL_LIMIT: String(DEFAULT_DAILY_SEND_LIMITS.free.email),
  FREE_DAILY_SMS_LIMIT: String(DEFAULT_DAILY_SEND_LIMITS.free.sms),
  NEW_ACCOUNT_DAILY_EMAIL_LIMIT: String(DEFAULT_DAILY_SEND_LIMITS.new.email),
  NEW_ACCOUNT_DAILY_SMS_LIMIT: String(DEFAULT_DAILY_SEND_LIMITS.new.sms),
  NEW_ACCOUNT_DAYS: String(DEFAULT_NEW_ACCOUNT_DAYS),
  PLATFORM_DAILY_EMAIL_LIMIT: String(DEFAULT_PLATFORM_DAILY_LIMITS.email),
  PLATFORM_DAILY_SMS_LIMIT: String(DEFAULT_PLATFORM_DAILY_LIMITS.sms),
  FREE_PLATFORM_SHARE_PERCENT: String(DEFAULT_FREE_PLATFORM_SHARE_PERCENT),
  SENDING_REVIEW_DAYS: String(DEFAULT_SENDING_REVIEW.days),
  SENDING_REVIEW_MIN_EMAILS: String(DEFAULT_SENDING_REVIEW.minEmails),
  SMS_ALLOWED_COUNTRIES: DEFAULT_SMS_ALLOWED_COUNTRIES.join(','),
  REGISTRATIONS_PER_IP_PER_HOUR: '30',
  REGISTRATIONS_PER_HOUR: String(DEFAULT_REGISTRATIONS_PER_HOUR),
  DIRECTORY_REGISTRATIONS_PER_DAY: '5',
  AI_DRAFTS_PER_DAY: String(DEFAULT_AI_DRAFTS_PER_DAY),
  SUPPORT_REQUESTS_PER_HOUR: String(DEFAULT_SUPPORT_REQUESTS_PER_HOUR),
  IMPORT_REQUEST_LOCK_SECONDS: '30',
  LOG_LEVEL: 'warn',
  PASSWORD_HASH_COST: '10',
  REPORTING_TIME_ZONE: DEFAULT_REPORTING_TIME_ZONE,
  ADMIN_EMAILS: 'admin@example.com',
};

/** The -c values of the test deploy: one template every test file shares (Jest's global setup synthesizes it). */
export const TEST_DEPLOY: Readonly<Record<string, string>> = deployContextOf(TEST_SETTINGS);
