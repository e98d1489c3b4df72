// The one typed view of the environment, read once (lazily, so the local runtime and tests can set
// the environment before the first request). Required settings fail loudly.
import { currentEnvironment } from './lib/function-environment';
import { DEFAULT_TIME_ZONE, isTimeZone } from './domain/time-zone';
import type { ChannelCaps, SendCapSettings } from './domain/send-trust';
import {
  parsePurposeKeySecret,
  parseRootSecret,
  purposeKeyring,
  rootKeyring,
  type Keyring,
} from './domain/signing-keys';

export type MailProvider = 'ses' | 'outbox';
export type SmsProvider = 'sns' | 'twilio' | 'outbox';
export type PaymentProvider = 'stripe' | 'simulator';
/**
 * Where the reminders scheduler and the import starts put their messages: SQS in AWS, an in-process queue in the local
 * runtime.
 */
export type QueueProvider = 'sqs' | 'memory';
/** Who writes AI drafts: Amazon Bedrock, an OpenAI-compatible endpoint, or the composer without a model. */
export type AiProvider = 'bedrock' | 'openai' | 'local';

export type Config = {
  tableName: string;
  uploadsBucket: string;
  exportsBucket: string;
  appUrl: string;
  /**
   * Origins whose state-changing requests are same-site: APP_URL's, and in the local runtime
   * without an APP_URL of its own, every origin it listens on (LOCAL_ORIGINS, which it sets).
   */
  sameSiteOrigins: readonly string[];
  mailFrom: string;
  mailProvider: MailProvider;
  /**
   * The SES configuration set whose events (bounces, complaints) reach jobs/ses-events (SES_CONFIGURATION_SET; the
   * stack sets it).
   */
  sesConfigurationSet: string | undefined;
  smsProvider: SmsProvider;
  /**
   * The two-way number texts through SNS go from (SMS_ORIGINATION_NUMBER, E.164; `-c smsOriginationNumber=+1…`): named
   * in each Publish, so a reply or a STOP comes back to the number whose inbound texts reach jobs/sms-inbound. Unset,
   * SNS picks one of the account's numbers.
   */
  smsOriginationNumber: string | undefined;
  /**
   * The domain SES receives client replies at (INBOUND_EMAIL_DOMAIN): client e-mails then carry Reply-To
   * `r-<token>@<domain>` (functions/domain/reply-address.ts). Unset: Reply-To is the agent's own address.
   */
  inboundEmailDomain: string | undefined;
  outboxDir: string | undefined;
  adminEmails: ReadonlySet<string>;
  /** log2 of scrypt's N for new password hashes (OWASP: 17). */
  passwordHashCost: number;
  /** Registrations one address (an IPv6 /64) may attempt per hour: generous, as an office shares one address. */
  registrationsPerIpPerHour: number;
  /**
   * New accounts the whole platform takes per hour (REGISTRATIONS_PER_HOUR), from every address together: many free
   * accounts made at once from many addresses would otherwise share the platform's daily sends between them.
   */
  registrationsPerHour: number;
  dynamoEndpoint: string | undefined;
  s3Endpoint: string | undefined;
  region: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePriceId: string | undefined;
  /**
   * `stripe` (real Checkout; needs STRIPE_SECRET_KEY) or the local runtime's `simulator`. A secret key always means
   * Stripe.
   */
  paymentProvider: PaymentProvider;
  googlePlacesApiKey: string | undefined;
  /**
   * Where Google's OAuth endpoints (GOOGLE_OAUTH_BASE_URL: {base}/o/oauth2/v2/auth, {base}/token, {base}/revoke) and
   * Business Profile APIs (GOOGLE_API_BASE_URL: {base}/accountmanagement/v1, /businessinformation/v1, /mybusiness/v4)
   * are; Google's own hosts when unset. The local runtime points both at its fake Google.
   */
  googleOAuthBaseUrl: string | undefined;
  googleApiBaseUrl: string | undefined;
  /**
   * Where the home values job fetches FHFA's House Price Index files (HPI_BASE_URL: {base}/hpi_at_state.csv,
   * {base}/hpi_at_3zip.xlsx): FHFA's own unless set (the local runtime serves its extract at /local/hpi).
   */
  hpiBaseUrl: string;
  /** The KMS key of the Google refresh tokens (GOOGLE_TOKEN_KEY_ARN, set by the stack); unset: sealed locally. */
  googleTokenKeyArn: string | undefined;
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  queueProvider: QueueProvider;
  /** The reminders queue (SQS), for the scheduler job. */
  remindersQueueUrl: string | undefined;
  /** The background tasks queue (SQS; the setting keeps its first name): tasks routes start, their continuations. */
  importsQueueUrl: string | undefined;
  /** How many clients one address may register for one agent a day from the realtor directory. */
  directoryRegistrationsPerDay: number;
  /**
   * Messages one agent may send to clients per UTC day, per channel, by trust (functions/domain/send-trust.ts): a free
   * account in its first NEW_ACCOUNT_DAYS (NEW_ACCOUNT_DAILY_EMAIL_LIMIT, NEW_ACCOUNT_DAILY_SMS_LIMIT), an older free
   * one (FREE_DAILY_EMAIL_LIMIT, FREE_DAILY_SMS_LIMIT), Pro (DAILY_EMAIL_LIMIT, DAILY_SMS_LIMIT, also the most any
   * tier gets).
   */
  dailySendLimits: SendCapSettings['dailySendLimits'];
  newAccountDays: number;
  /**
   * The platform's daily circuit breaker: client messages all agents together may send per UTC day, per channel
   * (PLATFORM_DAILY_EMAIL_LIMIT, PLATFORM_DAILY_SMS_LIMIT). Mail of our own (verification, reset, digests) is not
   * counted.
   */
  platformDailyLimits: ChannelCaps;
  /**
   * The part of the platform's daily limit, in percent, that free accounts and accounts in their first days (Pro
   * included; functions/domain/send-trust.ts) share between them (FREE_PLATFORM_SHARE_PERCENT): the rest is Pro's.
   */
  freePlatformSharePercent: number;
  /**
   * The window (SENDING_REVIEW_DAYS, UTC days including today) and the least number of client e-mails in it
   * (SENDING_REVIEW_MIN_EMAILS) over which an agent's bounce and complaint rates are judged.
   */
  sendingReview: { days: number; minEmails: number };
  /** ISO 3166 countries whose numbers may get our text messages (SMS_ALLOWED_COUNTRIES, default US,CA). */
  smsAllowedCountries: readonly string[];
  /** AI_PROVIDER (default `local`: no model); the stack sets `bedrock`. */
  aiProvider: AiProvider;
  /** AI_MODEL_ID: a foundation model or inference profile id. */
  bedrockModelId: string;
  /** AI_BASE_URL (the server's root) and AI_MODEL, needed when AI_PROVIDER=openai; the key is openaiApiKey(). */
  openai: { baseUrl: string; model: string } | undefined;
  /** AI drafts one Pro agent may get per UTC day (AI_DRAFTS_PER_DAY). */
  aiDraftsPerDay: number;
  /** Support requests one agent may send an hour (SUPPORT_REQUESTS_PER_HOUR). */
  supportRequestsPerHour: number;
  /**
   * How long an import sent in the request holds the agent's import lock (IMPORT_REQUEST_LOCK_SECONDS): the route's
   * timeout and a second, so a request that died frees it soon.
   */
  importRequestLockSeconds: number;
  /**
   * The IANA zone the platform's own reporting counts its months in (REPORTING_TIME_ZONE, default America/New_York):
   * the admin analytics' counters take the month of each event there, and their months end there.
   */
  reportingTimeZone: string;
  /**
   * The local runtime (LOCAL_RUNTIME=1, set by functions/local/server.ts, never by the stack): push subscriptions may
   * then name a push service on this machine (http://localhost, http://127.0.0.1).
   */
  localRuntime: boolean;
};

