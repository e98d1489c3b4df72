// The agent's devices against the table alone (no HTTP, no push service): each belongs to the session that subscribed
// it and ends with that session (logout) or with all of them (a password reset, the account closing); the list says
// which device each is in plain words and never keeps the browser's User-Agent; the test notification is limited.
import { createECDH, randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import webpush from 'web-push';
import { RESET_TOKEN_TTL_SECONDS, SESSION_TTL_SECONDS } from '@shared/constants';
import { PUSH_TESTS_PER_HOUR } from '@shared/push';
import { resetConfig, signingKeys } from '../config';
import { endAccountAccess } from '../data/account-erasure';
import { db, table } from '../data/db';
import { pushSubscriptionKey } from '../data/keys/users';
import { pushSubscriptionId } from '../data/push-subscriptions';
import { createResetRecord } from '../data/reset-tokens';
import { createSession, deleteSession } from '../data/sessions';
import type { UserItem } from '../data/users';
import { isRefusal } from '../domain/refusals';
import { randomId, signToken } from '../domain/signed-tokens';
import { agentItem } from '../testing/factories';
import { startTestTable, type TestTable } from '../testing/table';
import { completePasswordReset } from './password-reset';
import { listDevices, sendTestNotification, subscribeDevice } from './push-subscriptions';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
  const vapid = webpush.generateVAPIDKeys();
  Object.assign(process.env, {
    SESSION_SECRET: 'the-push-subscriptions-test-signing-root-0123456789',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  });
  resetConfig();
});
afterAll(async () => {
  for (const name of ['SESSION_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) delete process.env[name];
  resetConfig();
  await testTable.close();
});

const now = new Date('2026-05-04T09:30:00Z');

/** What a browser's PushSubscription.toJSON() gives, at FCM. */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** A live session of the agent, as a sign-in opens it. */
async function signIn(agent: UserItem): Promise<string> {
  const sessionId = randomId();
  await createSession(agent.id, sessionId, SESSION_TTL_SECONDS, now);
  return sessionId;
}

/** The device's id, subscribed from that session with that browser. */
async function subscribe(
  agent: UserItem,
  sessionId: string,
  userAgent = CHROME_ANDROID,
  input = browserSubscription(),
) {
  const saved = await subscribeDevice(agent.id, { sessionId, userAgent }, input, now);
  if (isRefusal(saved)) throw new Error(`not subscribed: ${JSON.stringify(saved)}`);
  return saved.id;
}

const deviceIds = async (agent: UserItem) => (await listDevices(agent.id)).map((device) => device.id).sort();

describe('a device belongs to the session that subscribed it', () => {
  it("is removed when that session ends (logout), and another session's device stays", async () => {
    const agent = await agentItem();
    const [phone, laptop] = [await signIn(agent), await signIn(agent)];
    const phoneDevice = await subscribe(agent, phone);
    const laptopDevice = await subscribe(agent, laptop, FIREFOX_WINDOWS);

    await deleteSession(agent.id, phone);

    expect(await deviceIds(agent)).toEqual([laptopDevice]);
    expect(phoneDevice).not.toBe(laptopDevice);
  });

  it('moves to the session that subscribes the same browser again', async () => {
    const agent = await agentItem();
    const [before, after] = [await signIn(agent), await signIn(agent)];
    const browser = browserSubscription();
    const id = await subscribe(agent, before, CHROME_ANDROID, browser);
    expect(await subscribe(agent, after, CHROME_ANDROID, browser)).toBe(id);

    await deleteSession(agent.id, before);
    expect(await deviceIds(agent)).toEqual([id]);
    await deleteSession(agent.id, after);
    expect(await deviceIds(agent)).toEqual([]);
  });

  it('ends with the next logout when it was subscribed before devices were bound to sessions', async () => {
    const agent = await agentItem();
    const session = await signIn(agent);
    const { endpoint, keys } = browserSubscription();
    const id = pushSubscriptionId(endpoint);
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...pushSubscriptionKey(agent.id, id),
          type: 'push-subscription',
          id,
          agentId: agent.id,
          endpoint,
          ...keys,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        },
      }),
    );

    await deleteSession(agent.id, session);

    expect(await deviceIds(agent)).toEqual([]);
  });

  it("are all removed by a password reset, whichever session subscribed them, and no other agent's", async () => {
    const [agent, other] = [await agentItem(), await agentItem()];
    await subscribe(agent, await signIn(agent));
    await subscribe(agent, await signIn(agent), FIREFOX_WINDOWS);
    const othersDevice = await subscribe(other, await signIn(other));
    const jti = randomId();
    await createResetRecord(jti, agent.id, RESET_TOKEN_TTL_SECONDS);
    const token = await signToken(await signingKeys(), 'reset', { sub: agent.id, jti }, RESET_TOKEN_TTL_SECONDS);

    const reset = await completePasswordReset(token, 'a new passphrase of mine', '198.51.100.7', now);

    expect(reset).toMatchObject({ userId: agent.id, sessionsEnded: 2 });
    expect(await deviceIds(agent)).toEqual([]);
    expect(await deviceIds(other)).toEqual([othersDevice]);
  });

  it('are all removed when the account starts closing', async () => {
    const agent = await agentItem();
    await subscribe(agent, await signIn(agent));
    await subscribe(agent, await signIn(agent), FIREFOX_WINDOWS);

    await endAccountAccess(agent);

    expect(await deviceIds(agent)).toEqual([]);
  });
});

describe("the agent's devices", () => {
  it('are listed with a label in plain words, when each was added and last used, and nothing else', async () => {
    const agent = await agentItem();
    const session = await signIn(agent);
    const id = await subscribe(agent, session);

    expect(await listDevices(agent.id)).toEqual([
      { id, deviceLabel: 'Chrome on Android', createdAt: now.toISOString(), lastUsedAt: null },
    ]);
    expect(await listDevices((await agentItem()).id)).toEqual([]);
  });

  it("never keep the browser's User-Agent", async () => {
    const agent = await agentItem();
    await subscribe(agent, await signIn(agent));

    const written = (await testTable.scan()).filter((item) => item.agentId === agent.id);

    expect(written).toHaveLength(1);
    expect(JSON.stringify(written)).not.toMatch(/Pixel|Mozilla|AppleWebKit/);
  });
});

describe('the test notification', () => {
  it(`goes ${PUSH_TESTS_PER_HOUR} times an hour per agent; the next is refused until the hour ends`, async () => {
    const [agent, other] = [await agentItem(), await agentItem()];
    const sent = [];
    for (let i = 0; i < PUSH_TESTS_PER_HOUR; i += 1) sent.push(await sendTestNotification(agent.id, now));

    const refused = await sendTestNotification(agent.id, now);

    expect(sent).toEqual(Array.from({ length: PUSH_TESTS_PER_HOUR }, () => ({ sent: 0 })));
    expect(refused).toEqual({
      kind: 'rate-limited',
      what: 'test-pushes',
      max: PUSH_TESTS_PER_HOUR,
      retryAfterSeconds: 30 * 60,
    });
    expect(await sendTestNotification(other.id, now)).toEqual({ sent: 0 });
    expect(await sendTestNotification(agent.id, new Date(now.getTime() + 30 * 60_000))).toEqual({ sent: 0 });
  });
});
