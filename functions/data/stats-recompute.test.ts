import fc from 'fast-check';
import type { AdminAnalytics } from '@shared/api-types';
import { clientInput, updateUserItem } from '../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../testing/local-api';
import { createClient, setReviewStatus } from '../client-record/record';
import { addToStats } from './stats';
import { applySubscriptionState } from './subscriptions';
import { applyFixes, findDrift, recomputeStats } from './stats-recompute';
import { useHandlerAdminApi, type HandlerApi } from '../testing/handler-api';

const ADMIN_EMAIL = 'stats-admin@example.com';

let api: HandlerApi;
let admin: ApiClient;
useHandlerAdminApi(ADMIN_EMAIL, (started) => ({ api, admin } = started));

type Agent = { id: string; client: ApiClient };
type World = { agents: Agent[]; clients: Array<{ id: string; agentId: string }> };

let eventClock = Math.floor(Date.now() / 1000);
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const monthsAgo = fc.integer({ min: 0, max: 30 });
const dateMonthsAgo = (n: number) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - n, 15, 12));

async function upload(client: ApiClient, rows: string[], agentId?: string) {
  const form = new FormData();
  if (agentId) form.append('agentId', agentId);
  form.append('file', new Blob([`name,email,phone\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'clients.csv');
  return client.request('POST', '/api/clients/import', { body: form });
}

// Each command is one of the writes that move a counter, through the same code the product runs.
const commands = fc.oneof(
  fc.constant(async (w: World) => {
    const { client, user } = await signedInAgent(api);
    w.agents.push({ id: user.id, client });
  }),
  fc.nat().map((n) => async (w: World) => {
    const agent = pick(w.agents, n);
    if (!agent) return;
    const res = await agent.client.post('/api/clients', clientInput());
    if (res.status === 201) w.clients.push({ id: res.body.id, agentId: agent.id });
  }),
  fc.tuple(fc.nat(), monthsAgo).map(([n, ago]) => async (w: World) => {
    // Clients created in earlier months (the data layer takes the clock).
    const agent = pick(w.agents, n);
    if (!agent) return;
    try {
      const { client } = await createClient(agent.id, clientInput() as never, dateMonthsAgo(ago));
      w.clients.push({ id: client.id, agentId: agent.id });
    } catch {
      // the free plan's cap: nothing was written
    }
  }),
  fc.nat().map((n) => async (w: World) => {
    const agent = pick(w.agents, n);
    if (!agent) return;
    const res = await admin.post('/api/clients', { ...clientInput(), agentId: agent.id });
    if (res.status === 201) w.clients.push({ id: res.body.id, agentId: agent.id });
  }),
  fc.nat().map((n) => async (w: World) => {
    const target = pick(w.clients, n);
    if (!target) return;
    const owner = w.agents.find((a) => a.id === target.agentId)!;
    await owner.client.delete(`/api/clients/${target.id}`);
    w.clients.splice(w.clients.indexOf(target), 1);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 }), fc.boolean()).map(([n, count, asAdmin]) => async (w: World) => {
    const agent = pick(w.agents, n);
    if (!agent) return;
    const rows = Array.from({ length: count }, () => {
      const c = clientInput();
      return `${c.name},${c.email},5125550100`;
    });
    const res = asAdmin ? await upload(admin, rows, agent.id) : await upload(agent.client, rows);
    expect(res.status).toBe(200);
    // The import returns counts, not ids: the agent's list says which clients exist now.
    const list = (await allClients(agent.client)) as Array<{ id: string }>;
    for (const c of list) if (!w.clients.some((x) => x.id === c.id)) w.clients.push({ id: c.id, agentId: agent.id });
  }),
  fc.tuple(fc.nat(), fc.constantFrom('pending', 'requested', 'submitted')).map(([n, status]) => async (w: World) => {
    const target = pick(w.clients, n);
    if (!target) return;
    const owner = w.agents.find((a) => a.id === target.agentId)!;
    await owner.client.post(`/api/clients/${target.id}/review-status`, { status });
  }),
  fc
    .tuple(fc.nat(), fc.constantFrom('requested', 'submitted'), monthsAgo)
    .map(([n, status, ago]) => async (w: World) => {
      const target = pick(w.clients, n);
      if (target)
        await setReviewStatus(target.agentId, target.id, status as 'requested' | 'submitted', dateMonthsAgo(ago));
    }),
  fc.tuple(fc.nat(), fc.boolean()).map(([n, isPro]) => async (w: World) => {
    // What the Stripe webhook does when a subscription starts or ends.
    const agent = pick(w.agents, n);
    if (agent) await applySubscriptionState(agent.id, { isPro, eventCreated: (eventClock += 1) });
  }),
);

describe('platform counters', () => {
  it('equal a recompute from the data after any sequence of creates, deletes, imports, registrations, review changes and Pro changes', async () => {
    const world: World = { agents: [], clients: [] };
    await fc.assert(
      fc.asyncProperty(fc.array(commands, { minLength: 1, maxLength: 20 }), async (steps) => {
        for (const step of steps) await step(world);
        const report = await recomputeStats({ fix: false });
        expect(report.drift).toEqual([]);
        const analytics = (await admin.get('/api/admin/analytics')).body as AdminAnalytics;
        expect(analytics.overview.totalClients).toBe(report.clients);
        expect(analytics.overview.totalAgents).toBe(report.agents);
      }),
      { numRuns: 12, endOnFailure: true },
    );
  });

  it('are rebuilt by the recompute, which reports the drift it fixed', async () => {
    const { user, client } = await signedInAgent(api);
    await client.post('/api/clients', clientInput());
    await recomputeStats(); // start from counters that match
    // Drift as a crash between a write and its counter update would leave it.
    await addToStats({ clients: 5, reviews: -1 }, dateMonthsAgo(2));
    await updateUserItem(user.id, 'SET clientCount = :n', { ':n': 7 });

    const report = await recomputeStats();
    const month = dateMonthsAgo(2).toISOString().slice(0, 7);
    expect(report.fixed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: 'STATS/TOTAL', field: 'clients', actual: expect.any(Number) }),
        { item: `STATS/MONTH#${month}`, field: 'clients', stored: expect.any(Number), actual: expect.any(Number) },
        { item: `USER#${user.id}`, field: 'clientCount', stored: 7, actual: 1 },
      ]),
    );
    expect(report.fixed).toEqual(report.drift);
    expect(report.conflicts).toEqual([]);
    expect((await recomputeStats({ fix: false })).drift).toEqual([]);
    const agents = (await admin.get('/api/agents')).body as Array<{ id: string; clientCount: number }>;
    expect(agents.find((a) => a.id === user.id)!.clientCount).toBe(1);
  });

  it('reports a counter that changed since it was read instead of overwriting it', async () => {
    const { client } = await signedInAgent(api);
    await client.post('/api/clients', clientInput());
    await recomputeStats();
    await addToStats({ clients: 3 });
    const stale = await findDrift();
    await addToStats({ clients: 1 }); // a write lands between the read and the fix
    const { fixed, conflicts } = await applyFixes(stale.drift);
    expect(fixed).toEqual([]);
    expect(conflicts).toEqual(stale.drift);
    const again = await recomputeStats();
    expect(again.conflicts).toEqual([]);
    expect((await findDrift()).drift).toEqual([]);
  });
});