export const DEFAULT_DAILY_SEND_LIMITS = {
  new: { email: 20, sms: 5 },
  free: { email: 50, sms: 10 },
  pro: { email: 200, sms: 50 },
} as const;
export const DEFAULT_NEW_ACCOUNT_DAYS = 7;
/** log2 of scrypt's N for new password hashes: OWASP's 2^17. */
export const DEFAULT_PASSWORD_HASH_COST = 17;
/**
 * Sized for the business: about 80 % of SES's starting production quota (50,000 a day), the rest left for our own
 * mail; texts at about $40 a day of US SMS. Raise them with the SES quota and the SMS budget.
 */
export const DEFAULT_PLATFORM_DAILY_LIMITS = { email: 40_000, sms: 5_000 } as const;
export const DEFAULT_SENDING_REVIEW = { days: 14, minEmails: 50 } as const;
export const DEFAULT_FREE_PLATFORM_SHARE_PERCENT = 25;
/** About 2,400 accounts a day at most: far above what sign-ups reach, far below what drains the free share. */
export const DEFAULT_REGISTRATIONS_PER_HOUR = 100;
export const DEFAULT_SMS_ALLOWED_COUNTRIES = ['US', 'CA'] as const;
/** Small and cheap (about $0.00004 a draft); an inference profile such as `us.amazon.nova-micro-v1:0` works too. */
export const DEFAULT_AI_MODEL_ID = 'amazon.nova-micro-v1:0';
export const DEFAULT_AI_DRAFTS_PER_DAY = 50;
export const DEFAULT_SUPPORT_REQUESTS_PER_HOUR = 5;
/** Where most of the platform's agents work: the months of the admin analytics end at midnight there. */
export const DEFAULT_REPORTING_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The abuse limits an operator may change: environment variable → CDK context key (`-c dailyEmailLimit=500`). */
export const LIMIT_SETTINGS = {
  DAILY_EMAIL_LIMIT: 'dailyEmailLimit',
  DAILY_SMS_LIMIT: 'dailySmsLimit',
  FREE_DAILY_EMAIL_LIMIT: 'freeDailyEmailLimit',
  FREE_DAILY_SMS_LIMIT: 'freeDailySmsLimit',
  NEW_ACCOUNT_DAILY_EMAIL_LIMIT: 'newAccountDailyEmailLimit',
  NEW_ACCOUNT_DAILY_SMS_LIMIT: 'newAccountDailySmsLimit',
  NEW_ACCOUNT_DAYS: 'newAccountDays',
  PLATFORM_DAILY_EMAIL_LIMIT: 'platformDailyEmailLimit',
  PLATFORM_DAILY_SMS_LIMIT: 'platformDailySmsLimit',
  FREE_PLATFORM_SHARE_PERCENT: 'freePlatformSharePercent',
  SENDING_REVIEW_DAYS: 'sendingReviewDays',
  SENDING_REVIEW_MIN_EMAILS: 'sendingReviewMinEmails',
  SMS_ALLOWED_COUNTRIES: 'smsAllowedCountries',
  REGISTRATIONS_PER_IP_PER_HOUR: 'registrationsPerIpPerHour',
  REGISTRATIONS_PER_HOUR: 'registrationsPerHour',
  DIRECTORY_REGISTRATIONS_PER_DAY: 'directoryRegistrationsPerDay',
  AI_DRAFTS_PER_DAY: 'aiDraftsPerDay',
  SUPPORT_REQUESTS_PER_HOUR: 'supportRequestsPerHour',
  IMPORT_REQUEST_LOCK_SECONDS: 'importRequestLockSeconds',
} as const;

