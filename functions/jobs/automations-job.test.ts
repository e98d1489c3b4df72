// Automated follow-ups over simulated days: the hourly scheduler and the worker run hour by hour on a
// clock the test sets (only Date is faked; the emulators run for real), and the outbox shows what
// went out and when.
import { APPROVAL_NOTES, SKIP_REASONS, type AutomationRule } from '@shared/automations';
import { resetConfig } from '../config';
import { changeMessageStatus, getMessage, listActivity, type MessageItem } from '../data/messages';
import { listClients } from '../data/clients';
import { listEntries, occasionIndexEntries } from '../data/client-lists';
import { rewriteClientEntries } from '../client-record/derived';
import { advanceLastContact, optOutClient } from '../services/client-contact';
import { batchDelete } from '../data/db';
import { dueOccasionClients } from '../data/occasions';
import { getUserById, setProStatus } from '../data/users';
import { runRemindersAt, sqsEvent } from '../local/reminders-job';
import { automaticMessageId, runAutomations } from '../services/automations';
import { clientInput } from '../testing/factories';
import { signedInAgent } from '../testing/local-api';
import { fakeDate } from '../testing/sending';
import { handler as worker } from './reminders-worker';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(() => {
  jest.useRealTimers();
  delete process.env.DAILY_EMAIL_LIMIT;
  resetConfig();
});

const HOUR = 3_600_000;

/**
 * Runs the hourly job at every hour from `from` (an ISO hour) for `hours` hours, with the clock 30 s past each hour.
 */
async function runHours(from: string, hours: number): Promise<void> {
  const start = Date.parse(from);
  fakeDate(new Date(start + 30_000));
  for (let i = 0; i < hours; i += 1) {
    const hour = new Date(start + i * HOUR);
    jest.setSystemTime(new Date(hour.getTime() + 30_000));
    await runRemindersAt(hour);
  }
  jest.useRealTimers();
}

/** A Pro (or free) agent in `timeZone` with these rules. */
async function agentWith(
  rules: Array<Partial<AutomationRule> & Pick<AutomationRule, 'occasion'>>,
  { timeZone = 'America/New_York', pro = true } = {},
) {
  const agent = await signedInAgent(api);
  await agent.client.patch('/api/user/preferences', { timeZone });
  if (pro) await setProStatus(agent.user.id, true);
  const full = rules.map((rule) => ({
    enabled: true,
    channel: 'email' as const,
    mode: 'auto' as const,
    sendTime: '09:00',
    ...rule,
  }));
  const res = await agent.client.put('/api/user/automations', { rules: full });
  if (res.status !== 200) throw new Error(`PUT /api/user/automations: ${res.status} ${res.text}`);
  const addClient = async (fields: Record<string, unknown>) => {
    const created = await agent.client.post('/api/clients', clientInput(fields));
    if (created.status !== 201) throw new Error(`client: ${created.status} ${created.text}`);
    // Texted by the rules: the client agreed to texts (the agent attested it).
    const consent = await agent.client.patch(`/api/clients/${created.body.id}`, { smsConsent: 'granted' });
    if (consent.status !== 200) throw new Error(`consent: ${consent.status} ${consent.text}`);
    return created.body as { id: string; email: string };
  };
  return { ...agent, addClient };
}

const mailTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email.toLowerCase());

