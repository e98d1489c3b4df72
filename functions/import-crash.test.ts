// A crash in the middle of an import (faults): the real local runtime runs as a child
// process on a DATA_DIR of its own, is killed with SIGKILL while a 500-row import is writing, and
// is started again on the same data (in this process, where the checks then read that data).
// Sending the same file again must leave exactly one client per row of the file, with the row's
// fields, the agent's plan counter equal to its clients, and every e-mail lock naming a client that
// exists. The analytics counters are the one documented exception:
// the batch cut between its client writes and its counter update leaves those counters behind, and
// `npm run stats:recompute` repairs them (docs/architecture.md, Data model). Then the same file through the
// import job (big imports), the runtime killed while the job writes and started again: the
// job continues from its checkpoint by itself, and every row is there once and counted once. Then, in
// process, what repairs the plan counter (reconcileClientCount) on the leftovers of a crash, and Pro
// imports racing each other.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { listClients } from './data/clients';
import { findClientIdByEmail } from './data/client-email-locks';
import { reconcileClientCount } from './data/plan-slots';
import { db, queryAll, table } from './data/db';
import { CLIENT_EMAIL_PREFIX, CLIENTS_PARTITION, clientEmailLockKey } from './data/keys/clients';
import { agentPartition, GSI1 } from './data/keys/table';
import { applyFixes, findDrift } from './data/stats-recompute';
import { getUserById } from './data/users';
import { PRO_BATCH } from './services/client-import';
import { IMPORT_BATCH_ROWS } from './services/import-jobs';
import { startImport, uploadImport, waitForImport } from './testing/imports';
import { startLocalRuntime, type LocalRuntime } from './local/server';
import { clientInput, updateUserItem } from './testing/factories';
import { localServerBundle } from './testing/local-server-bundle';
import {
  addClients,
  ApiClient,
  newAgent,
  signedInAgent,
  useTestApi,
  type TestApi,
  allClients,
} from './testing/local-api';

/**
 * Rows of the file: enough that the kill lands with most of the import still to do (the request's import past
 * KILL_AFTER, the job past the first of its two batches), few enough that each import is seconds of the emulator's
 * disk writes, not minutes.
 */
const ROWS = 2 * IMPORT_BATCH_ROWS;
/** Kill once at least this many clients exist: far enough in to leave real half-done work. */
const KILL_AFTER = 150;
const REPO = join(__dirname, '..');

jest.setTimeout(240_000);

type Child = { process: ChildProcess; url: string; exited: Promise<void> };
const children = new Set<ChildProcess>();
let dataDir: string;
/** dist/local/server.mjs, built when stale. */
let server: string;

// This file is about what a crash leaves, not about speed: a slow, shared CI machine must not turn a re-import into a
// route timeout (the children get the same).
const ROUTE_TIMEOUT_SECONDS = '150';
let routeTimeoutBefore: string | undefined;
beforeAll(() => {
  server = localServerBundle();
  dataDir = mkdtempSync(join(tmpdir(), 'hearthside-crash-'));
  routeTimeoutBefore = process.env.LOCAL_ROUTE_TIMEOUT_SECONDS;
  process.env.LOCAL_ROUTE_TIMEOUT_SECONDS = ROUTE_TIMEOUT_SECONDS;
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (routeTimeoutBefore === undefined) delete process.env.LOCAL_ROUTE_TIMEOUT_SECONDS;
  else process.env.LOCAL_ROUTE_TIMEOUT_SECONDS = routeTimeoutBefore;
});

/** `npm start`'s server, dist/local/server.mjs (one process, so SIGKILL reaches the server itself), on a free port. */
function startChild(): Promise<Child> {
  const child = spawn(process.execPath, [server], {
    cwd: REPO,
    // Only what the runtime needs: nothing this test process's own runtimes put in its environment.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      LOCAL_ROUTE_TIMEOUT_SECONDS: ROUTE_TIMEOUT_SECONDS,
      // The import the kill cut holds the agent's import lock for this long (in AWS, the route's timeout).
      IMPORT_REQUEST_LOCK_SECONDS: '1',
      // The test deploy's template, shared with the other tests; the settings above reach its functions live.
      HEARTH_TWIN: 'test',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...(process.env.PASSWORD_HASH_COST ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => children.delete(child));
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/\S+)/.exec(output);
      if (listening) done({ process: child, url: listening[1]!, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => fail(new Error(`the runtime exited before listening:\n${output}`)));
  });
}