/**
 * The functions' other settings a deploy takes as CDK context: environment variable → context key (`-c logLevel=warn`).
 * LOG_LEVEL and REPORTING_TIME_ZONE reach every function (any write may count in the analytics), PASSWORD_HASH_COST
 * the routes (those that hash passwords).
 */
export const FUNCTION_SETTINGS = {
  LOG_LEVEL: 'logLevel',
  PASSWORD_HASH_COST: 'passwordHashCost',
  REPORTING_TIME_ZONE: 'reportingTimeZone',
} as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Read once per environment: the process's in Lambda, each function's own in the local twin. */
let cached = new WeakMap<NodeJS.ProcessEnv, Config>();

export function config(): Config {
  const env = currentEnvironment();
  let found = cached.get(env);
  if (!found) {
    found = readConfig(env);
    cached.set(env, found);
  }
  return found;
}

/** Forget the cached configuration (the local runtime and tests change the environment). */
export function resetConfig(): void {
  cached = new WeakMap();
  sessionSecretOnce.reset();
  signingKeysOnce.reset();
  originVerifyOnce.reset();
  for (const provider of Object.values(providerSecretOnce)) provider.reset();
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`Missing required setting ${name}`);
  return value;
}

/** A comma-separated setting's entries, trimmed, empty ones left out. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A whole-number setting from `min` to `max` (1,000,000 for limits and caps). */
function count(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 1_000_000): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** An http(s) base URL setting without its trailing slash, or undefined when unset. */
/** FHFA's quarterly House Price Index files (hpi_at_state.csv, hpi_at_3zip.xlsx). */
export const FHFA_HPI_BASE_URL = 'https://www.fhfa.gov/hpi/download/quarterly_datasets';

function baseUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim().replace(/\/+$/, '');
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]/.test(value)) throw new ConfigError(`${name} must be an http(s) URL`);
  return value;
}

function countries(env: NodeJS.ProcessEnv, name: string, fallback: readonly string[]): readonly string[] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const list = listOf(raw).map((c) => c.toUpperCase());
  const bad = list.find((c) => !/^[A-Z]{2}$/.test(c));
  if (bad !== undefined)
    throw new ConfigError(`${name} must list two-letter country codes (like US,CA); "${bad}" is not one`);
  return [...new Set(list)];
}

/** A domain name of two labels or more (`reply.example.com`), in lower case. */
export const isDomainName = (value: string): boolean =>
  value.length <= 200 && /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/.test(value);

/** A mail domain, lower-cased; undefined when unset. */
function domainSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return undefined;
  if (!isDomainName(value)) throw new ConfigError(`${name} must be a domain name, like reply.example.com`);
  return value;
}

/** A phone number in E.164 (`+15125550100`). */
export const isE164 = (value: string): boolean => /^\+[1-9]\d{7,14}$/.test(value);

/** A phone number setting, in E.164; undefined when unset. */
function phoneNumberSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!isE164(value)) throw new ConfigError(`${name} must be a phone number in E.164, like +15125550100`);
  return value;
}

/** An IANA time zone setting (`America/Chicago`). */
function timeZoneSetting(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!isTimeZone(value)) throw new ConfigError(`${name} must be an IANA time zone, like America/Chicago`);
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** Without our price, any subscription on the same Stripe account (another product's) would grant Pro. */
export const STRIPE_PRICE_REQUIRED =
  'STRIPE_PRICE_ID is required with a Stripe key: set it to the price of the Pro plan (price_…), so that no other subscription on the Stripe account grants Pro';

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const appUrl = required(env, 'APP_URL').replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(appUrl);
  } catch {
    throw new ConfigError('APP_URL must be an absolute URL');
  }
  const cost = Number(env.PASSWORD_HASH_COST ?? DEFAULT_PASSWORD_HASH_COST);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20)
    throw new ConfigError('PASSWORD_HASH_COST must be an integer from 10 to 20');
  const twilioSid = env.TWILIO_ACCOUNT_SID?.trim();
  if (env.STRIPE_SECRET_KEY?.trim() && !env.STRIPE_PRICE_ID?.trim()) throw new ConfigError(STRIPE_PRICE_REQUIRED);
  return {
    tableName: required(env, 'TABLE_NAME'),
    uploadsBucket: env.UPLOADS_BUCKET?.trim() || 'uploads',
    exportsBucket: env.EXPORTS_BUCKET?.trim() || 'exports',
    appUrl,
    sameSiteOrigins: [
      ...new Set([parsed.origin, ...listOf(env.LOCAL_ORIGINS).map((origin) => new URL(origin).origin)]),
    ],
    mailFrom: env.MAIL_FROM?.trim() || `Hearthside <no-reply@${parsed.hostname}>`,
    mailProvider: oneOf(env, 'MAIL_PROVIDER', ['ses', 'outbox'], 'ses'),
    sesConfigurationSet: env.SES_CONFIGURATION_SET?.trim() || undefined,
    smsProvider: oneOf(env, 'SMS_PROVIDER', ['sns', 'twilio', 'outbox'], 'sns'),
    smsOriginationNumber: phoneNumberSetting(env, 'SMS_ORIGINATION_NUMBER'),
    inboundEmailDomain: domainSetting(env, 'INBOUND_EMAIL_DOMAIN'),
    outboxDir: env.OUTBOX_DIR?.trim() || undefined,
    adminEmails: new Set(listOf(env.ADMIN_EMAILS).map((e) => e.toLowerCase())),
    passwordHashCost: cost,
    registrationsPerIpPerHour: count(env, 'REGISTRATIONS_PER_IP_PER_HOUR', 30, 1),
    registrationsPerHour: count(env, 'REGISTRATIONS_PER_HOUR', DEFAULT_REGISTRATIONS_PER_HOUR, 1),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT?.trim() || undefined,
    s3Endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.AWS_REGION?.trim() || 'us-east-1',
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'], 'info'),
    stripeSecretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    stripePriceId: env.STRIPE_PRICE_ID?.trim() || undefined,
    // A key means Stripe; a secret ARN too, unless the local twin (which runs the stack's functions, the ARN
    // included) asks for the simulator.
    paymentProvider: env.STRIPE_SECRET_KEY?.trim()
      ? 'stripe'
      : env.STRIPE_SECRET_ARN?.trim() && env.PAYMENT_PROVIDER?.trim() !== 'simulator'
        ? 'stripe'
        : oneOf(env, 'PAYMENT_PROVIDER', ['stripe', 'simulator'], 'stripe'),
    googlePlacesApiKey: env.GOOGLE_PLACES_API_KEY?.trim() || undefined,
    googleOAuthBaseUrl: baseUrl(env, 'GOOGLE_OAUTH_BASE_URL'),
    googleApiBaseUrl: baseUrl(env, 'GOOGLE_API_BASE_URL'),
    hpiBaseUrl: baseUrl(env, 'HPI_BASE_URL') ?? FHFA_HPI_BASE_URL,
    googleTokenKeyArn: env.GOOGLE_TOKEN_KEY_ARN?.trim() || undefined,
    twilio: twilioSid
      ? { accountSid: twilioSid, authToken: required(env, 'TWILIO_AUTH_TOKEN'), from: required(env, 'TWILIO_FROM') }
      : undefined,
    queueProvider: oneOf(env, 'QUEUE_PROVIDER', ['sqs', 'memory'], 'sqs'),
    remindersQueueUrl: env.REMINDERS_QUEUE_URL?.trim() || undefined,
    importsQueueUrl: env.IMPORTS_QUEUE_URL?.trim() || undefined,
    directoryRegistrationsPerDay: count(env, 'DIRECTORY_REGISTRATIONS_PER_DAY', 5, 1),
    ...sendCaps(env),
    smsAllowedCountries: countries(env, 'SMS_ALLOWED_COUNTRIES', DEFAULT_SMS_ALLOWED_COUNTRIES),
    supportRequestsPerHour: count(env, 'SUPPORT_REQUESTS_PER_HOUR', DEFAULT_SUPPORT_REQUESTS_PER_HOUR, 1),
    importRequestLockSeconds: count(env, 'IMPORT_REQUEST_LOCK_SECONDS', 30, 1),
    reportingTimeZone: timeZoneSetting(env, 'REPORTING_TIME_ZONE', DEFAULT_REPORTING_TIME_ZONE),
    localRuntime: env.LOCAL_RUNTIME?.trim() === '1',
    ...aiSettings(env),
  };
}

