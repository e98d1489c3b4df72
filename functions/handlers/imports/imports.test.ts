// Big imports through the API and the import job: the presigned upload, the start's
// checks, progress a batch at a time, the report of skipped rows, the free plan's cap, the e-mail
// dedupe against the book and within the file, a batch written twice, a second delivery while a
// run holds the import, tenancy and bad input. The worker is the real one, run by the local
// runtime's queue, or step by step by the test where a step must be seen.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import type { ImportJob } from '@shared/api-types';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { IMPORT_JOB_MAX_BYTES, IMPORT_MESSAGES } from '@shared/imports';
import { listClients } from '../../data/clients';
import { db, table } from '../../data/db';
import { claimImportRun, releaseImportLease, renewImportLease } from '../../data/import-runs';
import { getImport } from '../../data/imports';
import { importKey } from '../../data/keys/jobs';
import { getUserById } from '../../data/users';
import { importedClientId } from '../../domain/import-rows';
import { handleImportMessages } from '../../jobs/imports-worker';
import { sqsEvent } from '../../local/reminders-job';
import { importJobBatch } from '../../services/client-import';
import { IMPORT_BATCH_ROWS } from '../../services/import-jobs';
import { clientInput, makePro } from '../../testing/factories';
import {
  clientsByEmail,
  holdImportMessages,
  importThroughJob,
  startImport,
  uploadImport,
  waitForImport,
} from '../../testing/imports';
import { addClients, signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { appleCard, icloudExport, vcf } from '../../testing/vcards';
import type { ImportJobMessage } from '../../integrations/task-queue';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true, backgroundTasks: true });

const header = 'name,email,phone,birthday';
const person = (i: number, domain = 'example.com') =>
  `Person ${i},person${i}@${domain},512555${String(i).padStart(4, '0')},`;
const csvOf = (lines: string[]) => `${header}\n${lines.join('\n')}\n`;

/** Runs the worker on one held message, with `remainingMs` left on its clock. */
const runWorker = (message: ImportJobMessage, remainingMs = 900_000) =>
  handleImportMessages(sqsEvent([JSON.stringify(message)]), { getRemainingTimeInMillis: () => remainingMs });

/** The messages the API queues for the job, held in a test that runs the worker itself; let go after each test. */
let holding: ReturnType<typeof holdImportMessages> | undefined;
afterEach(() => holding?.release());
const holdMessages = () => (holding = holdImportMessages());

/** A new agent's import of these rows, uploaded and started, its message held (`held`) for the test to run. */
async function startedImport(rows: string[]) {
  const agent = await signedInAgent(api);
  const { import: created } = await uploadImport(agent.client, csvOf(rows));
  const held = holdMessages();
  await startImport(agent.client, created.id);
  return { ...agent, created, held };
}

/** The import's item changed in the table, as the job's own writes (or their absence) leave it. */
const updateImportItem = (agentId: string, importId: string, update: string, values: Record<string, unknown>) =>
  db().send(
    new UpdateCommand({
      TableName: table(),
      Key: importKey(agentId, importId),
      UpdateExpression: update,
      ExpressionAttributeValues: values,
    }),
  );

/** The job has not touched the import for 11 minutes (its message was lost, or its run died for good). */
const silenceImport = (agentId: string, importId: string) =>
  updateImportItem(agentId, importId, 'SET activeAt = :old', {
    ':old': new Date(Date.now() - 11 * 60_000).toISOString(),
  });

