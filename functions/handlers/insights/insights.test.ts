// GET /api/insights: every figure of a seeded history against a count by hand, the Pro gate, the
// agent's time zone deciding the month, and tenancy. The history is made through the API (messages,
// touches, reviews, invitations, an unsubscribe), the reminders worker (the day's key dates) and the
// SES events job (a bounce), as in the product.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import type { Insights } from '@shared/api-types';
import { addDays, todayIn } from '@shared/dates';
import { resetConfig } from '../../config';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listClients } from '../../data/clients';
import { setReviewStatus } from '../../client-record/record';
import { batchDelete, db, table } from '../../data/db';
import { recomputeAgentInsights } from '../../services/insights-recompute';
import { insightsPartition } from '../../data/keys/clients';
import { countInsights, readInsightCounters } from '../../data/insights';
import { sendDailyDigest } from '../../jobs/reminders-worker';
import { deliverSesEvent as sesEvents } from '../../local/ses-events-job';
import { createLogger } from '../../observability/logger';
import { setProStatus } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { inviteClient } from '../../testing/invitations';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { partitionItems } from '../../testing/table';
import { INSIGHTS_MESSAGES } from './get-insights';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const ZONE = 'America/Los_Angeles';
const monthDay = (date: string) => date.slice(5);
/** A birthday or anniversary on `date`'s day of the year, in a past year that has it (29 February included). */
const pastOn = (date: string) => `${monthDay(date) === '02-29' ? 1992 : 1990}-${monthDay(date)}`;

async function proAgent() {
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  expect((await agent.client.patch('/api/user/preferences', { timeZone: ZONE })).status).toBe(200);
  await agent.client.patch('/api/user/business', {
    businessName: 'Rivera Home Group',
    businessLocation: '12 Elm St, Austin, TX',
    googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  });
  return agent;
}

async function addClient(client: ApiClient, fields: Record<string, unknown>): Promise<{ id: string; email: string }> {
  const res = await client.post('/api/clients', clientInput(fields));
  expect(res.status).toBe(201);
  return { id: res.body.id, email: res.body.email };
}

/** An e-mail to the client through (mocked) SES, whose message id is `sesId`. */
async function emailThroughSes(client: ApiClient, clientId: string, sesId: string): Promise<void> {
  const ses = mockClient(SESv2Client);
  ses.on(SendEmailCommand).resolves({ MessageId: sesId });
  process.env.MAIL_PROVIDER = 'ses';
  resetConfig();
  try {
    expect(
      (
        await client.post(`/api/clients/${clientId}/messages`, {
          channel: 'email',
          subject: 'Hi',
          body: 'Hello there.',
        })
      ).status,
    ).toBe(201);
  } finally {
    ses.restore();
    process.env.MAIL_PROVIDER = 'outbox';
    resetConfig();
  }
}

const insights = async (client: ApiClient, months = 12) => {
  const res = await client.get(`/api/insights?months=${months}`);
  expect(res.status).toBe(200);
  return res.body as Insights;
};

