// The automated follow-ups' API: the agent's rules (GET/PUT /api/user/automations), pausing a client,
// and the queue of automatic messages (GET /api/outgoing, approve, skip). Queue items are made the way
// the daily job makes them: clients whose key date is the day, and runAutomations for that day.
import { addDays, dateParts, todayIn } from '@shared/dates';
import { AUTOMATION_MESSAGES, SKIP_REASONS, withDefaultRules, type AutomationRule } from '@shared/automations';
import { resetConfig } from '../../config';
import { dueHour, scheduledInHour } from '../../data/messages';
import { getUserById, setProStatus } from '../../data/users';
import { ordinal } from '../../domain/draft-facts';
import { automaticMessageId, runAutomations } from '../../services/automations';
import { unsubscribeToken } from '../../services/unsubscribe';
import { automationRule, clientInput } from '../../testing/factories';
import { resetSendingSettings, zoneAtLocalHour } from '../../testing/sending';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(resetSendingSettings);

/** A zone whose date is not the UTC date right now (UTC+14 after 10:00 UTC, UTC-12 before 12:00 UTC). */
const zoneOffUtcDate = (now = new Date()) => (now.getUTCHours() >= 12 ? 'Etc/GMT-14' : 'Etc/GMT+12');

const monthDay = (date: string) => date.slice(5);
const yearOf = (date: string) => dateParts(date).year;

const rule = automationRule;

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** A signed-in agent whose rules are `rules` (stored through PUT /api/user/automations). */
async function agentWithRules(
  rules: AutomationRule[],
  options: { verified?: boolean; pro?: boolean } = {},
): Promise<Agent> {
  const agent = await signedInAgent(api, { verified: options.verified });
  if (options.pro) await setProStatus(agent.user.id, true);
  const res = await agent.client.request('PUT', '/api/user/automations', { json: { rules } });
  if (res.status !== 200) throw new Error(`PUT /api/user/automations failed: ${res.status} ${res.text}`);
  return agent;
}

/** The agent's today, in their own zone (the day the morning run is for). */
async function agentToday(agent: Agent): Promise<string> {
  return todayIn((await getUserById(agent.user.id))!.timeZone);
}

