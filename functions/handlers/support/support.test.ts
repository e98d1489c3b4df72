// Priority support through the API: an agent's request (POST/GET /api/support) and what the
// administrators do with it (GET /api/admin/support, POST /api/admin/support/{id}).
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { SupportQueue, SupportTicket, SupportTicketUpdate } from '@shared/api-types';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES, SUPPORT_REPLIES_MAX, SUPPORT_SUBJECT_MAX } from '@shared/support';
import { DEFAULT_SUPPORT_REQUESTS_PER_HOUR, resetConfig } from '../../config';
import { db } from '../../data/db';
import { setProStatus } from '../../data/users';
import { SUPPORT_CONFIRMATION_SUBJECT, SUPPORT_REPLY_SUBJECT } from '../../integrations/support-emails';
import { supportQueue } from '../../services/support';
import { SUPPORT_ERRORS } from '../admin/post-admin-support';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'support-admin@example.com';
const ADMIN_NAME = 'Avery Admin';

let api: HandlerApi;
let admin: ApiClient;
beforeAll(async () => {
  api = await startHandlerApi({ adminEmails: ADMIN_EMAIL });
  admin = (await signedInAgent(api, { username: ADMIN_EMAIL, fullName: ADMIN_NAME })).client;
});
afterAll(() => api.close());

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** A signed-in agent (verified), Pro when asked. */
async function agent(options: { pro?: boolean; verified?: boolean; fullName?: string } = {}): Promise<Agent> {
  const signedIn = await signedInAgent(api, {
    verified: options.verified,
    ...(options.fullName ? { fullName: options.fullName } : {}),
  });
  if (options.pro) await setProStatus(signedIn.user.id, true);
  return signedIn;
}

