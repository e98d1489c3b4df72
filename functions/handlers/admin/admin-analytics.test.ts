import type { AdminAgent, AdminAnalytics } from '@shared/api-types';
import { lastMonths } from '@shared/dates';
import { db } from '../../data/db';
import { STATS_SHARDS } from '../../data/keys/counters';
import { addToStats } from '../../data/stats';
import { setProStatus } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { addClients, signedInAgent, type ApiClient } from '../../testing/local-api';
import { useHandlerAdminApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'analytics-admin@example.com';

let api: HandlerApi;
let admin: ApiClient;
useHandlerAdminApi(ADMIN_EMAIL, (started) => ({ api, admin } = started));

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('admin analytics', () => {
  it('counts agents, Pro agents and clients, with the average to one decimal and 12 months of series', async () => {
    const a = await signedInAgent(api);
    const b = await signedInAgent(api);
    const ids = await addClients(a.client, 3);
    await addClients(b.client, 1);
    await a.client.post(`/api/clients/${ids[0]}/review-status`, { status: 'submitted' });
    await setProStatus(b.user.id, true);
    await addToStats({ proAgents: 1 }); // what the Stripe webhook does when Pro starts
    await addToStats({ reminders: 7 }); // what the daily reminders job does

    const res = await admin.get('/api/admin/analytics');
    expect(res.status).toBe(200);
    const body = res.body as AdminAnalytics;
    // The administrator is a user too: 3 users, 4 clients → 1.3.
    expect(body.overview).toEqual({ totalAgents: 3, totalClients: 4, proAgents: 1, averageClientsPerAgent: 1.3 });
    const months = lastMonths(new Date().toISOString().slice(0, 10), 12);
    for (const series of [body.clientGrowth, body.reviewsOverTime, body.remindersOverTime]) {
      expect(series.map((p) => p.month)).toEqual(months);
      expect(series.slice(0, 11).every((p) => p.count === 0)).toBe(true);
    }
    expect(body.clientGrowth[11]).toEqual({ month: thisMonth(), count: 4 });
    expect(body.reviewsOverTime[11]).toEqual({ month: thisMonth(), count: 1 });
    expect(body.remindersOverTime[11]).toEqual({ month: thisMonth(), count: 7 });
    expect(body.agentDetails).toEqual(
      expect.arrayContaining([
        { id: a.user.id, username: a.user.username, isPro: false, clientCount: 3 },
        { id: b.user.id, username: b.user.username, isPro: true, clientCount: 1 },
      ]),
    );
    expect(body.agentDetails).toHaveLength(3);

    // A deleted client leaves the totals, its month and its agent's count; so does its review.
    await a.client.delete(`/api/clients/${ids[0]}`);
    const after = (await admin.get('/api/admin/analytics')).body as AdminAnalytics;
    expect(after.overview).toMatchObject({ totalClients: 3, averageClientsPerAgent: 1 });
    expect(after.clientGrowth[11]!.count).toBe(3);
    expect(after.reviewsOverTime[11]!.count).toBe(0);
    expect(after.agentDetails.find((d) => d.id === a.user.id)!.clientCount).toBe(2);
  });

  it('counts a review once when it is submitted twice, and takes it back when the status leaves submitted', async () => {
    const a = await signedInAgent(api);
    const { body: c } = await a.client.post('/api/clients', clientInput());
    const reviews = async () =>
      ((await admin.get('/api/admin/analytics')).body as AdminAnalytics).reviewsOverTime[11]!.count;
    const before = await reviews();
    await Promise.all(
      [1, 2, 3].map(() => a.client.post(`/api/clients/${c.id}/review-status`, { status: 'submitted' })),
    );
    expect(await reviews()).toBe(before + 1);
    const back = await a.client.post(`/api/clients/${c.id}/review-status`, { status: 'requested' });
    expect(back.body.reviewSubmittedAt).toBeNull();
    expect(await reviews()).toBe(before);
  });

  it('reads the counters and the agents index only, never the clients', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const doc = db();
    const original = doc.send.bind(doc);
    const spy = jest.spyOn(doc, 'send').mockImplementation(((command: { input: Record<string, unknown> }) => {
      sent.push(command.input);
      return original(command as never);
    }) as never);
    try {
      expect((await admin.get('/api/admin/analytics')).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const reads = sent.filter((input) => 'KeyConditionExpression' in input);
    const partitions = reads.map(
      (input) => Object.values(input.ExpressionAttributeValues as Record<string, unknown>)[0],
    );
    // One Query per counter shard (a bounded number of reads), and the agents index.
    const shards = Array.from({ length: STATS_SHARDS }, (_, n) => `STATS#${n}`);
    expect(partitions).toEqual(expect.arrayContaining([...shards, 'AGENTS']));
    expect(partitions.filter((p) => String(p).startsWith('STATS')).sort()).toEqual(shards.sort());
    expect(
      partitions.filter((p) => !String(p).startsWith('STATS#') && p !== 'AGENTS' && !String(p).startsWith('USER#')),
    ).toEqual([]);
    expect(JSON.stringify(sent)).not.toContain('CLIENTS');
    expect(JSON.stringify(sent)).not.toContain('AGENT#');
  });
});

describe('agent list', () => {
  it('lists every agent with the fields of the agent list and nothing secret', async () => {
    const a = await signedInAgent(api, { fullName: 'Listed Agent' });
    await a.client.post('/api/clients', clientInput());
    const res = await admin.get('/api/agents');
    expect(res.status).toBe(200);
    const row = (res.body as AdminAgent[]).find((r) => r.id === a.user.id)!;
    expect(row).toEqual({
      id: a.user.id,
      username: a.user.username,
      fullName: 'Listed Agent',
      phone: a.details.phone,
      signupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastLoginDate: null,
      isPro: false,
      isAdmin: false,
      clientCount: 1,
      businessName: null,
      businessLocation: null,
      sendingPaused: null,
    });
    expect(res.text).not.toMatch(/passwordHash|scrypt|SESSION#|gsi1|"pk"/);
    const relogin = api.client();
    await relogin.post('/api/login', { username: a.details.username, password: a.details.password });
    const later = ((await admin.get('/api/agents')).body as AdminAgent[]).find((r) => r.id === a.user.id)!;
    expect(later.lastLoginDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });
});