/** The crash: SIGKILL, nothing of the runtime's own shutdown runs. */
async function crash(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

type Row = {
  name: string;
  email: string;
  phone: string;
  address: string | null;
  birthday: string | null;
  anniversary: string | null;
  purchaseDate: string | null;
};

/** Distinct e-mails; every tenth row has an address and key dates (so milestones are awarded too). */
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => {
  const dated = i % 10 === 0;
  return {
    name: `Crash Client ${String(i).padStart(4, '0')}`,
    email: `crash.client${i}@example.com`,
    phone: `512555${String(i).padStart(4, '0')}`,
    address: dated ? `${i} Elm St Austin TX` : null,
    birthday: dated ? `19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}` : null,
    anniversary: dated ? `2001-1${i % 3}-2${i % 8}` : null,
    purchaseDate: dated ? `202${3 + (i % 2)}-0${1 + (i % 9)}-0${1 + (i % 9)}` : null,
  };
});
const csv = `name,email,phone,address,birthday,anniversary,purchaseDate\n${rows
  .map((r) =>
    [r.name, r.email, r.phone, r.address ?? '', r.birthday ?? '', r.anniversary ?? '', r.purchaseDate ?? ''].join(','),
  )
  .join('\n')}\n`;

function importFile(client: ApiClient) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'clients.csv');
  return client.request('POST', '/api/clients/import', { body: form });
}

async function clientCount(client: ApiClient): Promise<number> {
  return (await allClients(client)).length;
}

/**
 * The runtime started again on the test's data once the child is killed: in this process, so the checks read the data
 * it leaves without another start; the test deploy, as the children run it (HEARTH_TWIN=test).
 */
const restartOnData = (): Promise<LocalRuntime> =>
  startLocalRuntime({ dataDir, seed: 'none', hourlyReminders: false, liveSettings: true });

