import { DeleteObjectsCommand, ListObjectsV2Command, ListObjectVersionsCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import type { Client } from '@shared/api-types';
import { CLOSE_ACCOUNT_MESSAGES } from '@shared/close-account';
import { config, resetConfig } from '../../config';
import { db, table } from '../../data/db';
import { markAccountClosing } from '../../data/account-erasure';
import { optOutClient } from '../../services/client-contact';
import { setLocalTaskQueue, type TaskMessage } from '../../integrations/task-queue';
import { simulatorCancelledSubscriptions } from '../../integrations/payments';
import { handleImportMessages } from '../../jobs/imports-worker';
import { createLogger } from '../../observability/logger';
import { runAccountErasure } from '../../services/account-erasure';
import { s3 } from '../../integrations/storage';
import { clientInput } from '../../testing/factories';
import { registeredClient } from '../../testing/invitations';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { checkoutCompleted, deliverEvent } from '../../testing/stripe';
import { uploadTestimonial } from '../../testing/videos';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'closing-admin@example.com';
let api: HandlerApi;
beforeAll(async () => {
  api = await startHandlerApi({ s3: true, backgroundTasks: true, adminEmails: ADMIN_EMAIL });
});
afterAll(() => api.close());

type Item = Record<string, unknown>;

async function everyItem(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ TableName: table(), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function everyObjectKey(): Promise<string[]> {
  const keys: string[] = [];
  for (const bucket of [config().uploadsBucket, config().exportsBucket]) {
    let token: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => `${bucket}/${object.Key}`));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return keys;
}

const naming = (items: Item[], ...needles: string[]) =>
  items.filter((item) => needles.some((needle) => JSON.stringify(item).includes(needle)));

/** The platform counters' totals, summed over their shards. */
function platformTotals(items: Item[]) {
  const totals = items.filter((item) => String(item.pk).startsWith('STATS#') && item.sk === 'TOTAL');
  const sum = (field: string) => totals.reduce((n, item) => n + Number(item[field] ?? 0), 0);
  return { agents: sum('agents'), proAgents: sum('proAgents'), clients: sum('clients') };
}

const sqsEvent = (message: unknown) =>
  ({ Records: [{ messageId: 'again', body: JSON.stringify(message) }] }) as unknown as SQSEvent;

const keysOf = (items: Item[]) => items.map((item) => `${String(item.pk)} ${String(item.sk)}`).sort();

/** Waits (without a clock in any assertion) until the erasure job has removed the profile. */
async function erased(userId: string): Promise<void> {
  for (let round = 0; round < 200; round++) {
    const profile = (await everyItem()).find((item) => item.pk === `USER#${userId}` && item.sk === 'PROFILE');
    if (!profile) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the account ${userId} was not erased`);
}

async function addClients(
  client: ApiClient,
  count: number,
  overrides: Record<string, unknown> = {},
): Promise<Client[]> {
  const added: Client[] = [];
  for (let i = 0; i < count; i++) {
    const res = await client.post<Client>('/api/clients', clientInput(overrides));
    if (res.status !== 201) throw new Error(`add client failed: ${res.status} ${res.text}`);
    added.push(res.body);
  }
  return added;
}

describe('DELETE /api/user (closing an account)', () => {
  it('refuses a wrong or missing password with 403 and a malformed body with 400, and keeps the account', async () => {
    // Prepare
    const { client, details } = await signedInAgent(api);

    // Act
    const wrong = await client.delete('/api/user', { json: { password: 'not the password' } });
    const missing = await client.delete('/api/user');
    const malformed = await client.delete('/api/user', { json: { password: 'x'.repeat(201) } });
    const still = await client.get('/api/user');

    // Assess
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: CLOSE_ACCOUNT_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' });
    expect(missing.status).toBe(403);
    expect(malformed.status).toBe(400);
    expect(still.status).toBe(200);
    expect(still.body.username).toBe(details.username);
  });

  it("erases every item, index entry and object of the agent, cancels Pro, and leaves another agent's data as it was", async () => {
    // Prepare: an agent with a Pro subscription, a client who registered and sent a video, more clients, a touch, an
    // export and an invitation; one client deleted on the way; and another agent with a client and an export.
    const admin = await signedInAgent(api, { username: ADMIN_EMAIL });
    const { agent, registration } = await registeredClient(api);
    const closing = agent.client;
    const agentId = agent.user.id;
    await uploadTestimonial(api, { clientId: registration.clientId, clientToken: registration.clientToken });
    const [gone, kept] = await addClients(closing, 3);
    await uploadTestimonial(api, { clientId: gone!.id, clientToken: registration.clientToken }).catch(() => undefined);
    // A custom date and a rhythm: entries of the occasion and check-in indexes go with the account too.
    const rhythm = { keyDates: [{ label: 'Lease ends', date: '--03-31' }], cadenceDays: 30 };
    expect((await closing.patch(`/api/clients/${kept!.id}`, rhythm)).status).toBe(200);
    expect((await closing.post(`/api/clients/${kept!.id}/touches`, { kind: 'call', date: '2026-01-10' })).status).toBe(
      201,
    );
    expect((await closing.get('/api/clients/export')).status).toBe(200);
    expect(
      (await closing.post('/api/client-invitations', { name: 'Invited Later', email: 'later@example.com' })).status,
    ).toBe(201);
    expect((await deliverEvent(api, checkoutCompleted(agentId, 'cus_closing1', 'sub_closing1'))).status).toBe(200);
    expect((await closing.get('/api/user')).body.isPro).toBe(true);
    const other = await signedInAgent(api);
    await addClients(other.client, 1);
    expect((await other.client.get('/api/clients/export')).status).toBe(200);
    const othersBefore = keysOf(naming(await everyItem(), other.user.id));
    const othersObjects = (await everyObjectKey()).filter((key) => key.includes(other.user.id));

    // Act: delete one client, then close the account.
    const deleted = await closing.delete(`/api/clients/${gone!.id}`);
    const goneTraces = naming(await everyItem(), gone!.id);
    const countersBefore = platformTotals(await everyItem());
    const res = await closing.delete('/api/user', { json: { password: agent.details.password } });
    const afterClose = await closing.get('/api/user');
    await erased(agentId);
    // The job deletes the profile, then takes the agent out of the counters: wait for that last write to land.
    const expectedCounters = {
      agents: countersBefore.agents - 1,
      proAgents: countersBefore.proAgents - 1,
      clients: countersBefore.clients - 3,
    };
    let countersAfter = platformTotals(await everyItem());
    for (let round = 0; round < 50 && JSON.stringify(countersAfter) !== JSON.stringify(expectedCounters); round++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      countersAfter = platformTotals(await everyItem());
    }
    const again = await handleImportMessages(sqsEvent({ kind: 'close-account', agentId }));
    const left = naming(await everyItem(), agentId, agent.details.username, registration.clientId, kept!.id);
    const objects = (await everyObjectKey()).filter((key) => key.includes(agentId));
    const othersAfter = keysOf(naming(await everyItem(), other.user.id));
    const login = await api
      .client()
      .post('/api/login', { username: agent.details.username, password: agent.details.password });
    const agents = await admin.client.get<Array<{ id: string }>>('/api/agents');
    const clients = await admin.client.get<{ clients: Array<{ agentId: string }> }>('/api/admin/clients');
    const directory = await api
      .client()
      .get<{ agents: Array<{ id: string }> }>(`/api/public/agents?q=${encodeURIComponent(agent.user.fullName)}`);
    const mail = (await api.outbox()).filter((m) => m.to === agent.details.username);

    // Assess
    expect(deleted.status).toBe(204);
    // Only the tombstone its unsubscribe links need for 30 days: no name, no address in clear.
    expect(goneTraces.map((item) => [item.type, item.sk])).toEqual([['client-tombstone', `GONE#${gone!.id}`]]);
    expect(JSON.stringify(goneTraces)).not.toContain(gone!.email!);
    expect(JSON.stringify(goneTraces)).not.toContain(gone!.name);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: CLOSE_ACCOUNT_MESSAGES.closed });
    expect(afterClose.status).toBe(401);
    expect(left).toEqual([]);
    expect(objects).toEqual([]);
    expect(othersAfter).toEqual(othersBefore);
    expect((await everyObjectKey()).filter((key) => key.includes(other.user.id))).toEqual(othersObjects);
    expect(login.status).toBe(401);
    expect(agents.status).toBe(200);
    expect(agents.body.map((a) => a.id)).not.toContain(agentId);
    expect(clients.body.clients.map((c) => c.agentId)).not.toContain(agentId);
    expect(directory.body.agents.map((a) => a.id)).not.toContain(agentId);
    expect(simulatorCancelledSubscriptions().has('sub_closing1')).toBe(true);
    expect(mail.at(-1)?.subject).toBe('Your Hearthside account is closed');
    // Its share of the platform counters: the agent, their Pro plan, and the three clients they still had.
    expect(countersAfter).toEqual(expectedCounters);
    // The erasure delivered again (SQS delivers at least once) finds nothing left and fails nothing.
    expect(again.batchItemFailures).toEqual([]);
  });
});

