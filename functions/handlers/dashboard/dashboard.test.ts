// GET /api/dashboard: the same figures the dashboard computed from the whole book, read from
// counters and the occasion index instead; tenancy.
import type { Client, Dashboard } from '@shared/api-types';
import { addDays, todayIn } from '@shared/dates';
import { dashboardReminders } from '@shared/reminders';
import { sendDailyDigest } from '../../jobs/reminders-worker';
import { createLogger } from '../../observability/logger';
import { setProStatus } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const ZONE = 'America/Denver';
const md = (date: string) => date.slice(5);
const past = (date: string, year = 1985) => (md(date) === '02-29' ? `1988-02-29` : `${year}-${md(date)}`);

async function agentInZone() {
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  expect((await agent.client.patch('/api/user/preferences', { timeZone: ZONE })).status).toBe(200);
  return agent;
}

async function add(client: ApiClient, fields: Record<string, unknown>): Promise<Client> {
  const res = await client.post('/api/clients', clientInput(fields));
  expect(res.status).toBe(201);
  return res.body as Client;
}

describe('GET /api/dashboard', () => {
  it('answers the counts, the next five occasions within 60 days and the monthly activity, as computed from the whole book', async () => {
    const { client, user } = await agentInZone();
    const today = todayIn(ZONE);
    const created = [
      await add(client, { name: 'Zoe Today', birthday: past(today) }),
      await add(client, { name: 'Adam Today', anniversary: past(today, 2001) }),
      await add(client, {
        name: 'Beth Soon',
        birthday: past(addDays(today, 3)),
        purchaseDate: past(addDays(today, 3), 2019),
      }),
      await add(client, { name: 'Carl Later', anniversary: past(addDays(today, 40), 1999) }),
      await add(client, { name: 'Dina Late', birthday: past(addDays(today, 59)) }),
      await add(client, { name: 'Evan Outside', birthday: past(addDays(today, 61)) }),
      await add(client, { name: 'Fay New Home', purchaseDate: addDays(today, 5) }),
    ];
    for (const c of created.slice(0, 2))
      expect((await client.post(`/api/clients/${c.id}/review-status`, { status: 'submitted' })).status).toBe(200);
    const gone = await add(client, { name: 'Gus Gone', birthday: past(addDays(today, 1)) });
    expect((await client.post(`/api/clients/${gone.id}/review-status`, { status: 'submitted' })).status).toBe(200);
    expect((await client.delete(`/api/clients/${gone.id}`)).status).toBe(204);
    expect((await sendDailyDigest({ agentId: user.id, date: today }, createLogger({ test: 'dashboard' }))).status).toBe(
      'sent',
    );

    const res = await client.get('/api/dashboard');
    expect(res.status).toBe(200);
    const body = res.body as Dashboard;
    const book = (await allClients(client)) as Client[];
    expect(body.today).toBe(today);
    expect(body.clients).toBe(7);
    expect(body.reviews).toBe(2);
    expect(body.reviewsAwaiting).toBe(0);
    expect((await client.post(`/api/clients/${created[2]!.id}/review-status`, { status: 'requested' })).status).toBe(
      200,
    );
    expect((await client.post(`/api/clients/${created[3]!.id}/review-status`, { status: 'requested' })).status).toBe(
      200,
    );
    expect((await client.post(`/api/clients/${created[3]!.id}/review-status`, { status: 'submitted' })).status).toBe(
      200,
    );
    expect(((await client.get('/api/dashboard')).body as Dashboard).reviewsAwaiting).toBe(1);
    // The same five events, in the same order, as the dashboard computed from every client.
    expect(body.upcoming).toEqual(dashboardReminders(book, today));
    expect(body.upcoming.map((e) => e.clientName)).toEqual([
      'Adam Today',
      'Zoe Today',
      'Beth Soon',
      'Beth Soon',
      'Carl Later',
    ]);
    expect(body.upcomingClients.map((c) => c.name)).toEqual(['Adam Today', 'Zoe Today', 'Beth Soon', 'Carl Later']);
    expect(body.upcomingClients[0]).toEqual(book.find((c) => c.name === 'Adam Today'));
    // This month: 2 reviews received (Gus's went with him), 2 key dates came round today.
    const current = body.activity.months.at(-1)!;
    expect(body.activity.months).toHaveLength(6);
    expect(current).toEqual({ month: today.slice(0, 7), reviews: 2, reminders: 2 });
    expect(body.activity.totals).toEqual({ reviews: 2, reminders: 2 });
  });

  it('finds occasions weeks ahead, and none past 60 days', async () => {
    const { client } = await agentInZone();
    const today = todayIn(ZONE);
    await add(client, { name: 'Far Away', birthday: past(addDays(today, 61)) });
    expect(((await client.get('/api/dashboard')).body as Dashboard).upcoming).toEqual([]);
    await add(client, { name: 'Six Weeks', birthday: past(addDays(today, 42)) });
    expect(
      ((await client.get('/api/dashboard')).body as Dashboard).upcoming.map((e) => [e.clientName, e.date]),
    ).toEqual([['Six Weeks', addDays(today, 42)]]);
  });

  it("never counts another agent's clients", async () => {
    const a = await agentInZone();
    const b = await agentInZone();
    await add(a.client, { name: 'Only A', birthday: past(todayIn(ZONE)) });
    const theirs = (await b.client.get('/api/dashboard')).body as Dashboard;
    expect([theirs.clients, theirs.reviews, theirs.upcoming]).toEqual([0, 0, []]);
  });
});