async function reportOf(client: ApiClient, importId: string): Promise<Array<Record<string, string>>> {
  const job = (await client.get<ImportJob>(`/api/imports/${importId}`)).body;
  expect(job.report).not.toBeNull();
  const res = await fetch(job.report!.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+ - import report\.csv"/);
  return parse(await res.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
}

describe('creating an import', () => {
  it('answers a presigned POST whose policy fixes the key under the agent, bounds the size and fixes the type', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    // Act
    const res = await client.post('/api/imports', {
      fileName: 'Outlook contacts.CSV',
      contentType: 'application/vnd.ms-excel',
      size: 1234,
    });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.import).toMatchObject({
      fileName: 'Outlook contacts.CSV',
      unit: 'row',
      status: 'uploading',
      total: null,
      rowsDone: 0,
      report: null,
    });
    const { fields } = res.body.upload as { fields: Record<string, string> };
    expect(fields.key).toBe(`imports/${user.id}/${res.body.import.id}.csv`);
    expect(fields['Content-Type']).toBe('text/csv');
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
      expiration: string;
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, IMPORT_JOB_MAX_BYTES],
        ['eq', '$Content-Type', 'text/csv'],
        { key: fields.key },
      ]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it.each([
    [{ fileName: 'contacts.pdf', contentType: 'application/pdf', size: 10 }, 400, /Only \.csv and \.vcf/],
    [{ fileName: 'contacts.csv', contentType: 'text/csv', size: 0 }, 400, /The file is empty/],
    [{ fileName: 'contacts.csv', contentType: 'text/csv', size: IMPORT_JOB_MAX_BYTES + 1 }, 400, /larger than 25 MB/],
    [{ fileName: 'contacts.csv', contentType: 'text/csv', size: 'big' }, 400, /size/],
    [{ contentType: 'text/csv', size: 10 }, 400, /Choose a \.csv or \.vcf file/],
  ])('refuses %j with %i and a clear message', async (body, status, message) => {
    const { client } = await signedInAgent(api);
    const res = await client.post('/api/imports', body);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
  });
});

describe('starting an import', () => {
  it('refuses to start before the file arrived (409), and a file that is no client CSV (400, the import failed)', async () => {
    const { client } = await signedInAgent(api);
    const created = await client.post('/api/imports', { fileName: 'a.csv', contentType: 'text/csv', size: 10 });
    const early = await startImport(client, created.body.import.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'UPLOAD_MISSING', message: expect.stringMatching(/not been uploaded/) });

    const { import: notClients } = await uploadImport(client, 'first,second\n1,2\n');
    const refused = await startImport(client, notClients.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOT_CSV',
      message: expect.stringMatching(/The first row must name the columns/),
    });
    expect((await client.get(`/api/imports/${notClients.id}`)).body).toMatchObject({
      status: 'failed',
      message: refused.body.message,
    });
    expect(await allClients(client)).toEqual([]);
  });

  it('fails an import whose file breaks past its head, writing no client', async () => {
    const { client } = await signedInAgent(api);
    const rows = Array.from({ length: 1500 }, (_, i) => person(i));
    const job = await importThroughJob(client, `${csvOf(rows)}"Unclosed,quote@example.com,5125550000,\n`);
    expect(job).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/a quoted value in row 1502 \(line 1502 of the file\) is never closed/),
    });
    expect(await allClients(client)).toEqual([]);
    // A failed import frees the agent's import lock.
    expect((await importThroughJob(client, csvOf([person(1)]))).status).toBe('done');
  });
});

describe('one running import per agent', () => {
  const running = { code: 'IMPORT_RUNNING', message: IMPORT_MESSAGES.running };
  const sendInRequest = (client: ApiClient) => {
    const form = new FormData();
    form.append('file', new Blob([csvOf([person(9)])], { type: 'text/csv' }), 'small.csv');
    return client.request('POST', '/api/clients/import', { body: form });
  };

  it('answers 409 IMPORT_RUNNING to a second start and to a file sent in the request while one runs, and takes the next once it ended', async () => {
    // Prepare
    const { client } = await signedInAgent(api);
    const other = await signedInAgent(api);
    const { import: first } = await uploadImport(client, csvOf([person(1)]));
    const { import: second } = await uploadImport(client, csvOf([person(2)]));
    const held = holdMessages();
    expect((await startImport(client, first.id)).status).toBe(202);
    // Act
    const refused = await startImport(client, second.id);
    const inRequest = await sendInRequest(client);
    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject(running);
    expect(inRequest.status).toBe(409);
    expect(inRequest.body).toMatchObject(running);
    expect((await client.get(`/api/imports/${second.id}`)).body).toMatchObject({ status: 'uploading' });
    expect((await sendInRequest(other.client)).status).toBe(200); // another agent's imports are their own
    await runWorker(held.messages.shift()!);
    expect((await startImport(client, second.id)).status).toBe(202);
    await runWorker(held.messages.shift()!);
    expect((await sendInRequest(client)).status).toBe(200);
  });

  it('does not stay blocked by an import that crashed and never came back: silent 10 minutes, its lock is taken over', async () => {
    const { client, user } = await signedInAgent(api);
    const { import: lost } = await uploadImport(client, csvOf([person(1)]));
    const { import: next } = await uploadImport(client, csvOf([person(2)]));
    const held = holdMessages();
    await startImport(client, lost.id);
    held.messages.length = 0; // its run crashed, and SQS gave up on the message
    expect((await startImport(client, next.id)).status).toBe(409);
    await silenceImport(user.id, lost.id);
    // Act
    const started = await startImport(client, next.id);
    // Assess
    expect(started.status).toBe(202);
    // the lost import, resumed now, waits for the one that took its place
    expect((await startImport(client, lost.id)).body).toMatchObject(running);
    await runWorker(held.messages.shift()!);
    expect((await client.get(`/api/imports/${next.id}`)).body).toMatchObject({ status: 'done', imported: 1 });
  });
});

