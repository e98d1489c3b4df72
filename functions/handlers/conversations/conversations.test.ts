// A client's reply taken in (recordInboundReply, as the inbound e-mail and text paths call it) and the agent's inbox:
// GET /api/conversations, POST /api/conversations/{clientId}/read, the activity's direction, the reply notice's
// throttle, and the pause of the client's automatic sends.
import { todayIn } from '@shared/dates';
import { SKIP_REASONS, APPROVAL_NOTES, type AutomationRule } from '@shared/automations';
import { sendCountKey } from '../../data/keys/counters';
import { countSoFar } from '../../data/outbound-caps';
import { getClient } from '../../data/clients';
import { getUserById } from '../../data/users';
import { automaticMessageId, runAutomations } from '../../services/automations';
import { recordInboundReply, ReplyClientNotFoundError } from '../../services/inbound-replies';
import { automationRule, clientInput, makePro } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { takeLocalDigestMessages } from '../../integrations/digest-queue';
import { handler as scheduler } from '../../jobs/reminders-scheduler';
import { handler as worker } from '../../jobs/reminders-worker';
import { sqsEvent } from '../../local/reminders-job';
import { resetSendingSettings } from '../../testing/sending';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(resetSendingSettings);

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

async function agentWithClient(overrides: Record<string, unknown> = {}) {
  const agent = await signedInAgent(api);
  const res = await agent.client.post('/api/clients', clientInput(overrides));
  if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${res.text}`);
  return { ...agent, customer: res.body as { id: string; name: string; email: string } };
}

/** The client's reply by e-mail, from their own address (unless `fields` says otherwise). */
const reply = async (agent: Agent, clientId: string, fields: Partial<Parameters<typeof recordInboundReply>[0]> = {}) =>
  recordInboundReply({
    agentId: agent.user.id,
    clientId,
    channel: 'email',
    subject: 'Re: Checking in',
    body: 'Thanks! The house is lovely.',
    at: new Date(),
    from: (await getClient(agent.user.id, clientId))?.email ?? 'client@example.com',
    ...fields,
  });

const conversations = (client: ApiClient, query = '') => client.get(`/api/conversations${query}`);
const noticesTo = async (agent: Agent) =>
  (await api.outbox()).filter((m) => m.to === agent.user.username && /replied by/.test(m.subject ?? ''));

describe('recordInboundReply', () => {
  it('puts the reply in the client activity as inbound, with outbound items marked so, and moves Last Contact', async () => {
    // Prepare: an e-mail the agent sent, then the client's answer.
    const agent = await agentWithClient();
    const sent = await agent.client.post(`/api/clients/${agent.customer.id}/messages`, {
      channel: 'email',
      subject: 'Checking in',
      body: 'How is the new home?',
    });
    expect(sent.status).toBe(201);
    const at = new Date(Date.now() + 60_000);

    // Act
    const { messageId } = await reply(agent, agent.customer.id, { at, rawKey: 'inbound/raw-1.eml' });

    // Assess
    const res = await agent.client.get(`/api/clients/${agent.customer.id}/messages`);
    expect(res.status).toBe(200);
    expect(res.body.activity[0]).toMatchObject({
      type: 'message',
      id: messageId,
      direction: 'inbound',
      channel: 'email',
      subject: 'Re: Checking in',
      body: 'Thanks! The house is lovely.',
      at: at.toISOString(),
      status: 'received',
    });
    expect(res.body.activity[1]).toMatchObject({ direction: 'outbound', subject: 'Checking in', status: 'sent' });
    expect(res.body.lastContactDate).toBe(at.toISOString());
  });

  it("refuses a client the agent does not have, and stores nothing for the other agent's client", async () => {
    const owner = await agentWithClient();
    const other = await signedInAgent(api);
    await expect(reply(other, owner.customer.id)).rejects.toBeInstanceOf(ReplyClientNotFoundError);
    const res = await owner.client.get(`/api/clients/${owner.customer.id}/messages`);
    expect(res.body.activity).toEqual([]);
    expect((await conversations(owner.client)).body.conversations).toEqual([]);
  });

  it('e-mails the agent the reply and a link to the conversation, at most once per client per 15 minutes', async () => {
    const agent = await agentWithClient({ name: 'Maria Lopez' });
    const t0 = new Date();
    await reply(agent, agent.customer.id, { body: 'First answer', at: t0 });
    let notices = await noticesTo(agent);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Maria Lopez replied by e-mail');
    expect(notices[0]!.text).toContain('First answer');
    expect(notices[0]!.text).toContain(`${api.url}/inbox/${agent.customer.id}`);

    // Within the window: held, not sent.
    await reply(agent, agent.customer.id, { body: 'Second answer', at: new Date(t0.getTime() + 5 * 60_000) });
    await reply(agent, agent.customer.id, {
      channel: 'sms',
      subject: undefined,
      body: 'Third, by text',
      at: new Date(t0.getTime() + 10 * 60_000),
    });
    expect(await noticesTo(agent)).toHaveLength(1);

    // Past it: the next notice, which lists the held ones.
    await reply(agent, agent.customer.id, { body: 'Fourth answer', at: new Date(t0.getTime() + 16 * 60_000) });
    notices = await noticesTo(agent);
    expect(notices).toHaveLength(2);
    const second = notices.find((n) => n.text?.includes('Fourth answer'))!;
    expect(second.text).toContain('Second answer');
    expect(second.text).toContain('Third, by text');
    expect(second.text).not.toContain('First answer');

    // Another client of the same agent has a window of their own.
    const otherClient = (await agent.client.post('/api/clients', clientInput())).body as { id: string };
    await reply(agent, otherClient.id, { body: 'Me too', at: new Date(t0.getTime() + 17 * 60_000) });
    expect(await noticesTo(agent)).toHaveLength(3);
  });

  it('sends the replies a window held, when no later reply does, from the hourly run once the window has passed', async () => {
    const agent = await agentWithClient({ name: 'Nora Held' });
    const t0 = new Date('2026-06-01T10:00:00Z');
    await reply(agent, agent.customer.id, { body: 'First answer', at: t0 });
    await reply(agent, agent.customer.id, { body: 'Held answer', at: new Date(t0.getTime() + 5 * 60_000) });
    expect(await noticesTo(agent)).toHaveLength(1);

    // The 11:00 run takes the windows that ended in the hours before it (this one at 10:20 at the latest).
    takeLocalDigestMessages();
    const run = await scheduler({ scheduledTime: '2026-06-01T11:00:00Z' });
    const queued = takeLocalDigestMessages().filter((m) => 'clientId' in m && m.clientId === agent.customer.id);
    expect(queued).toEqual([{ kind: 'reply-notice', clientId: agent.customer.id }]);
    expect(run.notices).toBeGreaterThanOrEqual(1);
    // Delivered twice (a retried run): one notice, with the held reply in it.
    expect((await worker(sqsEvent([...queued, ...queued]))).batchItemFailures).toEqual([]);
    const notices = await noticesTo(agent);
    expect(notices).toHaveLength(2);
    expect(notices[1]!.text).toContain('Held answer');
    expect(notices[1]!.text).not.toContain('First answer');
    // Sent, it is off the index: the next run queues nothing for this client.
    await scheduler({ scheduledTime: '2026-06-01T12:00:00Z' });
    expect(takeLocalDigestMessages().filter((m) => 'clientId' in m && m.clientId === agent.customer.id)).toEqual([]);
  });

  it('defangs links in the reply it e-mails to the agent', async () => {
    const agent = await agentWithClient();
    await reply(agent, agent.customer.id, { body: 'See https://evil.example/login now' });
    const [notice] = await noticesTo(agent);
    expect(notice!.text).toContain('https[:]//evil[.]example/login');
    expect(notice!.html).not.toContain('href="https://evil');
  });
});

describe('GET /api/conversations', () => {
  it('lists conversations latest activity first, with the unread ones and the unread total', async () => {
    const agent = await signedInAgent(api);
    const ids: string[] = [];
    for (const name of ['Ann', 'Bob', 'Cid']) {
      ids.push(((await agent.client.post('/api/clients', clientInput({ name }))).body as { id: string }).id);
    }
    // Replies a few seconds ago, then the agent's message now.
    const t0 = Date.now() - 5000;
    await reply(agent, ids[0]!, { body: 'from Ann', at: new Date(t0) });
    await reply(agent, ids[1]!, { channel: 'sms', subject: undefined, body: 'from Bob', at: new Date(t0 + 1000) });
    // The agent writes to Cid: a conversation, read.
    expect(
      (
        await agent.client.post(`/api/clients/${ids[2]}/messages`, {
          channel: 'email',
          subject: 'Hi',
          body: 'Hello Cid',
        })
      ).status,
    ).toBe(201);

    const res = await conversations(agent.client);
    expect(res.status).toBe(200);
    expect(res.body.unreadTotal).toBe(2);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.conversations).toEqual([
      {
        clientId: ids[2],
        clientName: 'Cid',
        lastMessage: { direction: 'outbound', channel: 'email', excerpt: 'Hi: Hello Cid', at: expect.any(String) },
        unread: false,
      },
      {
        clientId: ids[1],
        clientName: 'Bob',
        lastMessage: {
          direction: 'inbound',
          channel: 'sms',
          excerpt: 'from Bob',
          at: new Date(t0 + 1000).toISOString(),
        },
        unread: true,
      },
      {
        clientId: ids[0],
        clientName: 'Ann',
        lastMessage: {
          direction: 'inbound',
          channel: 'email',
          excerpt: 'Re: Checking in: from Ann',
          at: new Date(t0).toISOString(),
        },
        unread: true,
      },
    ]);

    const unread = await conversations(agent.client, '?filter=unread');
    expect(unread.body.conversations.map((c: { clientId: string }) => c.clientId)).toEqual([ids[1], ids[0]]);
    expect(unread.body.unreadTotal).toBe(2);
  });

  it('pages with limit and cursor, and refuses a bad cursor, filter or limit (400)', async () => {
    const agent = await signedInAgent(api);
    const t0 = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = ((await agent.client.post('/api/clients', clientInput())).body as { id: string }).id;
      ids.push(id);
      await reply(agent, id, { at: new Date(t0 + i * 1000) });
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 5; pages += 1) {
      const res = await conversations(agent.client, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.conversations.map((c: { clientId: string }) => c.clientId));
      cursor = res.body.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());

    // A cursor of the unread list is not one of the whole list, nor is anything made up.
    const unreadPage = await conversations(agent.client, '?filter=unread&limit=1');
    for (const bad of [unreadPage.body.nextCursor as string, 'not-a-cursor', 'e30']) {
      const res = await conversations(agent.client, `?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_CURSOR');
    }
    for (const query of ['?filter=starred', '?limit=0', '?limit=101', '?limit=two']) {
      const res = await conversations(agent.client, query);
      expect(res.status).toBe(400);
    }
  });

  it("shows an agent only their own conversations, and another agent's cursor is refused", async () => {
    const owner = await agentWithClient();
    await reply(owner, owner.customer.id);
    const other = await signedInAgent(api);
    const res = await conversations(other.client);
    expect(res.body).toEqual({ conversations: [], nextCursor: null, unreadTotal: 0 });
    const ownerPage = await conversations(owner.client, '?limit=1');
    await reply(owner, (await owner.client.post('/api/clients', clientInput())).body.id);
    const paged = await conversations(owner.client, '?limit=1');
    expect(paged.body.nextCursor).not.toBeNull();
    const stolen = await conversations(other.client, `?limit=1&cursor=${paged.body.nextCursor}`);
    expect(stolen.status).toBe(400);
    expect(ownerPage.status).toBe(200);
    expect((await api.client().get('/api/conversations')).status).toBe(401);
  });
});