/** The caps by trust (Pro's the ceiling of every tier), the platform's breaker and its free share, the review. */
function sendCaps(
  env: NodeJS.ProcessEnv,
): Pick<
  Config,
  'dailySendLimits' | 'newAccountDays' | 'platformDailyLimits' | 'freePlatformSharePercent' | 'sendingReview'
> {
  const pro = {
    email: count(env, 'DAILY_EMAIL_LIMIT', DEFAULT_DAILY_SEND_LIMITS.pro.email),
    sms: count(env, 'DAILY_SMS_LIMIT', DEFAULT_DAILY_SEND_LIMITS.pro.sms),
  };
  const tier = (prefix: string, defaults: ChannelCaps): ChannelCaps => ({
    email: Math.min(pro.email, count(env, `${prefix}_DAILY_EMAIL_LIMIT`, defaults.email)),
    sms: Math.min(pro.sms, count(env, `${prefix}_DAILY_SMS_LIMIT`, defaults.sms)),
  });
  return {
    dailySendLimits: {
      new: tier('NEW_ACCOUNT', DEFAULT_DAILY_SEND_LIMITS.new),
      free: tier('FREE', DEFAULT_DAILY_SEND_LIMITS.free),
      pro,
    },
    newAccountDays: count(env, 'NEW_ACCOUNT_DAYS', DEFAULT_NEW_ACCOUNT_DAYS),
    platformDailyLimits: {
      email: count(env, 'PLATFORM_DAILY_EMAIL_LIMIT', DEFAULT_PLATFORM_DAILY_LIMITS.email),
      sms: count(env, 'PLATFORM_DAILY_SMS_LIMIT', DEFAULT_PLATFORM_DAILY_LIMITS.sms),
    },
    freePlatformSharePercent: count(env, 'FREE_PLATFORM_SHARE_PERCENT', DEFAULT_FREE_PLATFORM_SHARE_PERCENT, 0, 100),
    sendingReview: {
      days: count(env, 'SENDING_REVIEW_DAYS', DEFAULT_SENDING_REVIEW.days, 1),
      minEmails: count(env, 'SENDING_REVIEW_MIN_EMAILS', DEFAULT_SENDING_REVIEW.minEmails, 1),
    },
  };
}