describe('an import through the job', () => {
  it('shows its progress a batch at a time, continues in a new run when time is short, and ends with the counts and the summary', async () => {
    // Prepare: a Pro agent, 600 rows (3 batches), the job's messages held so the test runs each step.
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    const total = IMPORT_BATCH_ROWS * 2 + 100;
    const { import: created } = await uploadImport(client, csvOf(Array.from({ length: total }, (_, i) => person(i))));
    const held = holdMessages();
    expect((await startImport(client, created.id)).body).toMatchObject({ status: 'queued' });
    expect(held.messages).toEqual([{ kind: 'import', agentId: user.id, importId: created.id }]);

    // Act 1: a run with under a minute left does one batch, then queues its continuation.
    expect(await runWorker(held.messages.shift()!, 30_000)).toEqual({ batchItemFailures: [] });
    const halfway = (await client.get<ImportJob>(`/api/imports/${created.id}`)).body;
    // Act 2: the continuation, with time enough for the rest.
    expect(held.messages).toHaveLength(1);
    expect(await runWorker(held.messages.shift()!)).toEqual({ batchItemFailures: [] });

    // Assess
    expect(halfway).toMatchObject({
      status: 'running',
      total,
      rowsDone: IMPORT_BATCH_ROWS,
      imported: IMPORT_BATCH_ROWS,
      updated: 0,
      skipped: 0,
    });
    expect(await allClients(client)).toHaveLength(total);
    const done = (await client.get<ImportJob>(`/api/imports/${created.id}`)).body;
    expect(done).toMatchObject({
      status: 'done',
      total,
      rowsDone: total,
      imported: total,
      updated: 0,
      skipped: 0,
      warnings: 0,
      report: null,
      message: `Imported ${total} new clients.`,
    });
    expect(held.messages).toEqual([]);
    expect((await getUserById(user.id, true))!.clientCount).toBe(total);
  });

  it('updates the clients the agent has, keeps one client per e-mail of the file (the later row wins), and reports every skipped row with its line and reason', async () => {
    // Prepare: a client the agent has; a file with it (new phone), a row repeated later, bad rows, a quoted line break.
    const { client } = await signedInAgent(api);
    await client.post(
      '/api/clients',
      clientInput({ name: 'Known Person', email: 'known@example.com', phone: '5125550100', birthday: '1970-01-01' }),
    );
    const file =
      'name,email,phone,address,birthday\n' +
      'Known Person,KNOWN@example.com,5125550199,,\n' + // row 2: updates, the blank birthday kept
      'Twice Early,twice@example.com,5125550101,,\n' + // row 3: replaced by row 6
      '"Two\nLines",lines@example.com,5125550102,"1 Elm St\nApt 2",\n' + // row 4, lines 4–6
      ',noname@example.com,5125550103,,\n' + // row 5, line 7: no name
      'Twice Late,twice@example.com,5125550104,,\n' + // row 6, line 8
      'Bad Mail,not-an-email,5125550105,,\n' + // row 7, line 9
      'Future,future@example.com,5125550106,,2999-01-01\n'; // row 8, line 10: a birthday in the future
    // Act
    const job = await importThroughJob(client, file);
    // Assess
    expect(job).toMatchObject({
      status: 'done',
      total: 7,
      rowsDone: 7,
      imported: 2,
      updated: 1,
      skipped: 4,
      warnings: 0,
    });
    expect(job.message).toBe(
      'Imported 2 new clients and updated 1. 3 rows have errors and were skipped. 1 row was replaced by a later row with the same e-mail.',
    );
    const clients = await clientsByEmail(client);
    expect(Object.keys(clients).sort()).toEqual(['known@example.com', 'lines@example.com', 'twice@example.com']);
    expect(clients).toMatchObject({
      'known@example.com': { phone: '5125550199', birthday: '1970-01-01' },
      'twice@example.com': { name: 'Twice Late', phone: '5125550104' },
      'lines@example.com': { address: '1 Elm St, Apt 2' },
    });
    const report = await reportOf(client, job.id);
    expect(report.map((line) => [line.row, line.line, line.outcome, line.email])).toEqual([
      ['3', '3', 'Skipped', 'twice@example.com'],
      ['5', '7', 'Skipped', 'noname@example.com'],
      ['7', '9', 'Skipped', 'not-an-email'],
      ['8', '10', 'Skipped', 'future@example.com'],
    ]);
    expect(report[0]!.reason).toBe('Replaced by row 6, which has the same e-mail');
    expect(report[1]!.reason).toMatch(/^name: /);
    expect(report[2]!.reason).toMatch(/^email: /);
    expect(report[3]!.reason).toMatch(/^birthday: /);
  });

  it('stops at the free plan cap in file order, says so as the request does, and lists each row left out', async () => {
    const { client, user } = await signedInAgent(api);
    await addClients(client, 3);
    const job = await importThroughJob(client, csvOf(Array.from({ length: 12 }, (_, i) => person(i))));
    expect(job).toMatchObject({
      status: 'done',
      imported: FREE_CLIENT_LIMIT - 3,
      updated: 0,
      skipped: 12 - (FREE_CLIENT_LIMIT - 3),
    });
    expect(job.message).toBe(
      'Imported 7 new clients. 5 rows were not imported: the free plan allows 10 clients. Upgrade to Pro for unlimited clients.',
    );
    const names = (await allClients(client)).map((c: { name: string }) => c.name);
    expect(names).toHaveLength(FREE_CLIENT_LIMIT);
    expect(names).toEqual(expect.arrayContaining(['Person 0', 'Person 6']));
    expect(names).not.toContain('Person 7');
    expect((await getUserById(user.id, true))!.clientCount).toBe(FREE_CLIENT_LIMIT);
    const report = await reportOf(client, job.id);
    expect(report.map((line) => line.row)).toEqual(['9', '10', '11', '12', '13']);
    expect(new Set(report.map((line) => line.reason))).toEqual(
      new Set(['Not imported: the free plan allows 10 clients. Upgrade to Pro for unlimited clients.']),
    );
  });

  it('imports a vCard file, counting cards, with the warnings of the cards it took in the report', async () => {
    const { client } = await signedInAgent(api);
    const file = `${icloudExport()}${vcf(appleCard({ fn: 'No Mail', email: null }))}`;
    const job = await importThroughJob(client, file, 'iCloud vCards.vcf', 'text/vcard');
    expect(job).toMatchObject({ status: 'done', unit: 'card', total: 4, imported: 3, skipped: 1 });
    const report = await reportOf(client, job.id);
    expect(report.find((line) => line.outcome === 'Skipped')).toMatchObject({
      card: '4',
      reason: 'email: Email is required',
    });
  });
});