/** A client of the agent's, born on `date`'s day of the year; `textable`: agreed to texts (the agent attested it). */
async function clientBornOn(
  client: ApiClient,
  date: string,
  overrides: Record<string, unknown> = {},
  textable = false,
) {
  const res = await client.post('/api/clients', clientInput({ birthday: `1984-${monthDay(date)}`, ...overrides }));
  if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${res.text}`);
  if (!textable) return res.body as { id: string; email: string; name: string };
  const consent = await client.patch(`/api/clients/${res.body.id}`, { smsConsent: 'granted' });
  if (consent.status !== 200) throw new Error(`consent failed: ${consent.status} ${consent.text}`);
  return res.body as { id: string; email: string; name: string };
}

/** The morning run for `date`, as the job calls it. */
async function runFor(agent: Agent, date: string, now = new Date()) {
  return runAutomations((await getUserById(agent.user.id, true))!, date, now);
}

/** An agent with a birthday rule, a client born today, and that client's automatic message made by the morning run. */
async function queuedBirthday(
  options: { rules?: AutomationRule[]; verified?: boolean; pro?: boolean; client?: Record<string, unknown> } = {},
) {
  const agent = await agentWithRules(options.rules ?? [rule()], options);
  const date = await agentToday(agent);
  const texted = (options.rules ?? [rule()]).some((r) => r.channel === 'sms');
  const customer = await clientBornOn(agent.client, date, { name: 'Maria Lopez', ...options.client }, texted);
  const run = await runFor(agent, date);
  return { ...agent, date, customer, run, messageId: automaticMessageId(customer.id, 'birthday', yearOf(date)) };
}

const queue = (client: ApiClient) => client.get('/api/outgoing');
const approve = (client: ApiClient, id: string, edits: Record<string, unknown> = {}) =>
  client.post(`/api/outgoing/${id}/approve`, edits);
const skip = (client: ApiClient, id: string) => client.post(`/api/outgoing/${id}/skip`, {});
const snooze = (client: ApiClient, id: string) => client.post(`/api/outgoing/${id}/snooze`, {});
const outboxTo = async (to: string) => (await api.outbox()).filter((m) => m.to === to);
const activityOf = async (client: ApiClient, clientId: string) =>
  (await client.get(`/api/clients/${clientId}/messages`)).body as {
    activity: Array<Record<string, unknown>>;
    lastContactDate: string | null;
  };
const putRules = (client: ApiClient, body: unknown) => client.request('PUT', '/api/user/automations', { json: body });

/** Nothing went to the client, and their message still waits for approval, alone in the agent's queue. */
async function expectUnsentAndWaiting({
  client,
  customer,
  messageId,
}: {
  client: ApiClient;
  customer: { email: string };
  messageId: string;
}) {
  expect(await outboxTo(customer.email)).toEqual([]);
  expect((await queue(client)).body).toMatchObject({
    awaiting: 1,
    messages: [{ id: messageId, status: 'awaiting-approval' }],
  });
}

describe('GET /api/user/automations', () => {
  it("answers every occasion's rule, all off, and whose key dates come round tomorrow in the agent's zone, with their labels, and no one else's", async () => {
    // Prepare: an agent in a zone whose date is not UTC's, so tomorrow there is not tomorrow in UTC.
    const zone = zoneOffUtcDate();
    const { client } = await signedInAgent(api);
    expect((await client.patch('/api/user/preferences', { timeZone: zone })).status).toBe(200);
    const tomorrow = addDays(todayIn(zone), 1);
    const utcTomorrow = addDays(todayIn('UTC'), 1);
    expect(utcTomorrow).not.toBe(tomorrow);
    const year = yearOf(tomorrow);
    const md = monthDay(tomorrow);
    const ana = await clientBornOn(client, tomorrow, { name: 'Ana Birthday' });
    const ben = (
      await client.post('/api/clients', clientInput({ name: 'Ben Wedding', anniversary: `${year - 20}-${md}` }))
    ).body;
    const cara = (
      await client.post('/api/clients', clientInput({ name: 'Cara Home', purchaseDate: `${year - 8}-${md}` }))
    ).body;
    await clientBornOn(client, utcTomorrow, { name: 'Dan Wrongday' });
    await client.post('/api/clients', clientInput({ name: 'Eve Nodates' }));
    const other = await signedInAgent(api);
    await other.client.patch('/api/user/preferences', { timeZone: zone });
    const theirs = await clientBornOn(other.client, tomorrow, { name: 'Aaron Elsewhere' });

    // Act
    const res = await client.get('/api/user/automations');

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.rules).toEqual(withDefaultRules(undefined));
    expect(res.body.rules).toEqual([
      { occasion: 'birthday', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
      { occasion: 'anniversary', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
      { occasion: 'home-anniversary', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
      { occasion: 'check-in', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
      { occasion: 'home-update', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
    ]);
    expect(res.body.tomorrow).toEqual({
      date: tomorrow,
      occasions: [
        {
          clientId: ana.id,
          clientName: 'Ana Birthday',
          occasion: 'birthday',
          label: `${ordinal(year - 1984)} birthday`,
        },
        { clientId: ben.id, clientName: 'Ben Wedding', occasion: 'anniversary', label: '20th wedding anniversary' },
        { clientId: cara.id, clientName: 'Cara Home', occasion: 'home-anniversary', label: '8th home anniversary' },
      ],
    });
    // The other agent sees their own client only.
    const theirPreview = (await other.client.get('/api/user/automations')).body.tomorrow.occasions;
    expect(theirPreview.map((o: { clientId: string }) => o.clientId)).toEqual([theirs.id]);
  });
});

describe('PUT /api/user/automations', () => {
  it('stores the rules and answers them with the occasions left out turned off', async () => {
    // Prepare
    const { client } = await signedInAgent(api);
    const rules = [rule({ channel: 'sms', sendTime: '10:30' }), rule({ occasion: 'anniversary', sendTime: '07:15' })];

    // Act
    const res = await putRules(client, { rules });

    // Assess
    expect(res.status).toBe(200);
    const expected = [
      ...rules,
      { occasion: 'home-anniversary', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
      { occasion: 'check-in', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
      { occasion: 'home-update', enabled: false, channel: 'email', mode: 'approve', sendTime: '09:00' },
    ];
    expect(res.body.rules).toEqual(expected);
    expect(res.body.tomorrow).toMatchObject({ occasions: [] });
    expect((await client.get('/api/user/automations')).body.rules).toEqual(expected);
  });

  it.each([
    [
      'a time that does not exist',
      { rules: [rule({ sendTime: '25:00' })] },
      'rules[0].sendTime',
      AUTOMATION_MESSAGES.sendTime,
    ],
    ['a time not as HH:MM', { rules: [rule({ sendTime: '9am' })] }, 'rules[0].sendTime', AUTOMATION_MESSAGES.sendTime],
    [
      'a text before 8:00',
      { rules: [rule({ channel: 'sms', sendTime: '07:30' })] },
      'rules[0].sendTime',
      AUTOMATION_MESSAGES.smsSendTime,
    ],
    [
      'a text at 21:00 or later',
      { rules: [rule({ channel: 'sms', sendTime: '21:00' })] },
      'rules[0].sendTime',
      AUTOMATION_MESSAGES.smsSendTime,
    ],
    [
      'an unknown occasion',
      { rules: [rule({ occasion: 'graduation' as never })] },
      'rules[0].occasion',
      AUTOMATION_MESSAGES.occasion,
    ],
    [
      'an unknown channel',
      { rules: [rule({ channel: 'fax' as never })] },
      'rules[0].channel',
      AUTOMATION_MESSAGES.channel,
    ],
    [
      'an enabled that is not a boolean',
      { rules: [rule({ enabled: 'yes' as never })] },
      'rules[0].enabled',
      AUTOMATION_MESSAGES.enabled,
    ],
    [
      'two rules for one occasion',
      { rules: [rule(), rule({ channel: 'sms' })] },
      'rules',
      AUTOMATION_MESSAGES.duplicate,
    ],
    ['an unknown field in a rule', { rules: [{ ...rule(), color: 'red' }] }, 'rules[0]', 'Unknown field: color'],
    ['rules that are not a list', { rules: 'birthday' }, 'rules', AUTOMATION_MESSAGES.rules],
    ['no rules at all', {}, 'rules', AUTOMATION_MESSAGES.rules],
  ])('refuses %s (400, with the field error) and stores nothing', async (_label, body, field, message) => {
    // Prepare
    const { client } = await signedInAgent(api);
    const before = (await client.get('/api/user/automations')).body.rules;

    // Act
    const res = await putRules(client, body);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.objectContaining({ [field]: message }));
    expect((await client.get('/api/user/automations')).body.rules).toEqual(before);
  });

  it('accepts an e-mail at 07:30, and texts at the edges of their window (08:00, 20:59)', async () => {
    const { client } = await signedInAgent(api);
    const res = await putRules(client, {
      rules: [
        rule({ sendTime: '07:30' }),
        rule({ occasion: 'anniversary', channel: 'sms', sendTime: '08:00' }),
        rule({ occasion: 'home-anniversary', channel: 'sms', sendTime: '20:59' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.rules.map((r: AutomationRule) => r.sendTime)).toEqual([
      '07:30',
      '08:00',
      '20:59',
      '09:00',
      '09:00',
    ]);
  });

  it('refuses sending without approval to a free agent (403 PRO_REQUIRED, nothing stored) and stores it for a Pro agent', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    const rules = [rule({ mode: 'auto' })];

    // Act
    const free = await putRules(client, { rules });
    await setProStatus(user.id, true);
    const pro = await putRules(client, { rules });

    // Assess
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ code: 'PRO_REQUIRED', message: AUTOMATION_MESSAGES.proRequired });
    expect(pro.status).toBe(200);
    expect(pro.body.rules[0]).toEqual(rule({ mode: 'auto' }));
    expect((await client.get('/api/user/automations')).body.rules[0]).toEqual(rule({ mode: 'auto' }));
  });
  it('lets an agent who is no longer Pro keep a rule already on auto and change the rest, but not turn auto on for another occasion', async () => {
    // Prepare
    const { client, user } = await signedInAgent(api);
    await setProStatus(user.id, true);
    expect((await putRules(client, { rules: [rule({ mode: 'auto' })] })).status).toBe(200);
    await setProStatus(user.id, false);

    // Act
    const kept = await putRules(client, {
      rules: [rule({ mode: 'auto', sendTime: '10:00' }), rule({ occasion: 'anniversary' })],
    });
    const more = await putRules(client, {
      rules: [rule({ mode: 'auto', sendTime: '10:00' }), rule({ occasion: 'anniversary', mode: 'auto' })],
    });

    // Assess
    expect(kept.status).toBe(200);
    expect(kept.body.rules.slice(0, 2)).toEqual([
      rule({ mode: 'auto', sendTime: '10:00' }),
      rule({ occasion: 'anniversary' }),
    ]);
    expect(more.status).toBe(403);
    expect(more.body.code).toBe('PRO_REQUIRED');
    expect((await client.get('/api/user/automations')).body.rules).toEqual(kept.body.rules);
  });
});

describe('PATCH /api/clients/{id} { automationsPaused }', () => {
  it('pauses a client by itself, the client answers it, and the morning run then skips them saying why', async () => {
    // Prepare
    const agent = await agentWithRules([rule()]);
    const date = await agentToday(agent);
    const created = await clientBornOn(agent.client, date);
    expect((created as unknown as { automationsPaused: boolean }).automationsPaused).toBe(false);

    // Act
    const res = await agent.client.patch(`/api/clients/${created.id}`, { automationsPaused: true });
    const run = await runFor(agent, date);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      automationsPaused: true,
      email: created.email,
      birthday: `1984-${monthDay(date)}`,
    });
    const listed = ((await allClients(agent.client)) as Array<{ id: string; automationsPaused: boolean }>).find(
      (c) => c.id === created.id,
    );
    expect(listed!.automationsPaused).toBe(true);
    expect(run.skipped).toEqual({ paused: 1 });
    expect((await queue(agent.client)).body).toEqual({ messages: [], awaiting: 0 });
    expect((await activityOf(agent.client, created.id)).activity).toEqual([
      expect.objectContaining({ status: 'skipped', automatic: true, problem: SKIP_REASONS.paused }),
    ]);

    // And resumes.
    const resumed = await agent.client.patch(`/api/clients/${created.id}`, { automationsPaused: false });
    expect(resumed.status).toBe(200);
    expect(resumed.body.automationsPaused).toBe(false);
  });

  it("refuses a pause that is not true or false (400) and another agent's client (404)", async () => {
    const { client } = await signedInAgent(api);
    const created = (await client.post('/api/clients', clientInput())).body;
    for (const value of ['yes', 1, null]) {
      const bad = await client.patch(`/api/clients/${created.id}`, { automationsPaused: value });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('automationsPaused');
    }
    const other = await signedInAgent(api);
    expect((await other.client.patch(`/api/clients/${created.id}`, { automationsPaused: true })).status).toBe(404);
    const listed = ((await allClients(client)) as Array<{ id: string; automationsPaused: boolean }>).find(
      (c) => c.id === created.id,
    );
    expect(listed!.automationsPaused).toBe(false);
  });
});

describe('GET /api/outgoing', () => {
  it("lists the agent's automatic message awaiting approval, with its client, occasion and draft; only to that agent; and in the client's activity", async () => {
    // Prepare
    const { client, customer, messageId, run } = await queuedBirthday();
    const other = await signedInAgent(api);

    // Act
    const res = await queue(client);

    // Assess
    expect(run).toMatchObject({ due: 1, awaiting: 1, scheduled: 0 });
    expect(res.status).toBe(200);
    expect(res.body.awaiting).toBe(1);
    expect(res.body.messages).toEqual([
      expect.objectContaining({
        id: messageId,
        status: 'awaiting-approval',
        automatic: true,
        channel: 'email',
        occasion: 'birthday',
        clientId: customer.id,
        clientName: 'Maria Lopez',
        // For the one-tap Call, Text and E-mail on Today.
        clientEmail: customer.email,
        clientPhone: expect.stringMatching(/\d{3}.*\d{4}$/),
        subject: expect.any(String),
        body: expect.stringContaining('Maria'),
        sentAt: null,
        sendAt: null,
      }),
    ]);
    expect((await queue(other.client)).body).toEqual({ messages: [], awaiting: 0 });
    const { activity } = await activityOf(client, customer.id);
    expect(activity).toEqual([
      expect.objectContaining({
        type: 'message',
        id: messageId,
        status: 'awaiting-approval',
        automatic: true,
        body: res.body.messages[0].body,
      }),
    ]);
  });
});

describe('POST /api/outgoing/{id}/approve', () => {
  it('sends the e-mail with the unsubscribe headers, leaves the queue, moves the last contact; approving again sends nothing more', async () => {
    // Prepare
    const { client, customer, messageId } = await queuedBirthday();
    const drafted = (await queue(client)).body.messages[0];

    // Act
    const res = await approve(client, messageId);
    const again = await approve(client, messageId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'sent',
      message: { id: messageId, status: 'sent', automatic: true, subject: drafted.subject, body: drafted.body },
    });
    expect(res.body.message.sentAt).toEqual(expect.any(String));
    const sent = await outboxTo(customer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(drafted.subject);
    expect(sent[0]!.text).toContain(drafted.body.split('\n')[0]);
    expect(sent[0]!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(new RegExp(`^<${api.url}/api/unsubscribe/\\S+>$`)),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await queue(client)).body).toEqual({ messages: [], awaiting: 0 });
    expect((await activityOf(client, customer.id)).lastContactDate).toBe(res.body.message.sentAt);

    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'sent', message: { id: messageId, sentAt: res.body.message.sentAt } });
    expect(await outboxTo(customer.email)).toHaveLength(1);
  });

  it('sends the edited subject and body instead of the draft', async () => {
    const { client, customer, messageId } = await queuedBirthday();
    const edited = { subject: 'A note for your birthday', body: 'Dear Maria,\n\nThese are my own words.\n\nJane' };
    const res = await approve(client, messageId, edited);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', message: edited });
    const [sent] = await outboxTo(customer.email);
    expect(sent!.subject).toBe(edited.subject);
    expect(sent!.text).toContain('These are my own words.');
    expect((await activityOf(client, customer.id)).activity[0]).toMatchObject({
      id: messageId,
      status: 'sent',
      ...edited,
    });
  });

  it("goes to the client's address as it is at approval, not as it was when drafted", async () => {
    const { client, customer, messageId } = await queuedBirthday();
    const moved = `moved-${customer.email}`;
    expect((await client.patch(`/api/clients/${customer.id}`, { email: moved })).status).toBe(200);
    const res = await approve(client, messageId);
    expect(res.status).toBe(200);
    expect(await outboxTo(customer.email)).toHaveLength(0);
    expect(await outboxTo(moved)).toHaveLength(1);
  });

  it('refuses an empty edited body (400), sending nothing and leaving the message waiting', async () => {
    const { client, customer, messageId } = await queuedBirthday();
    for (const body of ['', '   ']) {
      const res = await approve(client, messageId, { body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('body');
    }
    await expectUnsentAndWaiting({ client, customer, messageId });
  });

  it("answers 404 for another agent's message, a made-up id and an over-long id, 400 for a 2,000-character id (never 500), and sends nothing", async () => {
    const { client, customer, messageId } = await queuedBirthday();
    const other = await signedInAgent(api);
    for (const [who, id] of [
      [other.client, messageId],
      [client, 'madeUpMessageId123'],
      // Longer than any id (64) but within what the URL guard lets through (256): the service's own check.
      [client, 'x'.repeat(200)],
    ] as const) {
      const approved = await approve(who, id);
      expect(approved.status).toBe(404);
      expect(approved.body.code).toBe('NOT_FOUND');
      expect((await skip(who, id)).status).toBe(404);
    }
    // Past 256 characters every route refuses the path parameter before the handler (functions/http/handler.ts).
    for (const res of [await approve(client, 'x'.repeat(2000)), await skip(client, 'x'.repeat(2000))]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_PATH_PARAMETER');
    }
    await expectUnsentAndWaiting({ client, customer, messageId });
  });

  it("schedules an approved text for 8:00 in the client's zone when it is night there, and the queue lists it as scheduled", async () => {
    // Prepare
    const zone = zoneAtLocalHour(2);
    const phone = '(512) 555-0171';
    const { client, messageId } = await queuedBirthday({
      rules: [rule({ channel: 'sms' })],
      client: { phone, timeZone: zone },
    });

    // Act
    const res = await approve(client, messageId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'scheduled',
      message: { id: messageId, status: 'scheduled', channel: 'sms', sentAt: null },
    });
    const sendAt = new Date(res.body.message.sendAt as string);
    expect(sendAt.toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })).toBe('8:00 AM');
    expect(sendAt.getTime() - Date.now()).toBeGreaterThan(5 * 3_600_000);
    expect(sendAt.getTime() - Date.now()).toBeLessThanOrEqual(6 * 3_600_000);
    expect((await queue(client)).body).toEqual({
      awaiting: 0,
      messages: [expect.objectContaining({ id: messageId, status: 'scheduled', sendAt: res.body.message.sendAt })],
    });
    // Due in its hour for the job, and nothing sent yet.
    expect((await scheduledInHour(dueHour(res.body.message.sendAt))).map((m) => m.id)).toContain(messageId);
    expect(await outboxTo('+15125550171')).toEqual([]);
    // Approving again answers the same.
    expect((await approve(client, messageId)).body).toMatchObject({
      status: 'scheduled',
      message: { sendAt: res.body.message.sendAt },
    });
  });

  it('refuses an unverified agent (403 EMAIL_UNVERIFIED) and leaves the message waiting', async () => {
    const { client, customer, messageId } = await queuedBirthday({ verified: false });
    const res = await approve(client, messageId);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_UNVERIFIED');
    await expectUnsentAndWaiting({ client, customer, messageId });
  });

  it('refuses a client who unsubscribed since the draft (409 OPTED_OUT) and leaves the message in the queue', async () => {
    // Prepare
    const { client, customer, messageId, user } = await queuedBirthday();
    const token = await unsubscribeToken(user.id, customer.id);
    expect((await api.client().post(`/api/unsubscribe/${token}`, {})).status).toBe(200);

    // Act
    const res = await approve(client, messageId);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('OPTED_OUT');
    await expectUnsentAndWaiting({ client, customer, messageId });
  });

  it('refuses at the daily e-mail cap (429 DAILY_LIMIT) and leaves the message in the queue', async () => {
    // Prepare
    process.env.DAILY_EMAIL_LIMIT = '1';
    resetConfig();
    const { client, customer, messageId } = await queuedBirthday();
    const other = (await client.post('/api/clients', clientInput())).body;
    const byHand = await client.post(`/api/clients/${other.id}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Hi there,\n\nJust checking in.',
    });
    expect(byHand.status).toBe(201);

    // Act
    const res = await approve(client, messageId);

    // Assess
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('DAILY_LIMIT');
    await expectUnsentAndWaiting({ client, customer, messageId });
  });
});