let requestCount = 0;
/** Sends a support request from `client` and answers the ticket (201 expected). */
async function send(client: ApiClient, overrides: { subject?: string; message?: string } = {}): Promise<SupportTicket> {
  requestCount += 1;
  const res = await client.post('/api/support', {
    subject: `Question ${requestCount}`,
    message: 'How do I import my clients from a spreadsheet?',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`POST /api/support answered ${res.status}: ${res.text}`);
  return res.body as SupportTicket;
}

const openQueue = async (): Promise<SupportQueue> => {
  const res = await admin.get('/api/admin/support');
  expect(res.status).toBe(200);
  return res.body as SupportQueue;
};
const act = (id: string, body: unknown) => admin.post(`/api/admin/support/${id}`, body);
/** The support e-mails `to` got (not their registration's verification link), oldest first. */
const mailsTo = async (to: string) =>
  (await api.outbox()).filter(
    (m) => m.to === to && [SUPPORT_CONFIRMATION_SUBJECT, SUPPORT_REPLY_SUBJECT].includes(m.subject ?? ''),
  );
const ownTickets = async (client: ApiClient): Promise<SupportTicket[]> => {
  const res = await client.get('/api/support');
  expect(res.status).toBe(200);
  return (res.body as { tickets: SupportTicket[] }).tickets;
};

/** Waits out the last seconds of the hourly window, so a test's requests all fall in one window. */
async function awayFromHourEdge(marginMs = 15_000): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('a support request, end to end', () => {
  it('is confirmed by e-mail, listed for the administrators, answered (e-mailed and kept on the request, which the agent sees) and closed', async () => {
    // Prepare
    const jo = await agent({ fullName: 'Jo Rivera' });

    // Act: the agent writes.
    const created = await jo.client.post('/api/support', {
      subject: '  Import keeps failing  ',
      message: '  My CSV import says row 4 is invalid.\nWhat is wrong with it?  ',
    });

    // Assess: 201 with the ticket as written (trimmed), standard priority for a free agent.
    expect(created.status).toBe(201);
    const ticket = created.body as SupportTicket;
    expect(ticket).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      agentId: jo.user.id,
      agentName: 'Jo Rivera',
      agentEmail: jo.user.username,
      priority: 'standard',
      subject: 'Import keeps failing',
      message: 'My CSV import says row 4 is invalid.\nWhat is wrong with it?',
      status: 'open',
      createdAt: expect.any(String),
      closedAt: null,
      replies: [],
    });
    expect(Math.abs(Date.parse(ticket.createdAt) - Date.now())).toBeLessThan(60_000);
    const [confirmation, ...more] = await mailsTo(jo.user.username);
    expect(more).toHaveLength(0);
    expect(confirmation).toMatchObject({ channel: 'email', subject: SUPPORT_CONFIRMATION_SUBJECT });
    expect(confirmation!.text).toContain('Hi Jo,');
    expect(confirmation!.text).toContain('We received your support request "Import keeps failing".');
    expect(confirmation!.text).not.toContain('answered first');
    expect(confirmation!.text).toContain('/help');

    // The administrators see it open.
    expect((await openQueue()).tickets.find((t) => t.id === ticket.id)).toEqual(ticket);

    // Act: an administrator replies.
    const replied = await act(ticket.id, { reply: '  Row 4 has the birthday as 31/04.\n\nUse YYYY-MM-DD.  ' });

    // Assess: the reply is kept (who, when, what) and e-mailed to the agent.
    expect(replied.status).toBe(200);
    const afterReply = replied.body as SupportTicketUpdate;
    expect(afterReply.mail).toBe('sent');
    expect(afterReply.ticket).toMatchObject({ id: ticket.id, status: 'open', closedAt: null });
    expect(afterReply.ticket.replies).toEqual([
      {
        id: expect.any(String),
        author: ADMIN_NAME,
        text: 'Row 4 has the birthday as 31/04.\n\nUse YYYY-MM-DD.',
        createdAt: expect.any(String),
      },
    ]);
    const replyMail = (await mailsTo(jo.user.username)).at(-1)!;
    expect(replyMail.subject).toBe(SUPPORT_REPLY_SUBJECT);
    expect(replyMail.text).toContain(
      `${ADMIN_NAME} from Hearthside support replied to your request "Import keeps failing":`,
    );
    expect(replyMail.text).toContain('Row 4 has the birthday as 31/04.\n\nUse YYYY-MM-DD.');
    expect(replyMail.html).toContain('<p>Row 4 has the birthday as 31/04.</p><p>Use YYYY-MM-DD.</p>');
    // The agent's Help page shows the answer.
    expect(await ownTickets(jo.client)).toEqual([afterReply.ticket]);
    // Still open: still in the administrators' list, with the reply.
    expect((await openQueue()).tickets.find((t) => t.id === ticket.id)).toEqual(afterReply.ticket);

    // Act: closed.
    const closed = await act(ticket.id, { close: true });

    // Assess: closed, out of the open list, first among the recently closed; nothing more e-mailed.
    expect(closed.status).toBe(200);
    const afterClose = closed.body as SupportTicketUpdate;
    expect(afterClose).toEqual({
      ticket: { ...afterReply.ticket, status: 'closed', closedAt: expect.any(String) },
      mail: 'none',
    });
    expect((await openQueue()).tickets.map((t) => t.id)).not.toContain(ticket.id);
    const recentlyClosed = (await admin.get('/api/admin/support?status=closed')).body as SupportQueue;
    expect(recentlyClosed.status).toBe('closed');
    expect(recentlyClosed.tickets[0]).toEqual(afterClose.ticket);
    expect(await mailsTo(jo.user.username)).toHaveLength(2);
    expect(await ownTickets(jo.client)).toEqual([afterClose.ticket]);
  });

  it("tells a Pro agent their request is answered first, and lists the agent's own requests newest first", async () => {
    const pro = await agent({ pro: true });
    const first = await send(pro.client, { subject: 'First' });
    const second = await send(pro.client, { subject: 'Second' });
    expect(second.priority).toBe('pro');
    const mails = await mailsTo(pro.user.username);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('As a Pro member, your request is answered first');
    expect((await ownTickets(pro.client)).map((t) => t.id)).toEqual([second.id, first.id]);
  });

  it('replies and closes in one request, and the e-mail says it is closed', async () => {
    const jo = await agent();
    const ticket = await send(jo.client);
    const res = await act(ticket.id, { reply: 'Done: your import limit is lifted.', close: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mail: 'sent',
      ticket: { status: 'closed', replies: [{ text: 'Done: your import limit is lifted.' }] },
    });
    expect((await mailsTo(jo.user.username)).at(-1)!.text).toContain('We have closed this request.');
    expect((await openQueue()).tickets.map((t) => t.id)).not.toContain(ticket.id);
  });
});