describe('an import cut and run again', () => {
  it('writes a batch that was half written again without doubling a client, counting the clients the cut run made as imported', async () => {
    // Prepare: a Pro agent and a file; the cut run wrote the first 100 clients of its first batch and
    // was killed before its checkpoint (importJobBatch is what a run writes for a batch).
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    const total = IMPORT_BATCH_ROWS + 50;
    const rows = Array.from({ length: total }, (_, i) => person(i, 'cut.example.com'));
    const { import: created } = await uploadImport(client, csvOf(rows));
    const held = holdMessages();
    await startImport(client, created.id);
    const cut = rows.slice(0, 100).map((_, i) => ({
      row: i + 2,
      client: {
        name: `Person ${i}`,
        email: `person${i}@cut.example.com`,
        phone: `512555${String(i).padStart(4, '0')}`,
      },
      id: importedClientId(created.id, i + 2),
    }));
    expect(await importJobBatch({ id: user.id, isPro: true }, cut, '2026-05-01', { capped: false })).toMatchObject({
      imported: 100,
    });

    // Act: the message delivered again.
    expect(await runWorker(held.messages.shift()!)).toEqual({ batchItemFailures: [] });

    // Assess: one client per row, the ones of the cut run under their rows' ids, all counted as imported.
    const done = (await client.get<ImportJob>(`/api/imports/${created.id}`)).body;
    expect(done).toMatchObject({ status: 'done', rowsDone: total, imported: total, updated: 0, skipped: 0 });
    const clients = await listClients(user.id);
    expect(clients).toHaveLength(total);
    expect(new Set(clients.map((c) => c.email)).size).toBe(total);
    expect(clients.find((c) => c.email === 'person0@cut.example.com')!.id).toBe(importedClientId(created.id, 2));
    expect((await getUserById(user.id, true))!.clientCount).toBe(total);
  });

  it('leaves an import to the run holding it (a second delivery is retried later) and takes it over once that run is silent', async () => {
    const { client, user, created, held } = await startedImport([person(1), person(2)]);
    const message = held.messages.shift()!;
    // A live run holds the import.
    expect(await claimImportRun(user.id, created.id, 'live-run', new Date(), 60_000)).not.toBeNull();
    const busy = await runWorker(message);
    expect(busy.batchItemFailures).toHaveLength(1);
    expect((await getImport(user.id, created.id))!.runId).toBe('live-run');
    // Its lease lapses (it died): the next delivery takes over and finishes.
    await updateImportItem(user.id, created.id, 'SET leaseUntil = :past', { ':past': Date.now() - 1 });
    expect(await runWorker(message)).toEqual({ batchItemFailures: [] });
    expect((await client.get(`/api/imports/${created.id}`)).body).toMatchObject({ status: 'done', imported: 2 });
    // Delivered once more after the end, it changes nothing.
    expect(await runWorker(message)).toEqual({ batchItemFailures: [] });
    expect(await allClients(client)).toHaveLength(2);
  });

  it('a run that released the import for its continuation cannot take the lease back with a late heartbeat', async () => {
    // Prepare: a run holds the import, then releases it (its time is nearly up).
    const { client, user, created, held } = await startedImport([person(1)]);
    expect(await claimImportRun(user.id, created.id, 'first-run', new Date(), 60_000)).not.toBeNull();
    await releaseImportLease(user.id, created.id, 'first-run');
    // Act: the first run's heartbeat, in flight during the release, lands after it.
    const renewed = await renewImportLease(user.id, created.id, 'first-run', new Date(), 60_000);
    // Assess: the renewal is refused, and the continuation claims the import at once and finishes it.
    expect(renewed).toBe(false);
    expect(await runWorker(held.messages.shift()!)).toEqual({ batchItemFailures: [] });
    expect((await client.get(`/api/imports/${created.id}`)).body).toMatchObject({ status: 'done', imported: 1 });
  });

  it('says an import is stalled when the job has been silent for 10 minutes, and a start queues it again once', async () => {
    const { client, user, created, held } = await startedImport([person(1)]);
    held.messages.length = 0; // the message was lost
    await silenceImport(user.id, created.id);
    expect((await client.get(`/api/imports/${created.id}`)).body).toMatchObject({ status: 'queued', stalled: true });
    // Act
    const [first, second] = [await startImport(client, created.id), await startImport(client, created.id)];
    // Assess
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(held.messages).toHaveLength(1);
    await runWorker(held.messages.shift()!);
    expect((await client.get(`/api/imports/${created.id}`)).body).toMatchObject({
      status: 'done',
      imported: 1,
      stalled: false,
    });
  });
});