function aiSettings(
  env: NodeJS.ProcessEnv,
): Pick<Config, 'aiProvider' | 'bedrockModelId' | 'openai' | 'aiDraftsPerDay'> {
  const aiProvider = oneOf(env, 'AI_PROVIDER', ['bedrock', 'openai', 'local'], 'local');
  const bedrockModelId = env.AI_MODEL_ID?.trim() || DEFAULT_AI_MODEL_ID;
  if (!/^[A-Za-z0-9][A-Za-z0-9.:_-]{0,199}$/.test(bedrockModelId))
    throw new ConfigError('AI_MODEL_ID must be a model or inference profile id, like amazon.nova-micro-v1:0');
  let openai: Config['openai'];
  if (aiProvider === 'openai') {
    // The server's root: requests go to {base}/v1/chat/completions (a base given with /v1 works too).
    const baseUrl = required(env, 'AI_BASE_URL').replace(/\/+$/, '').replace(/\/v1$/, '');
    if (!/^https?:\/\/[^/]/.test(baseUrl))
      throw new ConfigError('AI_BASE_URL must be an http(s) URL, like https://api.openai.com');
    openai = { baseUrl, model: required(env, 'AI_MODEL') };
  }
  return {
    aiProvider,
    bedrockModelId,
    openai,
    aiDraftsPerDay: count(env, 'AI_DRAFTS_PER_DAY', DEFAULT_AI_DRAFTS_PER_DAY),
  };
}

/**
 * `load` run once per environment and its result kept; a failure is not kept, so the next call tries again.
 */
function once<T>(load: () => Promise<T>): { get(): Promise<T>; reset(): void } {
  let promises = new WeakMap<NodeJS.ProcessEnv, Promise<T>>();
  return {
    get: () => {
      const env = currentEnvironment();
      let promise = promises.get(env);
      if (!promise) {
        promise = load().catch((error: unknown) => {
          promises.delete(env);
          throw error;
        });
        promises.set(env, promise);
      }
      return promise;
    },
    reset: () => {
      promises = new WeakMap();
    },
  };
}

const sessionSecretOnce = once(async () => (await loadRoots())[0]!);
const signingKeysOnce = once(loadSigningKeys);
const originVerifyOnce = once(() => readSecretSetting('ORIGIN_VERIFY_SECRET'));

/**
 * The current signing root: SESSION_SECRET, or the Secrets Manager secret named by SESSION_SECRET_ARN (read once per
 * cold start); what seals values at rest (functions/domain/sealed-values.ts). Tokens sign with signingKeys().
 */
export function sessionSecret(): Promise<Uint8Array> {
  return sessionSecretOnce.get();
}

/**
 * The keys this function signs and verifies tokens with: every purpose's, derived from the root (SESSION_SECRET or
 * SESSION_SECRET_ARN), or, for a function given no root, the one purpose key it holds
 * (UNSUBSCRIBE_SIGNING_KEY or UNSUBSCRIBE_SIGNING_KEY_ARN: the reminders worker, which signs unsubscribe links and
 * must never be able to sign a session).
 */
export function signingKeys(): Promise<Keyring> {
  return signingKeysOnce.get();
}

async function loadRoots(): Promise<Uint8Array[]> {
  const value = await readSecretSetting('SESSION_SECRET');
  if (value === undefined) throw new ConfigError('Missing required setting SESSION_SECRET (or SESSION_SECRET_ARN)');
  try {
    return parseRootSecret(value);
  } catch (error) {
    throw new ConfigError(`The session secret is not usable: ${(error as Error).message}`);
  }
}