describe('the administrators’ list', () => {
  it('puts Pro agents’ open requests first, then the oldest first, by the plan when the request was written', async () => {
    // Prepare: requests from a free and a Pro agent, one after the other.
    const free = await agent();
    const pro = await agent({ pro: true });
    const upgrader = await agent();
    const freeFirst = await send(free.client);
    const proFirst = await send(pro.client);
    const upgraderFree = await send(upgrader.client);
    const freeSecond = await send(free.client);
    const proSecond = await send(pro.client);
    // The plan of the moment counts: a later upgrade or downgrade moves nothing already written.
    await setProStatus(upgrader.user.id, true);
    const upgraderPro = await send(upgrader.client);
    await setProStatus(pro.user.id, false);
    const downgraded = await send(pro.client);

    // Act
    const queue = await openQueue();

    // Assess
    const ours = new Set(
      [freeFirst, proFirst, upgraderFree, freeSecond, proSecond, upgraderPro, downgraded].map((t) => t.id),
    );
    expect(queue.tickets.filter((t) => ours.has(t.id)).map((t) => t.id)).toEqual([
      proFirst.id,
      proSecond.id,
      upgraderPro.id,
      freeFirst.id,
      upgraderFree.id,
      freeSecond.id,
      downgraded.id,
    ]);
    expect(queue.status).toBe('open');
    expect(queue.more).toBe(false);
    // Every Pro request before every standard one, each group oldest first, across the whole list.
    const ranks = queue.tickets.map((t) => `${t.priority === 'pro' ? 0 : 1}#${t.createdAt}`);
    expect(ranks).toEqual([...ranks].sort());
  });

  it('is one Query of the open index (no scan, no filter)', async () => {
    const send = jest.spyOn(db(), 'send');
    try {
      await supportQueue('open');
      expect(send).toHaveBeenCalledTimes(1);
      const [command] = send.mock.calls[0]!;
      expect(command).toBeInstanceOf(QueryCommand);
      expect((command as InstanceType<typeof QueryCommand>).input).toMatchObject({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'SUPPORT#OPEN' },
        ScanIndexForward: true,
      });
      expect((command as InstanceType<typeof QueryCommand>).input.FilterExpression).toBeUndefined();
    } finally {
      send.mockRestore();
    }
  });
});