describe('automated follow-ups over simulated days', () => {
  it('an auto birthday rule sends once, at 09:00 in each client’s own zone', async () => {
    const agent = await agentWith([{ occasion: 'birthday' }]);
    const here = await agent.addClient({ name: 'Nora East', birthday: '1980-06-15' });
    const west = await agent.addClient({ name: 'Wes Coast', birthday: '1975-06-15', timeZone: 'America/Los_Angeles' });
    const other = await agent.addClient({ name: 'Otto Day', birthday: '1975-06-16' });

    // 2031-06-15 00:00 to 2031-06-16 12:00 UTC: the agent's 8:00 (12:00Z), 9:00 New York (13:00Z), 9:00 Los Angeles
    // (16:00Z).
    await runHours('2031-06-15T00:00:00Z', 36);

    const [toHere] = await mailTo(here.email);
    const [toWest] = await mailTo(west.email);
    expect(await mailTo(here.email)).toHaveLength(1);
    expect(await mailTo(west.email)).toHaveLength(1);
    expect(await mailTo(other.email)).toHaveLength(0);
    expect(toHere!.sentAt.slice(0, 13)).toBe('2031-06-15T13');
    expect(toWest!.sentAt.slice(0, 13)).toBe('2031-06-15T16');
    expect(toHere!.subject).toMatch(/birthday/i);
    expect(toHere!.text).toContain('Nora');
    expect(toHere!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const stored = await getMessage(here.id, automaticMessageId(here.id, 'birthday', 2031));
    expect(stored).toMatchObject({ status: 'sent', automatic: true, occasion: 'birthday' });
    // The activity shows it as automatic; the client was contacted.
    const activity = await agent.client.get(`/api/clients/${here.id}/messages`);
    expect(activity.body.activity[0]).toMatchObject({ automatic: true, status: 'sent' });
    expect(activity.body.lastContactDate).toBe(toHere!.sentAt);
  });

  it('an approve rule leaves the draft in the queue, and the digest links to it', async () => {
    const agent = await agentWith([{ occasion: 'home-anniversary', mode: 'approve' }]);
    const client = await agent.addClient({ name: 'Hana Holm', purchaseDate: '2024-09-10' });

    await runHours('2031-09-10T11:00:00Z', 6);

    expect(await mailTo(client.email)).toHaveLength(0);
    const queue = await agent.client.get('/api/outgoing');
    expect(queue.body.awaiting).toBe(1);
    expect(queue.body.messages[0]).toMatchObject({
      status: 'awaiting-approval',
      clientName: 'Hana Holm',
      occasion: 'home-anniversary',
      automatic: true,
    });
    expect(queue.body.messages[0].body).toMatch(/7th/);
    const [digest] = (await mailTo(agent.details.username)).filter((m) => m.subject?.startsWith('Client reminders'));
    expect(digest!.subject).toMatch(/1 message to approve/);
    expect(digest!.text).toContain(`1 message for today's occasions waits for your approval: ${api.url}/today`);
  });

  it('duplicate queue deliveries and repeated runs make one message and send it once', async () => {
    const agent = await agentWith([{ occasion: 'anniversary' }]);
    const client = await agent.addClient({ name: 'Ada Twice', anniversary: '2001-04-20' });
    const date = '2031-04-20';

    fakeDate(new Date('2031-04-20T12:00:30Z'));
    // The same digest message delivered three times at once, and again later (SQS at-least-once).
    const message = { agentId: agent.user.id, date };
    const batch = await worker(sqsEvent([message, message, message]));
    expect(batch.batchItemFailures).toEqual([]);
    await worker(sqsEvent([message]));
    // Two runs of the automations racing for the same day.
    const agentItem = (await getUserById(agent.user.id))!;
    const runs = await Promise.all([runAutomations(agentItem, date), runAutomations(agentItem, date)]);
    expect(runs.map((r) => r.existing)).toEqual([1, 1]);
    jest.useRealTimers();

    const messages = (await listActivity(client.id)).filter((item): item is MessageItem => item.type === 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: 'scheduled', sendAt: '2031-04-20T13:00:00.000Z' });

    // The due hour delivered twice (a retried scheduler run): sent once.
    await runHours('2031-04-20T13:00:00Z', 1);
    await runHours('2031-04-20T13:00:00Z', 1);
    await runHours('2031-04-20T14:00:00Z', 2);
    expect(await mailTo(client.email)).toHaveLength(1);
  });

  it('a crash after a message was claimed for sending never sends it twice', async () => {
    const agent = await agentWith([{ occasion: 'birthday' }]);
    const client = await agent.addClient({ name: 'Cara Crash', birthday: '1990-02-02' });
    await runHours('2031-02-02T13:00:00Z', 1); // 8:00 in New York in winter: drafted and scheduled for 9:00
    const id = automaticMessageId(client.id, 'birthday', 2031);
    expect(await getMessage(client.id, id)).toMatchObject({ status: 'scheduled' });

    // A worker claimed it (scheduled → sending) and died before sending.
    await changeMessageStatus(client.id, id, { from: 'scheduled', to: 'sending', leaveDueIndex: true });
    await runHours('2031-02-02T14:00:00Z', 3);
    expect(await mailTo(client.email)).toHaveLength(0);
    expect(await getMessage(client.id, id)).toMatchObject({ status: 'sending' });
  });

  it('records why each message was skipped, and falls back to approval at the daily cap', async () => {
    const agent = await agentWith([
      { occasion: 'birthday' },
      { occasion: 'anniversary', channel: 'sms', sendTime: '10:00' },
    ]);
    const paused = await agent.addClient({ name: 'Pat Paused', birthday: '1970-07-07' });
    await agent.client.patch(`/api/clients/${paused.id}`, { automationsPaused: true });
    const unsubscribed = await agent.addClient({ name: 'Una Subscribed', birthday: '1971-07-07' });
    await optOutClient(agent.user.id, unsubscribed.id, 'email');
    // A number texts cannot reach (outside the allowed countries).
    const noPhone = await agent.addClient({
      name: 'Nils Nophone',
      anniversary: '2010-07-07',
      phone: '+44 20 7946 0958',
    });
    const recent = await agent.addClient({ name: 'Rita Recent', birthday: '1972-07-07' });
    await advanceLastContact(agent.user.id, recent.id, '2031-07-05T15:00:00.000Z');
    const capped = await agent.addClient({ name: 'Cal Capped', birthday: '1973-07-07' });

    process.env.DAILY_EMAIL_LIMIT = '0';
    resetConfig();
    await runHours('2031-07-07T12:00:00Z', 1);

    const status = async (clientId: string, occasion: 'birthday' | 'anniversary') =>
      getMessage(clientId, automaticMessageId(clientId, occasion, 2031));
    expect(await status(paused.id, 'birthday')).toMatchObject({ status: 'skipped', problem: SKIP_REASONS.paused });
    expect(await status(unsubscribed.id, 'birthday')).toMatchObject({
      status: 'skipped',
      problem: SKIP_REASONS.optedOut('email'),
    });
    expect(await status(noPhone.id, 'anniversary')).toMatchObject({
      status: 'skipped',
      problem: SKIP_REASONS.noAddress('sms'),
    });
    expect(await status(recent.id, 'birthday')).toMatchObject({
      status: 'skipped',
      problem: SKIP_REASONS.recentContact,
    });
    expect(await status(capped.id, 'birthday')).toMatchObject({
      status: 'awaiting-approval',
      note: APPROVAL_NOTES.dailyLimit('email'),
    });
    // The skipped ones are in the client's activity with their reason.
    const activity = await agent.client.get(`/api/clients/${paused.id}/messages`);
    expect(activity.body.activity[0]).toMatchObject({
      status: 'skipped',
      problem: SKIP_REASONS.paused,
      automatic: true,
    });
  });

  it("once the day's AI drafts are spent, Hearthside's composer writes the automatic message", async () => {
    const agent = await agentWith([{ occasion: 'birthday', mode: 'approve' }]);
    const client = await agent.addClient({ name: 'Quinn Quota', birthday: '1977-04-04' });
    Object.assign(process.env, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'http://127.0.0.1:9',
      AI_MODEL: 'never-called',
      AI_DRAFTS_PER_DAY: '0',
    });
    resetConfig();
    try {
      await runHours('2031-04-04T12:00:00Z', 1);
    } finally {
      for (const name of ['AI_PROVIDER', 'AI_BASE_URL', 'AI_MODEL', 'AI_DRAFTS_PER_DAY']) delete process.env[name];
      resetConfig();
    }
    const message = await getMessage(client.id, automaticMessageId(client.id, 'birthday', 2031));
    expect(message).toMatchObject({ status: 'awaiting-approval', engine: { provider: 'local' } });
    expect(message!.body).toContain('Quinn');
  });

  it("a free agent's rules draft for approval only", async () => {
    const agent = await agentWith([{ occasion: 'birthday', mode: 'approve' }], { pro: false });
    const client = await agent.addClient({ name: 'Fay Free', birthday: '1960-05-05' });
    await runHours('2031-05-05T12:00:00Z', 3);
    expect(await mailTo(client.email)).toHaveLength(0);
    expect(await getMessage(client.id, automaticMessageId(client.id, 'birthday', 2031))).toMatchObject({
      status: 'awaiting-approval',
      engine: { provider: 'local' },
    });
  });

  it.each([
    ['the day the clocks go forward', '2031-03-09', '2031-03-09T13'],
    ['the day the clocks go back', '2031-11-02', '2031-11-02T14'],
  ])('on %s the 09:00 message goes once, at 09:00 local time', async (_, date, hour) => {
    const agent = await agentWith([{ occasion: 'birthday' }]);
    const client = await agent.addClient({ name: 'Dora Daylight', birthday: `1984-${date.slice(5)}` });
    await runHours(`${date}T00:00:00Z`, 36);
    const sent = await mailTo(client.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sentAt.slice(0, 13)).toBe(hour);
  });
});