describe('GET /api/insights', () => {
  it('counts a seeded history: touches by channel, key dates due and messaged, the review funnel, invitations, reach, opt-outs, bounces and the book', async () => {
    const agent = await proAgent();
    const today = todayIn(ZONE);
    const soon = addDays(today, 10);
    // By hand: three clients of the agent's own, then one who registers from an invitation.
    // Ana: name, e-mail, phone, birthday today, anniversary in 10 days, purchase in 60 days → 6 of 7 (86 %), then her
    // review: 7 of 7
    //   Ben: name, e-mail, phone → 3 of 7 (43 %), then his review: 4 of 7 (57 %)
    //   Cy:  name, e-mail, phone, anniversary today → 4 of 7 (57 %); never contacted
    const ana = await addClient(agent.client, {
      name: 'Ana Diaz',
      birthday: pastOn(today),
      anniversary: pastOn(soon),
      purchaseDate: addDays(today, -365 * 3 + 60),
    });
    const ben = await addClient(agent.client, { name: 'Ben Ode' });
    const cy = await addClient(agent.client, { name: 'Cy Park', anniversary: pastOn(today) });

    // Messages: two birthday e-mails to Ana (her birthday counts as messaged once) and a check-in to Ben.
    for (const subject of ['Happy birthday!', 'Happy birthday again']) {
      expect(
        (
          await agent.client.post(`/api/clients/${ana.id}/messages`, {
            channel: 'email',
            subject,
            body: 'Have a great day.',
            occasion: 'birthday',
          })
        ).status,
      ).toBe(201);
    }
    expect(
      (
        await agent.client.post(`/api/clients/${ben.id}/messages`, {
          channel: 'email',
          subject: 'Hello',
          body: 'Checking in.',
          occasion: 'check-in',
        })
      ).status,
    ).toBe(201);
    // Touches by hand: a call with Ana, a meeting and a note with Ben.
    for (const [id, kind] of [
      [ana.id, 'call'],
      [ben.id, 'meeting'],
      [ben.id, 'note'],
    ] as const) {
      expect((await agent.client.post(`/api/clients/${id}/touches`, { kind, date: today })).status).toBe(201);
    }
    // The day's digest: Ana's birthday and Cy's anniversary come round today → 2 key dates due.
    expect(
      (await sendDailyDigest({ agentId: agent.user.id, date: today }, createLogger({ test: 'insights' }))).status,
    ).toBe('sent');

    // Reviews: Ana asked through the product and submitted today (0 days); Ben asked 4 days ago and submitted today (4
    // days).
    expect((await agent.client.post(`/api/clients/${ana.id}/request-review`, {})).status).toBe(200);
    expect((await agent.client.post(`/api/clients/${ana.id}/review-status`, { status: 'submitted' })).status).toBe(200);
    await setReviewStatus(agent.user.id, ben.id, 'requested', new Date(Date.now() - 4 * 86_400_000));
    expect((await agent.client.post(`/api/clients/${ben.id}/review-status`, { status: 'submitted' })).status).toBe(200);

    // Invitations: two sent, one completed (Dee registers; Eve does not).
    const deeToken = await inviteClient(api, agent.client, { name: 'Dee Invited', email: 'dee.invited@example.com' });
    await inviteClient(api, agent.client, { name: 'Eve Invited', email: 'eve.invited@example.com' });
    expect(
      (await api.client().post('/api/client-registration', { token: deeToken, phone: '(512) 555-0199' })).status,
    ).toBe(201);

    // Ben unsubscribes with the link in his e-mail (twice: one opt-out).
    const benMail = (await api.outbox()).find((m) => m.to === ben.email)!;
    const unsubscribe = new URL(/^<(.+)>$/.exec(benMail.headers!['List-Unsubscribe']!)![1]!).pathname;
    expect((await api.client().post(unsubscribe, {})).status).toBe(200);
    expect((await api.client().post(unsubscribe, {})).status).toBe(200);

    // An e-mail to Cy through (mocked) SES (its bounce is the next test's).
    await emailThroughSes(agent.client, cy.id, `ses-insights-${Date.now()}`);

    const result = await insights(agent.client);

    // Hand counts (this month, in the agent's zone):
    const thisMonth = today.slice(0, 7);
    const current = result.months.at(-1)!;
    expect(result.months).toHaveLength(12);
    expect(current.month).toBe(thisMonth);
    expect(result.timeZone).toBe(ZONE);
    // E-mails: 2 to Ana and her review request, 1 to Ben, 1 to Cy = 5 manual (a review request is an e-mail the
    // agent sends); none automatic; a call, a meeting, a note.
    expect(current.touches).toEqual({
      email: { manual: 5, auto: 0 },
      sms: { manual: 0, auto: 0 },
      call: 1,
      meeting: 1,
      note: 1,
    });
    expect(result.totals.touches).toEqual({ total: 8, manual: 8, auto: 0 });
    // Key dates: 2 due today, 1 messaged (Ana's birthday; the second birthday e-mail and Ben's check-in do not count).
    expect(current.occasions).toEqual({ due: 2, messaged: 1 });
    expect(result.totals.occasions).toEqual({ due: 2, messaged: 1, rate: 0.5 });
    // Reviews: 2 requested (Ana's in this month; Ben's 4 days ago may fall in the month before), 2 submitted, median of
    // 0 and 4 days.
    expect(result.totals.reviews).toEqual({
      requested: 2,
      clicked: 2,
      reviewed: 2,
      submitted: 2,
      rate: 1,
      medianDays: 2,
    });
    expect(current.reviews.submitted).toBe(2);
    // Invitations: 2 sent, 1 completed.
    expect(result.totals.invitations).toEqual({ sent: 2, completed: 1, rate: 0.5 });
    expect(current.invitations).toEqual({ sent: 2, completed: 1 });
    // Ben's unsubscribe once; no bounce yet.
    expect(result.totals.optOuts).toBe(1);
    expect(result.totals.bounces).toBe(0);
    // Reach: everyone was contacted today but Dee (registered, never contacted).
    expect(result.reach.count).toBe(1);
    expect(result.reach.clients.map((c) => c.name)).toEqual(['Dee Invited']);
    expect(result.reach.clients[0]).toMatchObject({ email: 'dee.invited@example.com', lastContactAt: null });
    // The book: 4 clients. Ana 100 %, Ben 57 %, Cy 57 %, Dee (name, e-mail, phone) 43 %.
    expect(result.book.clients).toBe(4);
    expect(result.book.completion).toEqual([
      { band: '0-24', count: 0 },
      { band: '25-49', count: 1 },
      { band: '50-74', count: 2 },
      { band: '75-99', count: 0 },
      { band: '100', count: 1 },
    ]);
    // Key dates ahead (today excluded): Ana's anniversary in 10 days (30 and 90), her home anniversary in 60 days (90).
    expect(result.book).toMatchObject({ occasionsNext30: 1, occasionsNext90: 2 });
  });

  it('counts an invitation once however often its link is resent, and as completed when the client who joined through the directory is accepted', async () => {
    const agent = await proAgent();
    // By hand: Gil is invited, resent his link twice and invited again (one invitation), then joins
    // through the directory and is accepted; Hal is invited once and does nothing. 2 sent, 1 completed.
    await inviteClient(api, agent.client, { name: 'Gil Invited', email: 'gil.invited@example.com' });
    for (let i = 0; i < 2; i += 1) {
      const [open] = (await agent.client.get('/api/client-invitations')).body as { id: string }[];
      expect((await agent.client.post(`/api/client-invitations/${open!.id}/resend`)).status).toBe(200);
    }
    await inviteClient(api, agent.client, { name: 'Gil Invited', email: 'gil.invited@example.com' });
    await inviteClient(api, agent.client, { name: 'Hal Invited', email: 'hal.invited@example.com' });
    const joined = await api.client().post('/api/client-registration', {
      agentId: agent.user.id,
      name: 'Gil Invited',
      email: 'gil.invited@example.com',
      phone: '(512) 555-0123',
    });
    expect(joined.status).toBe(201);
    // Pending until the client confirms or the agent accepts them (anyone can type an e-mail into the directory).
    expect((await insights(agent.client, 1)).totals.invitations).toEqual({ sent: 2, completed: 0, rate: 0 });
    const [gil] = await listClients(agent.user.id);
    expect((await agent.client.post(`/api/clients/${gil!.id}/accept-registration`, {})).status).toBe(200);
    const result = await insights(agent.client, 1);
    expect(result.totals.invitations).toEqual({ sent: 2, completed: 1, rate: 0.5 });
    // Gil invited again after joining: a new invitation (the first one was used).
    await inviteClient(api, agent.client, { name: 'Gil Invited', email: 'gil.invited@example.com' });
    expect((await insights(agent.client, 1)).totals.invitations).toEqual({ sent: 3, completed: 1, rate: 0.333 });
  });

  it('counts a bounce reported by SES against the agent who sent the e-mail, once', async () => {
    const agent = await proAgent();
    const cy = await addClient(agent.client, { name: 'Cy Bounce' });
    const sesId = `ses-insights-bounce-${Date.now()}`;
    await emailThroughSes(agent.client, cy.id, sesId);
    const bounce = {
      version: '0',
      id: 'e1',
      'detail-type': 'Email Bounced',
      source: 'aws.ses',
      detail: {
        eventType: 'Bounce',
        mail: {
          timestamp: new Date().toISOString(),
          source: 'no-reply@example.com',
          messageId: sesId,
          destination: [cy.email],
          tags: {},
        },
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [{ emailAddress: cy.email, action: 'failed', status: '5.1.1' }],
          timestamp: new Date().toISOString(),
        },
      },
    };
    await sesEvents(bounce.detail);
    await sesEvents(bounce.detail); // SES may deliver an event twice
    const result = await insights(agent.client, 1);
    expect(result.totals.bounces).toBe(1);
    expect(result.months).toEqual([
      expect.objectContaining({ bounces: 1, touches: expect.objectContaining({ email: { manual: 1, auto: 0 } }) }),
    ]);
  });

  it("counts a Pro agent's imported clients in the book (one update a batch) and their key dates ahead", async () => {
    const agent = await proAgent();
    const today = todayIn(ZONE);
    const soon = addDays(today, 3);
    const csv = [
      'name,email,phone,birthday',
      `Imp One,imp1-${Date.now()}@example.com,(512) 555-0111,${pastOn(soon)}`,
      `Imp Two,imp2-${Date.now()}@example.com,(512) 555-0112,`,
      `Imp Three,imp3-${Date.now()}@example.com,(512) 555-0113,`,
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'clients.csv');
    const res = await agent.client.request('POST', '/api/clients/import', { body: form });
    expect([res.status, res.body.imported]).toEqual([200, 3]);
    const { book } = await insights(agent.client);
    // One: name, e-mail, phone, birthday = 4 of 7 (57 %); Two and Three: name, e-mail, phone = 3 of 7 (43 %).
    expect(book.completion.filter((band) => band.count > 0)).toEqual([
      { band: '25-49', count: 2 },
      { band: '50-74', count: 1 },
    ]);
    expect([book.clients, book.occasionsNext30]).toEqual([3, 1]);
  });

  it("puts an event in the month of the agent's time zone, not UTC's", async () => {
    const agent = await proAgent();
    // 03:00 UTC on 1 December is still 30 November (19:00) in Los Angeles.
    await countInsights(agent.user.id, { call: 1 }, new Date('2025-12-01T03:00:00Z'));
    await countInsights(agent.user.id, { call: 1 }, new Date('2025-12-01T09:00:00Z'));
    const { months } = await readInsightCounters(agent.user.id, '2025-11');
    expect(months.filter((m) => m.month <= '2025-12').map((m) => [m.month, m.call])).toEqual([
      ['2025-11', 1],
      ['2025-12', 1],
    ]);
  });

  it('insights:recompute rebuilds the counters and the last-contact index from the data, to the same figures', async () => {
    const agent = await proAgent();
    const today = todayIn(ZONE);
    const ana = await addClient(agent.client, {
      name: 'Ana Recount',
      birthday: pastOn(today),
      anniversary: pastOn(addDays(today, 5)),
    });
    const ben = await addClient(agent.client, { name: 'Ben Recount' });
    await addClient(agent.client, { name: 'Cy Recount' });
    expect(
      (
        await agent.client.post(`/api/clients/${ana.id}/messages`, {
          channel: 'email',
          subject: 'Happy birthday!',
          body: 'Have a great day.',
          occasion: 'birthday',
        })
      ).status,
    ).toBe(201);
    expect((await agent.client.post(`/api/clients/${ben.id}/touches`, { kind: 'meeting', date: today })).status).toBe(
      201,
    );
    await setReviewStatus(agent.user.id, ben.id, 'requested', new Date(Date.now() - 2 * 86_400_000));
    expect((await agent.client.post(`/api/clients/${ben.id}/review-status`, { status: 'submitted' })).status).toBe(200);
    const benMail = await agent.client.post(`/api/clients/${ben.id}/messages`, {
      channel: 'email',
      subject: 'Thanks',
      body: 'Thank you!',
    });
    expect(benMail.status).toBe(201);
    const mail = (await api.outbox()).find((m) => m.to === ben.email)!;
    expect(
      (await api.client().post(new URL(/^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!).pathname, {})).status,
    ).toBe(200);
    expect(
      (await sendDailyDigest({ agentId: agent.user.id, date: today }, createLogger({ test: 'insights' }))).status,
    ).toBe('sent');
    const counted = await insights(agent.client);
    expect(counted.totals).toMatchObject({
      touches: { total: 3 },
      occasions: { due: 1, messaged: 1 },
      reviews: { requested: 1, submitted: 1, medianDays: 2 },
      optOuts: 1,
    });

    // Lose every counter and the clients' index keys, as data written before them would be.
    const partition = await partitionItems<{ pk: string; sk: string }>(insightsPartition(agent.user.id));
    await batchDelete(partition.map(({ pk, sk }) => ({ pk, sk })));
    for (const client of await listClients(agent.user.id)) {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: { pk: client.pk, sk: client.sk },
          UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
        }),
      );
    }
    const lost = await insights(agent.client);
    expect(lost.totals.touches.total).toBe(0);
    expect(lost.reach.clients).toEqual([]);

    const result = await recomputeAgentInsights({ id: agent.user.id, timeZone: ZONE });
    expect(result).toMatchObject({ clients: 3, activities: 3, indexMoves: 3 });
    expect(await insights(agent.client)).toEqual(counted);
    expect(counted.reach.clients.map((c) => c.name)).toEqual(['Cy Recount']);
  });

  it('e-mails Pro agents the summary of the month just ended on the 1st, once, unless they turned it off; never free agents', async () => {
    const log = createLogger({ test: 'monthly-summary' });
    const pro = await proAgent();
    const off = await proAgent();
    expect((await off.client.patch('/api/user/preferences', { monthlySummary: false })).status).toBe(200);
    const free = await signedInAgent(api);
    for (const agent of [pro, off, free]) {
      await countInsights(
        agent.user.id,
        { call: 2, emailManual: 1, emailAuto: 3, occasionsDue: 4, occasionsMessaged: 3 },
        new Date('2025-10-15T18:00:00Z'),
        ZONE,
      );
      // Not October's: the 1st of November in Los Angeles.
      await countInsights(agent.user.id, { call: 50 }, new Date('2025-11-01T18:00:00Z'), ZONE);
    }
    const summaries = async (to: string) =>
      (await api.outbox()).filter((m) => m.to === to && m.subject === 'Your October 2025 in Hearthside');

    // The 31st is no day for it; the 1st is, once however many times the day runs.
    expect((await sendDailyDigest({ agentId: pro.user.id, date: '2025-10-31' }, log)).status).toBe('sent');
    expect(await summaries(pro.user.username)).toEqual([]);
    for (let run = 0; run < 2; run += 1) {
      for (const agent of [pro, off, free]) await sendDailyDigest({ agentId: agent.user.id, date: '2025-11-01' }, log);
    }
    const [mail, ...again] = await summaries(pro.user.username);
    expect(again).toEqual([]);
    expect(mail!.text).toContain('Messages and touches: 6 (3 automatic)');
    expect(mail!.text).toContain('Key dates messaged: 3 of 4 (75%)');
    expect(mail!.text).toMatch(new RegExp(`See every figure: ${api.url}/insights`));
    expect(mail!.text).toMatch(new RegExp(`Turn it off in Settings: ${api.url}/settings`));
    expect(await summaries(off.user.username)).toEqual([]);
    expect(await summaries(free.user.username)).toEqual([]);
  });

  it('answers 403 PRO_REQUIRED to a free agent, and 400 for a months value out of range', async () => {
    const free = await signedInAgent(api);
    const refused = await free.client.get('/api/insights');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PRO_REQUIRED', message: INSIGHTS_MESSAGES.proRequired });
    const pro = await proAgent();
    for (const months of ['0', '25', 'abc', '1.5', '-3']) {
      const res = await pro.client.get(`/api/insights?months=${months}`);
      expect([months, res.status, res.body.message]).toEqual([months, 400, INSIGHTS_MESSAGES.months]);
    }
    expect((await insights(pro.client, 3)).months).toHaveLength(3);
    expect((await pro.client.get('/api/insights')).body.months).toHaveLength(12);
  });

  it("never counts another agent's clients or activity", async () => {
    const a = await proAgent();
    const b = await proAgent();
    const client = await addClient(a.client, { name: 'Only Mine' });
    expect(
      (await a.client.post(`/api/clients/${client.id}/touches`, { kind: 'call', date: todayIn(ZONE) })).status,
    ).toBe(201);
    const theirs = await insights(b.client);
    expect(theirs.totals.touches.total).toBe(0);
    expect(theirs.book.clients).toBe(0);
    expect(theirs.book.completion.every((band) => band.count === 0)).toBe(true);
    expect(theirs.reach).toEqual({ quietDays: 90, count: 0, clients: [] });
    const mine = await insights(a.client);
    expect(mine.totals.touches.total).toBe(1);
    expect(mine.book.clients).toBe(1);
  });
});