describe('the erasure job', () => {
  it('erases a book a page at a time, queueing its continuation when its run is short of time', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    await addClients(client, 3);
    await markAccountClosing(user.id, new Date());
    const queued: TaskMessage[] = [];
    const before = setLocalTaskQueue({ send: (message) => queued.push(message) });
    const message = { kind: 'close-account', agentId: user.id } as const;
    try {
      // Act
      const first = await runAccountErasure(message, { remainingMs: () => 0, log: createLogger() });
      const clientsLeft = (await everyItem()).filter(
        (item) => item.pk === `AGENT#${user.id}` && String(item.sk).startsWith('CLIENT#'),
      );
      const profileLeft = naming(await everyItem(), user.id).filter((item) => item.sk === 'PROFILE');
      const second = await runAccountErasure(queued[0] as typeof message, {
        remainingMs: () => Number.POSITIVE_INFINITY,
        log: createLogger(),
      });

      // Assess
      expect(first).toBe('continued');
      expect(queued).toEqual([message]);
      expect(clientsLeft).toEqual([]);
      expect(profileLeft).toHaveLength(1);
      expect(second).toBe('done');
      expect(naming(await everyItem(), user.id)).toEqual([]);
    } finally {
      setLocalTaskQueue(before);
    }
  });
});

describe("the erasure job's snapshots and files", () => {
  const erase = (agentId: string) =>
    runAccountErasure(
      { kind: 'close-account', agentId },
      { remainingMs: () => Number.POSITIVE_INFINITY, log: createLogger() },
    );

  it("deletes the agent's merge snapshots (the records kept for an undo, each moved item as it was)", async () => {
    // Prepare: a merge that moved the merged client's touch, its record kept for the undo.
    const { client, user } = await signedInAgent(api);
    const [kept, merged] = await addClients(client, 2);
    const touch = { kind: 'call', date: '2026-01-10' };
    expect((await client.post(`/api/clients/${merged!.id}/touches`, touch)).status).toBe(201);
    const merge = await client.post('/api/clients/merge', { keepId: kept!.id, mergeId: merged!.id });
    expect(merge.status).toBe(200);
    const snapshots = async () => (await everyItem()).filter((item) => item.pk === `MERGED#${merge.body.id}`);
    expect(await snapshots()).not.toEqual([]);
    await markAccountClosing(user.id, new Date());

    // Act
    const outcome = await erase(user.id);

    // Assess
    expect(outcome).toBe('done');
    expect(await snapshots()).toEqual([]);
    expect(naming(await everyItem(), user.id, merged!.id, merge.body.id)).toEqual([]);
  });

  it("deletes every version and delete marker under the agent's prefixes of the versioned uploads bucket", async () => {
    // Prepare: S3 as AWS answers (s3rver keeps no versions): ListObjectVersions' recorded shape, two pages of the
    // agent's videos (an overwritten one, one deleted with its client: a delete marker over its last version), one
    // import file; nothing anywhere else.
    const { user } = await signedInAgent(api);
    const agentId = user.id;
    await markAccountClosing(user.id, new Date());
    const bucket = config().uploadsBucket;
    const video = `testimonials/${agentId}/client-1/upload-1.mp4`;
    const deletedVideo = `testimonials/${agentId}/client-2/upload-2.mp4`;
    const importFile = `imports/${agentId}/import-1.csv`;
    const version = (Key: string, VersionId: string, IsLatest: boolean) => ({
      Key,
      VersionId,
      IsLatest,
      ETag: '"9b2cf535f27731c974343645a3985328"',
      Size: 1024,
      StorageClass: 'STANDARD' as const,
      LastModified: new Date('2026-01-10T10:00:00.000Z'),
    });
    const s3Mock = mockClient(S3Client);
    s3Mock.on(ListObjectVersionsCommand).resolves({ IsTruncated: false, Name: bucket, MaxKeys: 1000 });
    s3Mock
      .on(ListObjectVersionsCommand, { Bucket: bucket, Prefix: `testimonials/${agentId}/` })
      .resolvesOnce({
        IsTruncated: true,
        Name: bucket,
        Prefix: `testimonials/${agentId}/`,
        NextKeyMarker: video,
        NextVersionIdMarker: 'v-video-1',
        Versions: [version(video, 'v-video-2', true), version(video, 'v-video-1', false)],
      })
      .resolvesOnce({
        IsTruncated: false,
        Name: bucket,
        Prefix: `testimonials/${agentId}/`,
        KeyMarker: video,
        VersionIdMarker: 'v-video-1',
        Versions: [version(deletedVideo, 'v-deleted-1', false)],
        DeleteMarkers: [
          { Key: deletedVideo, VersionId: 'm-deleted', IsLatest: true, LastModified: new Date('2026-01-11') },
        ],
      });
    s3Mock
      .on(ListObjectVersionsCommand, { Bucket: bucket, Prefix: `imports/${agentId}/` })
      .resolves({ IsTruncated: false, Name: bucket, Versions: [version(importFile, 'v-import', true)] });
    s3Mock.on(DeleteObjectsCommand).resolves({});
    s3Mock.on(ListObjectsV2Command).resolves({ IsTruncated: false, KeyCount: 0 });
    const endpoint = process.env.S3_ENDPOINT;
    process.env.S3_ENDPOINT = '';
    resetConfig();
    let outcome: string;
    try {
      // Act
      outcome = await erase(agentId);
    } finally {
      s3Mock.restore();
      process.env.S3_ENDPOINT = endpoint;
      resetConfig();
    }

    // Assess
    expect(outcome).toBe('done');
    const listed = s3Mock.commandCalls(ListObjectVersionsCommand).map((call) => call.args[0].input);
    expect(listed).toContainEqual(
      expect.objectContaining({
        Bucket: bucket,
        Prefix: `testimonials/${agentId}/`,
        KeyMarker: video,
        VersionIdMarker: 'v-video-1',
      }),
    );
    expect(new Set(listed.map((input) => input.Prefix))).toEqual(
      new Set([
        `testimonials/${agentId}/`,
        `pending/testimonials/${agentId}/`,
        `registrations/${agentId}/`,
        `pending/registrations/${agentId}/`,
        `imports/${agentId}/`,
      ]),
    );
    const deleted = s3Mock
      .commandCalls(DeleteObjectsCommand)
      .map((call) => call.args[0].input)
      .filter((input) => input.Bucket === bucket)
      .flatMap((input) => input.Delete!.Objects!);
    expect(deleted).toEqual([
      { Key: video, VersionId: 'v-video-2' },
      { Key: video, VersionId: 'v-video-1' },
      { Key: deletedVideo, VersionId: 'v-deleted-1' },
      { Key: deletedVideo, VersionId: 'm-deleted' },
      { Key: importFile, VersionId: 'v-import' },
    ]);
    // The uploads bucket is never emptied by listing its current objects only.
    const currentOnly = s3Mock.commandCalls(ListObjectsV2Command).map((call) => call.args[0].input.Bucket);
    expect(currentOnly).not.toContain(bucket);
  });
});

describe('DELETE /api/clients/{id} (an erased client)', () => {
  it('keeps an opt-out only as a keyed hash of the address, and the same address added again is not mailed', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    const email = `leaving-${user.id.toLowerCase()}@example.com`;
    const [optedOut] = await addClients(client, 1, { email });
    await optOutClient(user.id, optedOut!.id, 'email');

    // Act
    const deleted = await client.delete(`/api/clients/${optedOut!.id}`);
    const [again] = await addClients(client, 1, { email });
    const sent = await client.post(`/api/clients/${again!.id}/messages`, {
      channel: 'email',
      subject: 'Hello again',
      body: 'Just checking in.',
    });
    const marks = (await everyItem()).filter((item) => item.type === 'opt-out-mark');

    // Assess
    expect(deleted.status).toBe(204);
    expect(sent.status).toBe(409);
    expect(sent.body.code).toBe('OPTED_OUT');
    expect(marks.filter((item) => String(item.pk) === `OPTOUT#${user.id}`)).toHaveLength(1);
    expect(JSON.stringify(marks)).not.toContain(email);
  });
});
