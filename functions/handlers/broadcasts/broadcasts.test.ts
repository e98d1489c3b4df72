// Broadcasts over HTTP against the local runtime: validation, tenancy, the drafting job (the local composer as the AI
// stand-in) with its skips by reason, the daily caps holding messages back to the next days (automatic and on
// approval), "Approve all" on the queue, automatic sending for Pro only, and the job resumed after a crash without
// drafting anyone twice.
import { addDays } from '@shared/dates';
import { resetConfig } from '../../config';
import { putBroadcast } from '../../data/broadcasts';
import { getClient } from '../../data/clients';
import { getMessage, putMessageOnce } from '../../data/messages';
import { getUserById } from '../../data/users';
import { createLogger } from '../../observability/logger';
import { draftFor, runBroadcastJob } from '../../services/broadcast-job';
import { broadcastMessageId, SlotFinder } from '../../services/broadcasts';
import { unsubscribeToken } from '../../services/unsubscribe';
import { clientInput, makePro } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { approveAllResult, resetSendingSettings } from '../../testing/sending';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { backgroundTasks: true });
afterEach(resetSendingSettings);

const log = createLogger({ test: 'broadcasts' });
const utcToday = () => new Date().toISOString().slice(0, 10);

async function addClient(
  client: ApiClient,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; email: string }> {
  const res = await client.post('/api/clients', clientInput(fields));
  if (res.status !== 201) throw new Error(`client create failed: ${res.text}`);
  return res.body;
}

/** Polls GET /api/broadcasts/{id} until the job is done. */
async function finished(client: ApiClient, id: string): Promise<Record<string, any>> {
  for (let i = 0; i < 200; i += 1) {
    const res = await client.get(`/api/broadcasts/${id}`);
    if (res.status !== 200) throw new Error(`GET broadcast: ${res.status} ${res.text}`);
    if (res.body.status === 'done') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the broadcast job did not finish');
}

async function broadcast(client: ApiClient, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post('/api/broadcasts', body);
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ id: expect.any(String) });
  return finished(client, res.body.id);
}

/**
 * An agent (Pro when `pro`) under a daily cap of `dailyEmails` e-mails, with `clients` clients tagged `tag`, and the
 * finished broadcast of an e-mail on `occasion` (a check-in) to them, in `mode` (for approval).
 */
async function cappedEmailBroadcast({
  dailyEmails,
  clients,
  tag,
  pro = false,
  occasion = 'check-in',
  mode = 'approve',
}: {
  dailyEmails: number;
  clients: number;
  tag: string;
  pro?: boolean;
  occasion?: string;
  mode?: string;
}): Promise<{ client: ApiClient; done: Record<string, any> }> {
  process.env.DAILY_EMAIL_LIMIT = String(dailyEmails);
  resetConfig();
  const { client, user } = await signedInAgent(api);
  if (pro) await makePro(user.id);
  for (let i = 0; i < clients; i += 1) await addClient(client, { tags: [tag] });
  const done = await broadcast(client, { filter: { tag: tag.toLowerCase() }, channel: 'email', occasion, mode });
  return { client, done };
}

const queueOf = async (client: ApiClient) =>
  (await client.get('/api/outgoing')).body.messages as Array<Record<string, any>>;