describe('the latest import and tenancy', () => {
  it("answers the agent's latest import, and never another agent's", async () => {
    const a = await signedInAgent(api);
    const b = await signedInAgent(api);
    expect((await b.client.get('/api/imports/latest')).status).toBe(404);
    const first = await importThroughJob(a.client, csvOf([person(1)]));
    const { import: second } = await uploadImport(a.client, csvOf([person(2)]));
    expect((await a.client.get('/api/imports/latest')).body).toMatchObject({ id: second.id, status: 'uploading' });
    expect((await a.client.get(`/api/imports/${first.id}`)).body).toMatchObject({ id: first.id, status: 'done' });
    // Agent B: not found, whatever the route, and nothing started.
    for (const res of [
      await b.client.get(`/api/imports/${first.id}`),
      await startImport(b.client, second.id),
      await b.client.get('/api/imports/latest'),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(second.id);
    }
    expect((await a.client.get(`/api/imports/${second.id}`)).body.status).toBe('uploading');
    expect(await allClients(b.client)).toEqual([]);
    const job = await waitForImport(a.client, first.id);
    expect(job.imported).toBe(1);
  });

  it('answers 404 for a made-up or malformed id', async () => {
    const { client } = await signedInAgent(api);
    for (const path of ['/api/imports/0000000000000000000000', '/api/imports/not%20an%20id', '/api/imports/x/start']) {
      const res = path.endsWith('/start') ? await client.post(path, {}) : await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });
});