describe('POST /api/outgoing/{id}/snooze', () => {
  it("takes a waiting message out of Today until 8:00 tomorrow in the agent's zone, still waiting to be approved", async () => {
    // Prepare
    const { client, user, customer, messageId } = await queuedBirthday();
    const zone = (await getUserById(user.id))!.timeZone;

    // Act
    const res = await snooze(client, messageId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'snoozed', message: { id: messageId, status: 'awaiting-approval' } });
    const until = new Date(res.body.until as string);
    expect(until.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(until)).toBe(
      '08:00',
    );
    expect(todayIn(zone, until)).toBe(addDays(todayIn(zone), 1));
    expect((await queue(client)).body).toEqual({ messages: [], awaiting: 0 });
    // Still the agent's to approve: approving it now sends it.
    expect((await approve(client, messageId)).body).toMatchObject({ status: 'sent' });
    expect(await outboxTo(customer.email)).toHaveLength(1);
  });

  it("refuses a handled message (409 NOT_AWAITING), another agent's (404) and a made-up id (404), never 500", async () => {
    // Prepare
    const { client, messageId } = await queuedBirthday();
    const other = await signedInAgent(api);
    await skip(client, messageId);

    // Act
    const handled = await snooze(client, messageId);
    const foreign = await snooze(other.client, messageId);
    const madeUp = await snooze(client, 'no-such-message');
    const huge = await snooze(client, 'x'.repeat(2000));

    // Assess
    expect(handled.status).toBe(409);
    expect(handled.body.code).toBe('NOT_AWAITING');
    expect(foreign.status).toBe(404);
    expect(madeUp.status).toBe(404);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});

describe('POST /api/outgoing/{id}/skip', () => {
  it('drops a waiting message, answers the same when repeated, and the activity keeps it as skipped by the agent', async () => {
    // Prepare
    const { client, customer, messageId } = await queuedBirthday();

    // Act
    const res = await skip(client, messageId);
    const again = await skip(client, messageId);
    const approveAfter = await approve(client, messageId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'skipped',
      message: { id: messageId, status: 'skipped', problem: SKIP_REASONS.skippedByAgent },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(approveAfter.status).toBe(200);
    expect(approveAfter.body).toMatchObject({ status: 'skipped' });
    expect((await queue(client)).body).toEqual({ messages: [], awaiting: 0 });
    expect((await activityOf(client, customer.id)).activity).toEqual([
      expect.objectContaining({ id: messageId, status: 'skipped', automatic: true, problem: 'Skipped by you.' }),
    ]);
    expect(await outboxTo(customer.email)).toEqual([]);
  });

  it('gives the daily-cap slot of a scheduled automatic message back, and takes it out of the due sends', async () => {
    // Prepare: a Pro agent sending birthdays without approval, with one e-mail a day.
    process.env.DAILY_EMAIL_LIMIT = '1';
    resetConfig();
    const { client, customer, messageId, run } = await queuedBirthday({
      rules: [rule({ mode: 'auto', sendTime: '23:59' })],
      pro: true,
    });
    expect(run).toMatchObject({ scheduled: 1, awaiting: 0 });
    const listed = (await queue(client)).body;
    expect(listed).toMatchObject({ awaiting: 0, messages: [{ id: messageId, status: 'scheduled', automatic: true }] });
    const sendAt = listed.messages[0].sendAt as string;
    const other = (await client.post('/api/clients', clientInput())).body;
    const byHand = () =>
      client.post(`/api/clients/${other.id}/messages`, {
        channel: 'email',
        subject: 'Hello',
        body: 'Hi there,\n\nJust checking in.',
      });
    const capped = await byHand();
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('DAILY_LIMIT');

    // Act
    const res = await skip(client, messageId);

    // Assess
    expect(res.body).toMatchObject({ status: 'skipped', message: { id: messageId, status: 'skipped' } });
    expect((await queue(client)).body).toEqual({ messages: [], awaiting: 0 });
    expect((await scheduledInHour(dueHour(sendAt))).map((m) => m.id)).not.toContain(messageId);
    expect((await byHand()).status).toBe(201);
    expect(await outboxTo(customer.email)).toEqual([]);
  });
});