describe('replies and closing', () => {
  it('refuses a reply to a closed request (409), and closing twice answers the same closed request', async () => {
    const jo = await agent();
    const ticket = await send(jo.client);
    const first = await act(ticket.id, { close: true });
    expect(first.status).toBe(200);
    const mailsBefore = (await mailsTo(jo.user.username)).length;

    const again = await act(ticket.id, { close: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    for (const body of [{ reply: 'One more thing' }, { reply: 'One more thing', close: true }]) {
      const refused = await act(ticket.id, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: SUPPORT_ERRORS.closed, code: 'SUPPORT_REQUEST_CLOSED' });
    }
    expect((await ownTickets(jo.client))[0]!.replies).toEqual([]);
    expect(await mailsTo(jo.user.username)).toHaveLength(mailsBefore);
  });

  it(`keeps at most ${SUPPORT_REPLIES_MAX} replies on one request (409 after that), so it stays one item`, async () => {
    const jo = await agent();
    const ticket = await send(jo.client);
    for (let i = 1; i <= SUPPORT_REPLIES_MAX; i += 1)
      expect((await act(ticket.id, { reply: `Reply ${i}` })).status).toBe(200);
    const refused = await act(ticket.id, { reply: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: SUPPORT_ERRORS.full, code: 'SUPPORT_REPLIES_FULL' });
    const [kept] = await ownTickets(jo.client);
    expect(kept!.replies.map((r) => r.text)).toEqual(
      Array.from({ length: SUPPORT_REPLIES_MAX }, (_, i) => `Reply ${i + 1}`),
    );
    // Closing still works.
    expect((await act(ticket.id, { close: true })).body.ticket.status).toBe('closed');
  });

  it('answers 404 for a request that does not exist', async () => {
    const res = await act('NoSuchTicket12345678ab', { close: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: SUPPORT_ERRORS.notFound, code: 'NOT_FOUND' });
  });
});

describe('the hourly limit', () => {
  it(`takes ${DEFAULT_SUPPORT_REQUESTS_PER_HOUR} requests an hour from one agent and refuses the next with 429, writing nothing`, async () => {
    // Prepare
    await awayFromHourEdge();
    const jo = await agent();
    const other = await agent();
    for (let i = 0; i < DEFAULT_SUPPORT_REQUESTS_PER_HOUR; i += 1) await send(jo.client);

    // Act
    const refused = await jo.client.post('/api/support', { subject: 'Sixth', message: 'One more question' });

    // Assess
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(
        /^You have sent 5 support requests this hour, and we have them all\. You can send another in \d+ minutes?\.$/,
      ),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ownTickets(jo.client)).toHaveLength(DEFAULT_SUPPORT_REQUESTS_PER_HOUR);
    expect(await mailsTo(jo.user.username)).toHaveLength(DEFAULT_SUPPORT_REQUESTS_PER_HOUR);
    // Per agent: another agent still gets through.
    expect((await other.client.post('/api/support', { subject: 'Hello', message: 'A question' })).status).toBe(201);
  });

  it('is SUPPORT_REQUESTS_PER_HOUR when set', async () => {
    process.env.SUPPORT_REQUESTS_PER_HOUR = '1';
    resetConfig();
    try {
      await awayFromHourEdge();
      const jo = await agent();
      await send(jo.client);
      expect((await jo.client.post('/api/support', { subject: 'Again', message: 'A question' })).status).toBe(429);
    } finally {
      delete process.env.SUPPORT_REQUESTS_PER_HOUR;
      resetConfig();
    }
  });
});