describe('POST /api/broadcasts: validation and tenancy', () => {
  it('refuses a bad request with a clear message and code', async () => {
    const { client } = await signedInAgent(api);
    const ok = { filter: { tag: 'vip' }, channel: 'email', occasion: 'holiday', mode: 'approve' };
    for (const [body, code, message] of [
      [{ ...ok, filter: undefined }, 'VALIDATION_FAILED', 'Send either segmentId or filter'],
      [{ ...ok, segmentId: 'abc' }, 'VALIDATION_FAILED', 'Send either segmentId or filter'],
      [{ ...ok, channel: 'fax' }, 'VALIDATION_FAILED', 'channel must be one of email, sms'],
      [{ ...ok, occasion: 'birthday' }, 'VALIDATION_FAILED', 'occasion must be one of holiday, check-in, custom'],
      [{ ...ok, mode: 'now' }, 'VALIDATION_FAILED', 'mode must be one of approve, auto'],
      [{ ...ok, occasion: 'custom' }, 'VALIDATION_FAILED', expect.stringContaining('instructions are required')],
      [{ ...ok, instructions: 'x'.repeat(501) }, 'VALIDATION_FAILED', expect.stringContaining('at most 500')],
      [{ ...ok, instructions: 42 }, 'VALIDATION_FAILED', expect.any(String)],
      [{ ...ok, filter: {} }, 'VALIDATION_FAILED', expect.stringContaining('A filter needs')],
    ] as const) {
      const res = await client.post('/api/broadcasts', body);
      expect([res.status, res.body.code]).toEqual([400, code]);
      expect(res.body.message).toEqual(message);
    }
    // 500 characters of instructions are fine.
    const longest = await client.post('/api/broadcasts', { ...ok, occasion: 'custom', instructions: 'x'.repeat(500) });
    expect(longest.status).toBe(202);
  });

  it("answers 404 for another agent's segment and another agent's broadcast, and lists only the agent's own", async () => {
    const owner = await signedInAgent(api);
    await addClient(owner.client, { tags: ['Mine'] });
    const segment = await owner.client.post('/api/segments', { name: 'Mine', filter: { tag: 'mine' } });
    expect(segment.status).toBe(201);
    const other = await signedInAgent(api);
    const body = { channel: 'email', occasion: 'check-in', mode: 'approve' };
    const theirs = await other.client.post('/api/broadcasts', { ...body, segmentId: segment.body.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('NOT_FOUND');

    const done = await broadcast(owner.client, { ...body, segmentId: segment.body.id });
    expect(done).toMatchObject({ total: 1, drafted: 1, awaiting: 1 });
    expect((await other.client.get(`/api/broadcasts/${done.id}`)).status).toBe(404);
    expect((await other.client.get('/api/broadcasts')).body).toEqual({ broadcasts: [] });
    expect((await owner.client.get('/api/broadcasts')).body.broadcasts).toEqual([
      expect.objectContaining({ id: done.id, status: 'done', total: 1 }),
    ]);
    // Approve all with another agent's broadcast approves nothing of the owner's.
    const approved = await other.client.post('/api/outgoing/approve-all', { broadcastId: done.id });
    expect(approved.body).toMatchObject({ sent: 0, scheduled: 0, heldBack: 0 });
    expect(await queueOf(owner.client)).toHaveLength(1);
  });

  it('sends without approval only for Pro agents (403 PRO_REQUIRED otherwise)', async () => {
    const { client } = await signedInAgent(api);
    const res = await client.post('/api/broadcasts', {
      filter: { tag: 'vip' },
      channel: 'email',
      occasion: 'holiday',
      mode: 'auto',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PRO_REQUIRED', message: expect.stringContaining('Pro') });
  });
});

describe('drafting, skips by reason and Approve all', () => {
  it('drafts a personal message for each reachable client, counts the skips by reason, and approves them all', async () => {
    const { client, user } = await signedInAgent(api);
    const reachable = [
      await addClient(client, { name: 'Ana Reyes', tags: ['Past buyer'] }),
      await addClient(client, { name: 'Ben Okafor', tags: ['Past buyer'] }),
    ];
    const optedOut = await addClient(client, { name: 'Cleo Park', tags: ['Past buyer'] });
    const token = await unsubscribeToken(user.id, optedOut.id);
    expect((await api.client().post(`/api/unsubscribe/${token}`, {})).status).toBe(200);
    await addClient(client, { name: 'Not Tagged' });

    const done = await broadcast(client, {
      filter: { tag: 'past buyer' },
      channel: 'email',
      occasion: 'holiday',
      instructions: 'Mention the new year.',
      mode: 'approve',
    });
    expect(done).toMatchObject({
      status: 'done',
      total: 3,
      handled: 3,
      drafted: 2,
      awaiting: 2,
      scheduled: 0,
      sent: 0,
      skipped: { 'opted-out': 1 },
      lastSendDate: null,
    });
    const queued = await queueOf(client);
    expect(queued.map((m) => m.clientName).sort()).toEqual(['Ana Reyes', 'Ben Okafor']);
    for (const message of queued) {
      expect(message).toMatchObject({ status: 'awaiting-approval', channel: 'email', engine: { provider: 'local' } });
      // Personal: each draft greets its own client.
      expect(message.body).toContain(message.clientName.split(' ')[0]);
    }

    const approved = await client.post('/api/outgoing/approve-all', { broadcastId: done.id });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual(approveAllResult({ sent: 2 }));
    const outbox = await api.outbox();
    for (const { email } of reachable) expect(outbox.filter((m) => m.to === email)).toHaveLength(1);
    expect(await queueOf(client)).toEqual([]);
    expect((await client.get(`/api/broadcasts/${done.id}`)).body).toMatchObject({ sent: 2, awaiting: 0 });
  });

  it('skips a text to a client who did not agree to texts (no-consent) or has no phone (no-address)', async () => {
    const { client } = await signedInAgent(api);
    const agreed = await addClient(client, { tags: ['Texts'] });
    expect((await client.patch(`/api/clients/${agreed.id}`, { smsConsent: 'granted' })).status).toBe(200);
    await addClient(client, { tags: ['Texts'] });
    // A number outside the countries texts go to: no address to text.
    await addClient(client, { tags: ['Texts'], phone: '+44 20 7946 0958' });
    const done = await broadcast(client, {
      filter: { tag: 'texts' },
      channel: 'sms',
      occasion: 'check-in',
      mode: 'approve',
    });
    expect(done).toMatchObject({ total: 3, drafted: 1, awaiting: 1, skipped: { 'no-consent': 1, 'no-address': 1 } });
    expect(await queueOf(client)).toEqual([expect.objectContaining({ clientId: agreed.id, channel: 'sms' })]);
  });

  it('Approve all schedules what the daily cap holds back for the next days (Pro), and says when', async () => {
    const { client, done } = await cappedEmailBroadcast({ dailyEmails: 1, clients: 3, tag: 'Capped', pro: true });
    expect(done.awaiting).toBe(3);
    const approved = await client.post('/api/outgoing/approve-all', {});
    expect(approved.body).toEqual(approveAllResult({ sent: 1, heldBack: 2, lastSendDate: addDays(utcToday(), 2) }));
    expect((await client.get(`/api/broadcasts/${done.id}`)).body).toMatchObject({
      sent: 1,
      scheduled: 2,
      awaiting: 0,
      lastSendDate: addDays(utcToday(), 2),
    });
    const scheduled = (await queueOf(client)).filter((m) => m.status === 'scheduled');
    expect(scheduled.map((m) => m.sendAt.slice(0, 10)).sort()).toEqual([
      addDays(utcToday(), 1),
      addDays(utcToday(), 2),
    ]);
  });

  it("Approve all books no later day for a free account: what today's cap holds back keeps waiting", async () => {
    const { client, done } = await cappedEmailBroadcast({ dailyEmails: 1, clients: 3, tag: 'Free capped' });
    const approved = await client.post('/api/outgoing/approve-all', {});
    expect(approved.body).toMatchObject({ sent: 1, scheduled: 0, heldBack: 0, failed: 2, lastSendDate: null });
    expect((await client.get(`/api/broadcasts/${done.id}`)).body).toMatchObject({ sent: 1, scheduled: 0, awaiting: 2 });
  });
});

describe('automatic broadcasts (Pro)', () => {
  it('schedules every message under the daily cap, the rest on the next days, and says the last day', async () => {
    const { client, done } = await cappedEmailBroadcast({
      dailyEmails: 2,
      clients: 5,
      tag: 'Auto',
      pro: true,
      occasion: 'holiday',
      mode: 'auto',
    });
    expect(done).toMatchObject({
      total: 5,
      drafted: 5,
      scheduled: 5,
      awaiting: 0,
      skipped: {},
      lastSendDate: addDays(utcToday(), 2),
    });
    // Two a day: two today, two tomorrow and one the day after, each at 10:00 in the client's zone (or now, when
    // that has passed), so at most a day from its slot's UTC day.
    const sendAts = (await queueOf(client)).map((m) => Date.parse(m.sendAt)).sort();
    const slotDays = [0, 0, 1, 1, 2].map((d) => Date.parse(`${addDays(utcToday(), d)}T00:00:00Z`));
    sendAts.forEach((at, i) => {
      expect(at).toBeGreaterThanOrEqual(slotDays[i]! - 86_400_000);
      expect(at).toBeLessThan(slotDays[i]! + 2 * 86_400_000);
    });
  });
});

describe('the drafting job', () => {
  it('continues after a crash without drafting anyone twice', async () => {
    const { client, user } = await signedInAgent(api);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await addClient(client, { tags: ['Crash'] })).id);
    const agent = (await getUserById(user.id, true))!;
    const id = `crash-${Date.now()}`;
    const item = await putBroadcast({
      id,
      agentId: user.id,
      filter: { tag: 'crash' },
      channel: 'email',
      occasion: 'check-in',
      mode: 'approve',
      status: 'drafting',
      total: 5,
      createdAt: new Date().toISOString(),
    });
    // What a run that died leaves: two recipients done, a third's message written but not its record.
    const slots = new SlotFinder(agent, 'email', new Date());
    for (const clientId of ids.slice(0, 2))
      await draftFor(agent, item, (await getClient(user.id, clientId))!, slots, log);
    const cutId = broadcastMessageId(id, ids[2]!);
    await putMessageOnce({
      id: cutId,
      agentId: user.id,
      clientId: ids[2]!,
      channel: 'email',
      occasion: 'check-in',
      automatic: true,
      broadcastId: id,
      subject: 'Checking in',
      body: 'Written before the crash.',
      to: 'x@example.com',
      status: 'awaiting-approval',
      slotDay: utcToday(),
      createdAt: new Date().toISOString(),
    });
    const before = await getMessage(ids[0]!, broadcastMessageId(id, ids[0]!));

    const outcome = await runBroadcastJob(
      { kind: 'broadcast', agentId: user.id, broadcastId: id },
      {
        remainingMs: () => 600_000,
        log,
      },
    );

    expect(outcome).toBe('done');
    expect((await client.get(`/api/broadcasts/${id}`)).body).toMatchObject({
      status: 'done',
      total: 5,
      handled: 5,
      drafted: 5,
      awaiting: 5,
    });
    const queued = (await queueOf(client)).filter((m) => m.status === 'awaiting-approval');
    expect(queued).toHaveLength(5);
    expect(new Set(queued.map((m) => m.clientId)).size).toBe(5);
    // The ones made before the crash are left as they were: not drafted again.
    expect((await getMessage(ids[2]!, cutId))!.body).toBe('Written before the crash.');
    expect(await getMessage(ids[0]!, broadcastMessageId(id, ids[0]!))).toEqual(before);
    // Run again (a second delivery): nothing changes.
    expect(
      await runBroadcastJob(
        { kind: 'broadcast', agentId: user.id, broadcastId: id },
        { remainingMs: () => 600_000, log },
      ),
    ).toBe('done');
    expect((await queueOf(client)).filter((m) => m.status === 'awaiting-approval')).toHaveLength(5);
  });
});