describe('POST /api/conversations/{clientId}/read', () => {
  it('marks the conversation read once: the unread total goes down by one, and a repeat answers the same', async () => {
    const agent = await agentWithClient();
    const t0 = Date.now() - 5000;
    await reply(agent, agent.customer.id, { at: new Date(t0) });
    await reply(agent, agent.customer.id, { at: new Date(t0 + 1000) });
    expect((await conversations(agent.client)).body.unreadTotal).toBe(1);

    for (let i = 0; i < 2; i += 1) {
      const res = await agent.client.post(`/api/conversations/${agent.customer.id}/read`, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ clientId: agent.customer.id, unread: false, unreadTotal: 0 });
    }
    const list = await conversations(agent.client);
    expect(list.body.conversations[0].unread).toBe(false);
    expect((await conversations(agent.client, '?filter=unread')).body.conversations).toEqual([]);

    // A new reply makes it unread again; the agent's own message after it leaves it unread.
    await reply(agent, agent.customer.id, { at: new Date(t0 + 2000) });
    await agent.client.post(`/api/clients/${agent.customer.id}/messages`, {
      channel: 'email',
      subject: 'Re: Re',
      body: 'Glad to hear it',
    });
    const after = await conversations(agent.client);
    expect(after.body.unreadTotal).toBe(1);
    expect(after.body.conversations[0]).toMatchObject({ unread: true, lastMessage: { direction: 'outbound' } });
  });

  it("answers 404 for another agent's client or a made-up id, and changes nothing", async () => {
    const owner = await agentWithClient();
    await reply(owner, owner.customer.id);
    const other = await signedInAgent(api);
    for (const id of [owner.customer.id, 'no-such-client', '..%2F..%2Fx']) {
      const res = await other.client.post(`/api/conversations/${id}/read`, {});
      expect(res.status).toBe(404);
    }
    expect((await conversations(owner.client)).body.unreadTotal).toBe(1);
  });

  it('deleting a client with an unread conversation takes it out of the unread total', async () => {
    const agent = await agentWithClient();
    await reply(agent, agent.customer.id);
    expect((await conversations(agent.client)).body.unreadTotal).toBe(1);
    expect((await agent.client.request('DELETE', `/api/clients/${agent.customer.id}`)).status).toBe(204);
    expect((await conversations(agent.client)).body).toEqual({ conversations: [], nextCursor: null, unreadTotal: 0 });
  });
});