describe('validation', () => {
  const message = 'A question about my account';
  it.each([
    ['no subject', { message }, 'subject', SUPPORT_MESSAGES.subjectRequired],
    ['a blank subject', { subject: '   ', message }, 'subject', SUPPORT_MESSAGES.subjectRequired],
    [
      'a subject too long',
      { subject: 'x'.repeat(SUPPORT_SUBJECT_MAX + 1), message },
      'subject',
      SUPPORT_MESSAGES.subjectTooLong,
    ],
    ['a subject that is not text', { subject: 42, message }, 'subject', 'subject must be a string'],
    ['no message', { subject: 'Help' }, 'message', SUPPORT_MESSAGES.messageRequired],
    ['a blank message', { subject: 'Help', message: ' \n\t ' }, 'message', SUPPORT_MESSAGES.messageRequired],
    [
      'a message too long',
      { subject: 'Help', message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) },
      'message',
      SUPPORT_MESSAGES.messageTooLong,
    ],
  ])('refuses a request with %s (400, the field named) and writes nothing', async (_label, body, field, text) => {
    const jo = await agent();
    const res = await jo.client.post('/api/support', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: text, errors: { [field]: text } });
    expect(await ownTickets(jo.client)).toEqual([]);
    expect(await mailsTo(jo.user.username)).toEqual([]);
  });

  it('takes a subject and a message at their longest', async () => {
    const jo = await agent();
    const ticket = await send(jo.client, {
      subject: 's'.repeat(SUPPORT_SUBJECT_MAX),
      message: 'm'.repeat(SUPPORT_MESSAGE_MAX),
    });
    expect([ticket.subject.length, ticket.message.length]).toEqual([SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGE_MAX]);
  });

  it.each([
    ['an empty body', {}, 'reply', SUPPORT_MESSAGES.nothingToDo],
    ['close: false alone', { close: false }, 'reply', SUPPORT_MESSAGES.nothingToDo],
    ['a blank reply', { reply: '   ' }, 'reply', SUPPORT_MESSAGES.replyRequired],
    ['a reply too long', { reply: 'x'.repeat(5001) }, 'reply', SUPPORT_MESSAGES.replyTooLong],
    ['a close that is not true or false', { close: 'yes' }, 'close', 'close must be a boolean'],
  ])("refuses an administrator's action with %s (400) and changes nothing", async (_label, body, field, text) => {
    const jo = await agent();
    const ticket = await send(jo.client);
    const res = await act(ticket.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: text, errors: { [field]: text } });
    expect(await ownTickets(jo.client)).toEqual([ticket]);
  });

  it('refuses an id that no request could have (400)', async () => {
    const res = await act(encodeURIComponent('not an id!'), { close: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_PATH_PARAMETER' });
  });

  it('refuses ?status= other than open or closed', async () => {
    const res = await admin.get('/api/admin/support?status=pending');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { status: SUPPORT_MESSAGES.status } });
  });
});

describe('who sees what', () => {
  it("shows an agent their own requests only, and refuses agents the administrators' routes (403)", async () => {
    const a = await agent();
    const b = await agent();
    const theirs = await send(a.client, { subject: 'Only for A' });
    expect((await ownTickets(b.client)).map((t) => t.id)).not.toContain(theirs.id);
    expect(JSON.stringify(await ownTickets(b.client))).not.toContain('Only for A');
    expect((await b.client.get('/api/admin/support')).status).toBe(403);
    const refused = await b.client.post(`/api/admin/support/${theirs.id}`, { reply: 'Hijacked', close: true });
    expect(refused.status).toBe(403);
    expect((await ownTickets(a.client))[0]).toEqual(theirs);
    for (const res of [
      await api.client().get('/api/support'),
      await api.client().post('/api/support', { subject: 'x', message: 'y' }),
    ])
      expect(res.status).toBe(401);
  });
});

describe('e-mail', () => {
  it('takes an unverified agent’s request but mails no confirmation to an address not shown to be theirs', async () => {
    const jo = await agent({ verified: false });
    const ticket = await send(jo.client);
    expect(ticket.status).toBe('open');
    expect((await mailsTo(jo.user.username)).filter((m) => m.subject === SUPPORT_CONFIRMATION_SUBJECT)).toEqual([]);
  });

  it('keeps the request when the confirmation cannot be sent, and keeps a reply whose e-mail fails, saying so', async () => {
    // Prepare
    const jo = await agent();
    const ses = mockClient(SESv2Client)
      .on(SendEmailCommand)
      .rejects(new Error('Throttling: Maximum sending rate exceeded.'));
    process.env.MAIL_PROVIDER = 'ses';
    resetConfig();
    try {
      // Act
      const created = await jo.client.post('/api/support', { subject: 'Mail is down', message: 'Still a question' });
      const ticket = created.body as SupportTicket;
      const replied = await act(ticket.id, { reply: 'Here is your answer.' });

      // Assess
      expect(created.status).toBe(201);
      expect(replied.status).toBe(200);
      expect(replied.body).toMatchObject({ mail: 'failed', ticket: { replies: [{ text: 'Here is your answer.' }] } });
      expect((await ownTickets(jo.client))[0]!.replies).toHaveLength(1);
    } finally {
      ses.restore();
      process.env.MAIL_PROVIDER = 'outbox';
      resetConfig();
    }
  });
});