async function loadSigningKeys(): Promise<Keyring> {
  const hasRoot = Boolean(
    currentEnvironment().SESSION_SECRET?.trim() || currentEnvironment().SESSION_SECRET_ARN?.trim(),
  );
  if (hasRoot) return rootKeyring(await loadRoots());
  const unsubscribe = await readSecretSetting('UNSUBSCRIBE_SIGNING_KEY');
  if (unsubscribe === undefined)
    throw new ConfigError(
      'Missing required setting SESSION_SECRET (or SESSION_SECRET_ARN), or UNSUBSCRIBE_SIGNING_KEY (or its _ARN)',
    );
  try {
    return purposeKeyring('unsubscribe', parsePurposeKeySecret(unsubscribe));
  } catch (error) {
    throw new ConfigError(`The unsubscribe signing key is not usable: ${(error as Error).message}`);
  }
}

/**
 * The value CloudFront puts in the x-origin-verify header of every request it sends to the API:
 * ORIGIN_VERIFY_SECRET, or the Secrets Manager secret named by ORIGIN_VERIFY_SECRET_ARN (read once
 * per cold start). Undefined when neither is set, as in the local runtime, which has no CloudFront.
 */
export function originVerifySecret(): Promise<string | undefined> {
  return originVerifyOnce.get();
}

export type StripeKeys = { secretKey: string | undefined; webhookSecret: string | undefined };
export type GoogleOAuthClient = { clientId: string; clientSecret: string };
export type TwilioCredentials = { accountSid: string; authToken: string; from: string };
/** The VAPID key pair (base64url: the raw P-256 public point and private scalar) and the contact it names. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string | undefined };

/**
 * A provider's keys: the settings themselves (the local runtime, tests), else the JSON secret
 * named by STRIPE_SECRET_ARN / GOOGLE_SECRET_ARN / TWILIO_SECRET_ARN / AI_SECRET_ARN / PUSH_SECRET_ARN, read through
 * the extension once per cold start. A secret still holding the stack's `{}` placeholder (or anything but a JSON
 * object) reads as not set up, so the feature says so instead of failing.
 */
const providerSecretOnce = {
  stripe: once(async (): Promise<StripeKeys> => {
    const { stripeSecretKey, stripeWebhookSecret, stripePriceId } = config();
    const fields = stripeSecretKey || stripeWebhookSecret ? {} : await readProviderSecret('STRIPE_SECRET_ARN');
    // In AWS the key arrives with the secret, at the first read: the function refuses to go on without our price.
    if (fields.secretKey && !stripePriceId) throw new ConfigError(STRIPE_PRICE_REQUIRED);
    return {
      secretKey: stripeSecretKey ?? fields.secretKey,
      webhookSecret: stripeWebhookSecret ?? fields.webhookSecret,
    };
  }),
  google: once(
    async (): Promise<string | undefined> =>
      config().googlePlacesApiKey ?? (await readProviderSecret('GOOGLE_SECRET_ARN')).placesApiKey,
  ),
  googleOAuth: once(async (): Promise<GoogleOAuthClient | undefined> => {
    const env = currentEnvironment();
    const clientId = env.GOOGLE_OAUTH_CLIENT_ID?.trim();
    const clientSecret = env.GOOGLE_OAUTH_CLIENT_SECRET?.trim();
    if (clientId && clientSecret) return { clientId, clientSecret };
    const fields = await readProviderSecret('GOOGLE_SECRET_ARN');
    return fields.oauthClientId && fields.oauthClientSecret
      ? { clientId: fields.oauthClientId, clientSecret: fields.oauthClientSecret }
      : undefined;
  }),
  twilio: once(async (): Promise<TwilioCredentials | undefined> => {
    const direct = config().twilio;
    if (direct) return direct;
    const { accountSid, authToken, from } = await readProviderSecret('TWILIO_SECRET_ARN');
    return accountSid && authToken && from ? { accountSid, authToken, from } : undefined;
  }),
  twilioWebhook: once(
    async (): Promise<string | undefined> =>
      (await providerSecretOnce.twilio.get())?.authToken ??
      (currentEnvironment().TWILIO_AUTH_TOKEN?.trim() || (await readProviderSecret('TWILIO_SECRET_ARN')).authToken),
  ),
  openai: once(
    async (): Promise<string | undefined> =>
      currentEnvironment().AI_API_KEY?.trim() || (await readProviderSecret('AI_SECRET_ARN')).apiKey,
  ),
  push: once(async (): Promise<VapidKeys | undefined> => {
    const env = currentEnvironment();
    const direct = { publicKey: env.VAPID_PUBLIC_KEY?.trim(), privateKey: env.VAPID_PRIVATE_KEY?.trim() };
    const fields =
      direct.publicKey && direct.privateKey
        ? { ...direct, subject: env.VAPID_SUBJECT?.trim() }
        : await readProviderSecret('PUSH_SECRET_ARN');
    return fields.publicKey && fields.privateKey
      ? { publicKey: fields.publicKey, privateKey: fields.privateKey, subject: fields.subject || undefined }
      : undefined;
  }),
};