describe("a reply pauses the client's automatic sends", () => {
  async function agentWithBirthdayToday(rule: AutomationRule, pro = false) {
    const agent = await signedInAgent(api);
    if (pro) await makePro(agent.user.id);
    expect((await agent.client.request('PUT', '/api/user/automations', { json: { rules: [rule] } })).status).toBe(200);
    const date = todayIn((await getUserById(agent.user.id))!.timeZone);
    const res = await agent.client.post('/api/clients', clientInput({ birthday: `1984-${date.slice(5)}` }));
    return { ...agent, date, customer: res.body as { id: string } };
  }
  const runFor = async (agent: Agent, date: string) => runAutomations((await getUserById(agent.user.id, true))!, date);

  it('for 14 days the morning run skips the client and says why', async () => {
    const agent = await agentWithBirthdayToday(automationRule());
    await reply(agent, agent.customer.id);
    const run = await runFor(agent, agent.date);
    expect(run.skipped).toEqual({ replied: 1 });
    const id = automaticMessageId(agent.customer.id, 'birthday', Number(agent.date.slice(0, 4)));
    const activity = (await agent.client.get(`/api/clients/${agent.customer.id}/messages`)).body.activity;
    expect(activity.find((a: { id: string }) => a.id === id)).toMatchObject({
      status: 'skipped',
      problem: SKIP_REASONS.replied(new Date().toISOString().slice(0, 10)),
    });
  });

  it.each([
    ['from another address than the client’s', { from: 'someone.else@example.com' }, /did not come from the client/],
    ['failing its DMARC check', { verdicts: { spf: 'PASS', dkim: 'FAIL', dmarc: 'FAIL' } }, /DKIM, DMARC/],
  ])('not a reply %s: shown marked, Last Contact unmoved, nothing paused', async (_, fields, mark) => {
    const agent = await agentWithBirthdayToday(automationRule());
    const before = (await agent.client.get(`/api/clients/${agent.customer.id}/messages`)).body.lastContactDate;
    const { messageId } = await reply(agent, agent.customer.id, fields);
    const res = (await agent.client.get(`/api/clients/${agent.customer.id}/messages`)).body;
    expect(res.activity.find((a: { id: string }) => a.id === messageId)).toMatchObject({
      direction: 'inbound',
      problem: expect.stringMatching(mark),
    });
    expect(res.lastContactDate).toBe(before);
    // The birthday message is made as on any morning: the client is not paused.
    expect((await runFor(agent, agent.date)).skipped).toEqual({});
  });

  it('an automatic message awaiting approval says the client replied, and stays for the agent to approve', async () => {
    const agent = await agentWithBirthdayToday(automationRule());
    await runFor(agent, agent.date);
    const at = new Date();
    await reply(agent, agent.customer.id, { at });
    const queue = (await agent.client.get('/api/outgoing')).body;
    expect(queue.messages).toHaveLength(1);
    expect(queue.messages[0]).toMatchObject({
      status: 'awaiting-approval',
      note: APPROVAL_NOTES.replied(todayIn((await getUserById(agent.user.id))!.timeZone, at)),
    });
  });

  it('a scheduled automatic message goes back to waiting for approval, its daily slot given back', async () => {
    const agent = await agentWithBirthdayToday(automationRule({ mode: 'auto', sendTime: '23:59' }), true);
    const run = await runFor(agent, agent.date);
    expect(run.scheduled).toBe(1);
    const sentToday = () => countSoFar(sendCountKey(agent.user.id, 'email', new Date().toISOString().slice(0, 10)));
    expect(await sentToday()).toBe(1);
    await reply(agent, agent.customer.id);
    expect(await sentToday()).toBe(0);
    const queue = (await agent.client.get('/api/outgoing')).body;
    expect(queue.messages).toHaveLength(1);
    expect(queue.messages[0]).toMatchObject({ status: 'awaiting-approval', note: expect.stringMatching(/replied on/) });
    expect(queue.awaiting).toBe(1);
  });
});