describe('the occasion index', () => {
  it('finds the due clients with reads that grow with them, not with the book, and follows edits and deletes', async () => {
    const agent = await agentWith([{ occasion: 'birthday', mode: 'approve' }]);
    for (let i = 0; i < 30; i += 1)
      await agent.addClient({ name: `Book ${i}`, birthday: `1980-01-${String((i % 28) + 1).padStart(2, '0')}` });
    const due = await agent.addClient({ name: 'Due Today', birthday: '1980-10-10' });
    const moved = await agent.addClient({ name: 'Moved Away', birthday: '1980-10-10' });
    const gone = await agent.addClient({ name: 'Gone Soon', birthday: '1980-10-10' });

    await agent.client.patch(`/api/clients/${moved.id}`, { birthday: '1980-10-11' });
    await agent.client.delete(`/api/clients/${gone.id}`);

    const read = await dueOccasionClients(agent.user.id, '2031-10-10');
    expect(read.due.map((d) => d.client.name)).toEqual(['Due Today']);
    expect(read.entriesRead).toBe(1);
    expect(read.calls).toBe(2);
    expect((await dueOccasionClients(agent.user.id, '2031-10-11')).due.map((d) => d.client.id)).toEqual([moved.id]);
    expect(read.due[0]!.client.id).toBe(due.id);
  });

  it('is rebuilt from the clients (npm run occasions:rebuild) for data written before it existed', async () => {
    const agent = await agentWith([{ occasion: 'birthday', mode: 'approve' }]);
    const early = await agent.addClient({ name: 'Ed Early', birthday: '1966-12-03', purchaseDate: '2012-12-03' });
    const [item] = await listClients(agent.user.id);
    await batchDelete(listEntries(item!));
    expect((await dueOccasionClients(agent.user.id, '2031-12-03')).due).toEqual([]);
    const book = await listClients(agent.user.id);
    expect(occasionIndexEntries(book[0]!)).toHaveLength(2);
    await rewriteClientEntries(book);
    expect((await dueOccasionClients(agent.user.id, '2031-12-03')).due.map((d) => [d.client.id, d.kind])).toEqual([
      [early.id, 'birthday'],
      [early.id, 'home'],
    ]);
  });

  it('a 29 February birthday comes round on 28 February in other years', async () => {
    const agent = await agentWith([{ occasion: 'birthday', mode: 'approve' }], { pro: false });
    const leap = await agent.addClient({ name: 'Lea Leap', birthday: '1988-02-29' });
    expect((await dueOccasionClients(agent.user.id, '2031-02-28')).due.map((d) => d.client.id)).toEqual([leap.id]);
    expect((await dueOccasionClients(agent.user.id, '2032-02-28')).due).toEqual([]);
    expect((await dueOccasionClients(agent.user.id, '2032-02-29')).due.map((d) => d.client.id)).toEqual([leap.id]);
  });
});

describe('npm run job:reminders for a date', () => {
  it('replays the day hour by hour: the automatic message is drafted at 8:00 and sent at 9:00', async () => {
    const agent = await agentWith([{ occasion: 'birthday' }]);
    const client = await agent.addClient({ name: 'Rey Replay', birthday: '1979-08-12' });
    const { runRemindersForDate } = await import('../local/reminders-job');
    await runRemindersForDate('2031-08-12');
    expect(await mailTo(client.email)).toHaveLength(1);
    // Drafted by the agent's 8:00 run (12:00 UTC) and sent by the run of 13:00 UTC (9:00 in New York), each handled as
    // of its hour.
    expect(await getMessage(client.id, automaticMessageId(client.id, 'birthday', 2031))).toMatchObject({
      status: 'sent',
      createdAt: '2031-08-12T12:00:30.000Z',
      sentAt: '2031-08-12T13:00:30.000Z',
    });
  });
});