/** Upgrades through the local payment simulator, the way the browser does: checkout, then Pay. */
async function upgradeToPro(client: ApiClient): Promise<void> {
  const checkout = await client.post('/api/subscription/create-checkout');
  const { pathname, searchParams } = new URL(checkout.body.url as string);
  const paid = await client.request('POST', pathname, {
    body: new URLSearchParams({ session: searchParams.get('session') ?? '' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status).toBe(303);
  expect((await client.get('/api/user')).body.isPro).toBe(true);
}

/** Every e-mail lock of the agent names one of its clients, and every client has its lock. */
async function expectLocksMatchClients(agentId: string): Promise<void> {
  const ids = new Set((await listClients(agentId)).map((c) => c.id));
  const locks = await queryAll<{ sk: string; clientId: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_EMAIL_PREFIX },
    ConsistentRead: true,
  });
  expect(locks.filter((lock) => !ids.has(lock.clientId))).toEqual([]);
  expect(new Set(locks.map((lock) => lock.clientId)).size).toBe(ids.size);
}

/** The runtime started on the test's data, and a new agent registered on it and upgraded to Pro. */
async function proAgentOnChild() {
  const agent = newAgent();
  const child = await startChild();
  const first = new ApiClient(child.url);
  const registered = await first.post('/api/register', agent);
  expect(registered.status).toBe(201);
  await upgradeToPro(first);
  return { child, first, agent, agentId: registered.body.id as string };
}

/** Through the API: one client per row of the file, each as its row says. */
async function expectEachRowOnce(client: ApiClient): Promise<void> {
  const listed = (await allClients(client)) as Array<Row & { id: string }>;
  expect(listed).toHaveLength(ROWS);
  const byEmail = new Map(listed.map((c) => [c.email, c]));
  expect(byEmail.size).toBe(ROWS);
  for (const row of rows) {
    const c = byEmail.get(row.email);
    expect(
      c && {
        name: c.name,
        email: c.email,
        phone: c.phone,
        address: c.address,
        birthday: c.birthday,
        anniversary: c.anniversary,
        purchaseDate: c.purchaseDate,
      },
    ).toEqual(row);
  }
}

/** In the data: one client per row, the plan counter equal to them, and every e-mail lock naming one of them. */
async function expectBookOfRows(agentId: string): Promise<void> {
  expect(await listClients(agentId)).toHaveLength(ROWS);
  expect((await getUserById(agentId, true))!.clientCount).toBe(ROWS);
  await expectLocksMatchClients(agentId);
}

describe('an import cut by a crash', () => {
  it('sent again leaves each row once, the plan counter exact and no orphan lock', async () => {
    // Prepare: a Pro agent on a fresh product, then the import, killed while it writes.
    const { child, first, agent, agentId } = await proAgentOnChild();

    let answered = false;
    const cut = importFile(first).then(
      (res) => {
        answered = true;
        return `answered ${res.status} before the kill`;
      },
      () => 'cut',
    );
    // A second request watches the clients appear while the import runs.
    while (!answered && (await clientCount(first)) < KILL_AFTER) await new Promise((done) => setTimeout(done, 100));
    await crash(child);
    expect(await cut).toBe('cut');

    // Act: start again on the same data, sign in, send the same file.
    const runtime = await restartOnData();
    try {
      const second = new ApiClient(runtime.url);
      expect((await second.post('/api/login', { username: agent.username, password: agent.password })).status).toBe(
        200,
      );
      const survived = await clientCount(second);
      const rerun = await importFile(second);

      // Assess, through the API: one client per row, each as its row says.
      expect(survived).toBeGreaterThan(0);
      expect(survived).toBeLessThan(ROWS);
      expect(rerun.status).toBe(200);
      expect(rerun.body).toMatchObject({ skipped: 0, errors: [] });
      expect(rerun.body.imported + rerun.body.updated).toBe(ROWS);
      await expectEachRowOnce(second);

      // Assess, in the data.
      await expectBookOfRows(agentId);
      // An emulator artifact, not the product's: dynalite writes an item's index entries before the
      // item itself, so a SIGKILL between the two can leave a clients-index entry whose client was
      // never written (DynamoDB keeps an item and its index entries consistent). The recompute counts
      // that index, so such orphans are counted here and taken off its figures.
      const clientIds = new Set((await listClients(agentId)).map((c) => c.id));
      const indexed = await queryAll<{ id: string; agentId: string }>({
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': CLIENTS_PARTITION },
      });
      // An entry with no client behind it, or a second entry for one client (the stale entry of a write
      // the kill cut, whose item the re-import then wrote under the same id): DynamoDB has neither.
      const own = indexed.filter((entry) => entry.agentId === agentId);
      const standing = new Set(own.filter((entry) => clientIds.has(entry.id)).map((entry) => entry.id));
      expect(standing.size).toBe(ROWS);
      const orphans = own.length - standing.size;
      expect(indexed.length - orphans).toBe(ROWS);
      // The analytics counters: only the clients of the batch cut between its client writes and its
      // counter update can be missing; the plan counter is exact.
      const { drift } = await findDrift();
      for (const d of drift) {
        if (d.field === 'clientCount') {
          expect(d).toMatchObject({ item: `USER#${agentId}`, stored: ROWS, actual: ROWS + orphans });
          continue;
        }
        expect(d).toMatchObject({ field: 'clients', item: expect.stringMatching(/^STATS\//) });
        expect(d.actual - orphans - d.stored).toBeGreaterThanOrEqual(0);
        expect(d.actual - orphans - d.stored).toBeLessThanOrEqual(PRO_BATCH);
      }
      // Without orphans, the recompute repairs exactly that drift and finds none afterwards.
      if (orphans === 0) {
        expect((await applyFixes(drift)).conflicts).toEqual([]);
        expect((await findDrift()).drift).toEqual([]);
      }
    } finally {
      await runtime.close();
    }
  });
});

describe('an import job cut by a crash', () => {
  it('continues from its checkpoint once the runtime is back: each row once, counted once, the plan counter exact and no orphan lock', async () => {
    // Prepare: a Pro agent on the data of the test above (another agent), the file uploaded and the job started.
    const { child, first, agent, agentId } = await proAgentOnChild();
    const { import: created } = await uploadImport(first, csv);
    expect((await startImport(first, created.id)).status).toBe(202);

    // Act: kill the runtime once the job has checkpointed its first batch (it is then writing the next
    // one), start it again on the same data and sign in. Nobody starts the import again.
    let seen = created;
    while (seen.rowsDone < IMPORT_BATCH_ROWS) {
      await new Promise((done) => setTimeout(done, 100));
      seen = (await first.get(`/api/imports/${created.id}`)).body;
    }
    await crash(child);
    const runtime = await restartOnData();
    try {
      const second = new ApiClient(runtime.url);
      expect((await second.post('/api/login', { username: agent.username, password: agent.password })).status).toBe(
        200,
      );
      const job = await waitForImport(second, created.id, { intervalMs: 250, maxWaitMs: 200_000 });

      // Assess, through the API: killed mid-way, then every row once, as its row says, each counted once as imported.
      expect(seen).toMatchObject({ status: 'running', total: ROWS });
      expect(seen.rowsDone).toBeLessThan(ROWS);
      expect(job).toMatchObject({
        status: 'done',
        total: ROWS,
        rowsDone: ROWS,
        imported: ROWS,
        updated: 0,
        skipped: 0,
        report: null,
      });
      await expectEachRowOnce(second);

      // Assess, in the data: the plan counter equals the clients, and every e-mail lock names one of them.
      await expectBookOfRows(agentId);
    } finally {
      await runtime.close();
    }
  });
});

describe('the plan counter after crashes and races', () => {
  let api: TestApi;
  useTestApi((started) => (api = started));

  it('gives back the slots of creates that died, keeps those of creates in flight, and removes dead locks', async () => {
    // Prepare: 3 clients, then what a crash leaves: 4 slots taken with no client, the lock of a
    // create that may still be running (young) and the lock of one that died (old).
    const { client, user } = await signedInAgent(api);
    await addClients(client, 3);
    await updateUserItem(user.id, 'ADD clientCount :n', { ':n': 4 });
    const lock = (email: string, createdAt: Date) =>
      db().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...clientEmailLockKey(user.id, email),
            type: 'client-email',
            clientId: `gone-${email}`,
            createdAt: createdAt.toISOString(),
          },
        }),
      );
    await lock('in-flight@example.com', new Date());
    await lock('died@example.com', new Date(Date.now() - 5 * 60_000));

    // Act
    const first = await reconcileClientCount(user.id);
    const again = await reconcileClientCount(user.id);

    // Assess
    expect([first, again]).toEqual(['fixed', 'consistent']);
    expect((await getUserById(user.id, true))!.clientCount).toBe(3 + 1);
    expect(await findClientIdByEmail(user.id, 'in-flight@example.com')).toBe('gone-in-flight@example.com');
    expect(await findClientIdByEmail(user.id, 'died@example.com')).toBeUndefined();
  });

  it('keeps one client per e-mail and the counter exact when Pro imports of overlapping files (one at a time) race with creates and deletes', async () => {
    const { client, user } = await signedInAgent(api);
    await upgradeToPro(client);
    const kept = await client.post('/api/clients', clientInput());
    const doomed = await Promise.all([0, 1, 2].map(() => client.post('/api/clients', clientInput())));
    const people = Array.from({ length: 120 }, () => clientInput());
    const file = (rowsOf: typeof people) => {
      const form = new FormData();
      const lines = rowsOf.map((p) => `${p.name},${p.email},${p.phone}`);
      form.append('file', new Blob([`name,email,phone\n${lines.join('\n')}\n`], { type: 'text/csv' }), 'clients.csv');
      return client.request('POST', '/api/clients/import', { body: form });
    };

    // Act: two imports sharing 40 rows (one names an e-mail twice: its later row counts), with creates and deletes
    // alongside. One import runs at a time: the one that comes second is refused, and sent again once the first ended.
    const rowsOfA = people.slice(0, 80);
    const rowsOfB = [...people.slice(40, 120), people[100]!];
    let [a, b] = await Promise.all([
      file(rowsOfA),
      file(rowsOfB),
      ...doomed.map((d) => client.delete(`/api/clients/${d.body.id}`)),
      ...[0, 1, 2].map(() => client.post('/api/clients', clientInput())),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    if (a.status === 409) a = await file(rowsOfA);
    if (b.status === 409) b = await file(rowsOfB);

    // Assess
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.imported + a.body.updated).toBe(80);
    expect(b.body.imported + b.body.updated).toBe(80);
    expect(b.body.warnings).toHaveLength(1);
    expect(a.body.imported + b.body.imported).toBe(120);
    const clients = await listClients(user.id);
    expect(clients).toHaveLength(1 + 120 + 3);
    expect(new Set(clients.map((c) => c.email)).size).toBe(clients.length);
    expect(clients.map((c) => c.id)).toContain(kept.body.id);
    expect((await getUserById(user.id, true))!.clientCount).toBe(clients.length);
    await expectLocksMatchClients(user.id);
    // The platform's counters and this agent's (other tests' agents are left as they made them).
    expect(
      (await findDrift()).drift.filter((d) => !d.item.startsWith('USER#') || d.item === `USER#${user.id}`),
    ).toEqual([]);
  });
});