export const stripeKeys = (): Promise<StripeKeys> => providerSecretOnce.stripe.get();
export const googlePlacesApiKey = (): Promise<string | undefined> => providerSecretOnce.google.get();
/**
 * The Google Cloud OAuth client of the Business Profile connection: GOOGLE_OAUTH_CLIENT_ID and
 * GOOGLE_OAUTH_CLIENT_SECRET, else the Google secret's `oauthClientId` and `oauthClientSecret`.
 */
export const googleOAuthClient = (): Promise<GoogleOAuthClient | undefined> => providerSecretOnce.googleOAuth.get();
export const twilioCredentials = (): Promise<TwilioCredentials | undefined> => providerSecretOnce.twilio.get();
/**
 * The token Twilio signs its webhooks with: the credentials', else TWILIO_AUTH_TOKEN alone (a server that only
 * receives texts, or tests that post signed ones with SMS_PROVIDER=outbox).
 */
export const twilioWebhookToken = (): Promise<string | undefined> => providerSecretOnce.twilioWebhook.get();
/**
 * The OpenAI-compatible endpoint's key: AI_API_KEY, else the secret AI_SECRET_ARN names; none for a local server
 * (Ollama).
 */
export const openaiApiKey = (): Promise<string | undefined> => providerSecretOnce.openai.get();
/**
 * The web push key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the local runtime's, kept in DATA_DIR), else the push
 * secret PUSH_SECRET_ARN names; undefined until an operator has put a pair there.
 */
export const vapidKeys = (): Promise<VapidKeys | undefined> => providerSecretOnce.push.get();

/**
 * The non-empty string fields of the JSON object in the secret `arnSetting` names ({} when unset or not such an
 * object).
 */
async function readProviderSecret(arnSetting: string): Promise<Record<string, string>> {
  const arn = currentEnvironment()[arnSetting]?.trim();
  if (!arn) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFromSecretsExtension(arn));
  } catch (error) {
    if (error instanceof SyntaxError) return {};
    throw error;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([key, value]) =>
      typeof value === 'string' && value.trim() ? [[key, value.trim()]] : [],
    ),
  );
}

/**
 * The setting `name` itself, else the Secrets Manager secret named by `<name>_ARN` ('' when that secret is empty);
 * undefined when neither is set.
 */
async function readSecretSetting(name: string): Promise<string | undefined> {
  const direct = currentEnvironment()[name]?.trim();
  if (direct) return direct;
  const arn = currentEnvironment()[`${name}_ARN`]?.trim();
  if (!arn) return undefined;
  return (await readFromSecretsExtension(arn)).trim();
}

/** How long a secret read may take before the request gives up (it is retried on the next request). */
const SECRETS_EXTENSION_TIMEOUT_MS = 3000;

/**
 * A secret's value through the AWS Parameters and Secrets Lambda extension (the layer the stack
 * adds to every route function): a GET on localhost, authenticated by the function's own session
 * token, answered with GetSecretValue's JSON and cached by the extension. It replaces the Secrets
 * Manager SDK client, which would add about 13 KB to every bundle.
 */
export async function readFromSecretsExtension(secretId: string): Promise<string> {
  const port = Number(currentEnvironment().PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? 2773);
  const token = currentEnvironment().AWS_SESSION_TOKEN;
  if (!token)
    throw new ConfigError('AWS_SESSION_TOKEN is not set: the Parameters and Secrets extension runs only inside Lambda');
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': token },
    signal: AbortSignal.timeout(SECRETS_EXTENSION_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`The secrets extension answered ${response.status} for ${secretId}: ${text.slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`The secrets extension answered something other than JSON for ${secretId}`);
  }
  const value = (body as { SecretString?: unknown } | null)?.SecretString;
  if (typeof value !== 'string')
    throw new Error(`The secret ${secretId} has no SecretString (binary secrets are not supported)`);
  return value;
}
