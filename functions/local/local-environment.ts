// What the local runtime's functions find around them, whoever runs them (the HTTP server in server.ts, the tests'
// handler harness in functions/testing/handler-api.ts): the process's variables pointing every port at this machine
// (emulators, outbox, in-process queue, payment simulator, fake Google), the secrets kept in DATA_DIR, and the table
// and buckets.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableDefinition } from '../data/table-definition';
import { FAKE_GOOGLE_CLIENT_ID, FAKE_GOOGLE_PREFIX } from './fake-google';
import { localPaymentProvider } from './twin/deploy-settings';

export const TABLE_NAME = 'hearthside';
export const LOCAL_INBOUND_EMAIL_DOMAIN = 'reply.localhost';
export const BUCKETS = { uploads: 'hearthside-uploads', exports: 'hearthside-exports' };

export type LocalEnvironment = {
  /** Where the app answers on this machine (its origins are same-site, unless `appUrl` is given). */
  url: string;
  /** The public URL when something other than this machine serves the app. */
  appUrl?: string;
  /** Where the secrets are kept across restarts; omitted: new ones each start. */
  dataDir?: string;
  outboxDir: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  adminEmails?: string;
};

/** The fake Google's OAuth client, when it answers for Google (the developer set no client of their own). */
export type FakeGoogleClient = { clientId: string; clientSecret: string };

/** Sets the process's variables the functions read; answers the fake Google's client when it is to serve. */
export function setLocalEnvironment(local: LocalEnvironment): FakeGoogleClient | undefined {
  const { url, appUrl, dataDir } = local;
  const port = new URL(url).port;
  Object.assign(process.env, {
    TABLE_NAME,
    UPLOADS_BUCKET: BUCKETS.uploads,
    EXPORTS_BUCKET: BUCKETS.exports,
    DYNAMODB_ENDPOINT: local.dynamoEndpoint,
    S3_ENDPOINT: local.s3Endpoint,
    APP_URL: appUrl ?? url,
    // Without an APP_URL of its own, the app is same-site under every name this machine answers to.
    LOCAL_ORIGINS: appUrl
      ? ''
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}${port ? `:${port}` : ''}`).join(','),
    MAIL_PROVIDER: 'outbox',
    SMS_PROVIDER: process.env.SMS_PROVIDER ?? 'outbox',
    OUTBOX_DIR: local.outboxDir,
    // Client e-mails carry Reply-To r-<token>@<this domain>; replies arrive through the inbound e-mail folder.
    INBOUND_EMAIL_DOMAIN: process.env.INBOUND_EMAIL_DOMAIN ?? LOCAL_INBOUND_EMAIL_DOMAIN,
    // The reminders scheduler hands its messages to the worker in this process (no SQS here).
    QUEUE_PROVIDER: 'memory',
    SESSION_SECRET: process.env.SESSION_SECRET ?? persistentSecret(dataDir),
    // Without a Stripe key, checkout goes to the local payment simulator, which signs its events
    // with this secret (generated once and kept in DATA_DIR, like the session secret).
    PAYMENT_PROVIDER: localPaymentProvider(process.env),
    STRIPE_WEBHOOK_SECRET:
      process.env.STRIPE_WEBHOOK_SECRET ?? persistentSecret(dataDir, 'stripe-webhook-secret', 'whsec_local_'),
    ADMIN_EMAILS: local.adminEmails ?? process.env.ADMIN_EMAILS ?? '',
    // Web push: the VAPID key pair (generated once and kept in DATA_DIR), and push services on this machine allowed.
    ...persistentVapidKeys(dataDir),
    LOCAL_RUNTIME: '1',
    // The home values job fetches FHFA's index files from this runtime (functions/local/hpi-files.ts), unless the
    // developer set a base of their own (one not a runtime's).
    HPI_BASE_URL: ownHpiBase(process.env.HPI_BASE_URL) ?? `${url}/local/hpi`,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    // The emulators' own credentials (s3rver checks them); never a real account's.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SESSION_TOKEN: '',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  // Without a Google OAuth client of the developer's, the fake Google answers for Google (local/fake-google.ts).
  const ownGoogleClient =
    process.env.GOOGLE_OAUTH_CLIENT_ID?.trim() && process.env.GOOGLE_OAUTH_CLIENT_ID !== FAKE_GOOGLE_CLIENT_ID;
  if (ownGoogleClient) return undefined;
  const fake = {
    clientId: FAKE_GOOGLE_CLIENT_ID,
    clientSecret: persistentSecret(dataDir, 'fake-google-client-secret'),
  };
  Object.assign(process.env, {
    GOOGLE_OAUTH_CLIENT_ID: fake.clientId,
    GOOGLE_OAUTH_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_OAUTH_BASE_URL: `${url}${FAKE_GOOGLE_PREFIX}oauth`,
    GOOGLE_API_BASE_URL: `${url}${FAKE_GOOGLE_PREFIX}api`,
  });
  return fake;
}

const ownHpiBase = (value: string | undefined) =>
  value?.trim() && !value.trim().endsWith('/local/hpi') ? value.trim() : undefined;

/** Creates the table when missing; true when it was created (an empty data dir). */
export async function ensureTable(endpoint: string): Promise<boolean> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(tableDefinition(TABLE_NAME)));
  // dynalite answers a table still CREATING as missing: a request sent at once (no server to start first) would fail.
  for (let tries = 0; ; tries += 1) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    if (Table?.TableStatus === 'ACTIVE') return true;
    if (tries > 200) throw new Error(`The local table ${TABLE_NAME} is still ${Table?.TableStatus}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

export async function ensureBuckets(endpoint: string): Promise<void> {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const Bucket of Object.values(BUCKETS)) {
    try {
      await client.send(new CreateBucketCommand({ Bucket }));
    } catch (error) {
      if (!(error instanceof Error) || !/BucketAlready(OwnedByYou|Exists)/.test(error.name)) throw error;
    }
  }
}

/** A local secret (the session secret by default): generated once and kept in DATA_DIR so it survives restarts. */
export function persistentSecret(dataDir: string | undefined, name = 'session-secret', prefix = ''): string {
  if (!dataDir) return `${prefix}${randomBytes(32).toString('base64url')}`;
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The web push VAPID key pair (base64url: the uncompressed public point, the private scalar): the developer's
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else generated once and kept in DATA_DIR (subscriptions stay valid across
 * restarts).
 */
function persistentVapidKeys(dataDir: string | undefined): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const given = { VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY };
  if (given.VAPID_PUBLIC_KEY && given.VAPID_PRIVATE_KEY)
    return { VAPID_PUBLIC_KEY: given.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: given.VAPID_PRIVATE_KEY };
  const file = dataDir ? join(dataDir, 'vapid-keys.json') : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof persistentVapidKeys>;
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  const keys = { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d! };
  if (file) {
    mkdirSync(dataDir!, { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}
