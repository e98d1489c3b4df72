// Races on the handlers (the handler harness: a write's atomicity is the handler's and the table's, not the HTTP
// server's): the rules that only hold if each write is atomic, exercised by many requests at once. Already covered
// elsewhere, not repeated here:
// 20 concurrent redemptions of one invitation (handlers/client-registration/client-registration.test.ts)
// and 3 concurrent deliveries of one Stripe event (handlers/stripe/stripe-webhook.test.ts).
import fc from 'fast-check';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { listClients } from './data/clients';
import { STATS_TOTAL_SK } from './data/keys/counters';
import { readStatShards, readStats } from './data/stats';
import { findDrift } from './data/stats-recompute';
import { getUserById } from './data/users';
import { clientInput } from './testing/factories';
import { inviteClient, signedInRealtor } from './testing/invitations';
import { newAgent, signedInAgent, tokenOf, type ApiClient, allClients } from './testing/local-api';
import { startHandlerApi, type HandlerApi } from './testing/handler-api';

let api: HandlerApi;
beforeAll(async () => {
  api = await startHandlerApi();
});
afterAll(() => api.close());

const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort((a, b) => a - b);

describe('races', () => {
  it('lets exactly one of 20 concurrent confirmations of one password-reset token succeed', async () => {
    const details = newAgent();
    expect((await api.client().post('/api/register', details)).status).toBe(201);
    await api.client().post('/api/password-reset/request', { username: details.username });
    const mail = (await api.outbox()).filter(
      (m) => m.to === details.username && m.text.includes('reset-password#token='),
    );
    const token = tokenOf(/https?:\/\/\S+/.exec(mail.at(-1)!.text)![0]);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.client().post('/api/password-reset/confirm', { token, newPassword: `concurrent-${i}` }),
      ),
    );

    expect(statuses(results)).toEqual([200, ...Array(19).fill(400)]);
    const winner = results.findIndex((r) => r.status === 200);
    expect(
      (await api.client().post('/api/login', { username: details.username, password: `concurrent-${winner}` })).status,
    ).toBe(200);
    // One losing password is refused (more would trip the login throttle).
    const loser = winner === 0 ? 1 : 0;
    expect(
      (await api.client().post('/api/login', { username: details.username, password: `concurrent-${loser}` })).status,
    ).toBe(401);
  });

  it(`lets exactly one of 15 concurrent creates succeed for a free agent at ${FREE_CLIENT_LIMIT - 1} clients, who ends with ${FREE_CLIENT_LIMIT}`, async () => {
    const { client, user } = await signedInAgent(api);
    for (let i = 0; i < FREE_CLIENT_LIMIT - 1; i += 1)
      expect((await client.post('/api/clients', clientInput())).status).toBe(201);

    const results = await Promise.all(Array.from({ length: 15 }, () => client.post('/api/clients', clientInput())));

    expect(statuses(results)).toEqual([201, ...Array(14).fill(403)]);
    expect(results.filter((r) => r.status === 403).every((r) => r.body.code === 'UPGRADE_REQUIRED')).toBe(true);
    expect(await allClients(client)).toHaveLength(FREE_CLIENT_LIMIT);
    expect((await getUserById(user.id, true))!.clientCount).toBe(FREE_CLIENT_LIMIT);
  });

  it('keeps every counter equal to a recompute after random concurrent workloads', async () => {
    type Agent = { id: string; client: ApiClient };
    type World = { agents: Agent[]; clients: Array<{ id: string; agentId: string }> };
    const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
    const csv = (count: number) => {
      const rows = Array.from({ length: count }, () => {
        const c = clientInput();
        return `${c.name},${c.email},5125550100`;
      });
      const form = new FormData();
      form.append('file', new Blob([`name,email,phone\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'clients.csv');
      return form;
    };
    // Each operation is a request an agent or a client could send; they run all at once.
    const operations = [
      fc.constant(async (w: World) => {
        const { client, user } = await signedInRealtor(api);
        w.agents.push({ id: user.id, client });
      }),
      fc.nat().map((n) => async (w: World) => {
        const agent = pick(w.agents, n);
        if (agent) await agent.client.post('/api/clients', clientInput());
      }),
      fc.nat().map((n) => async (w: World) => {
        const target = pick(w.clients, n);
        if (target) await w.agents.find((a) => a.id === target.agentId)!.client.delete(`/api/clients/${target.id}`);
      }),
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 })).map(([n, count]) => async (w: World) => {
        const agent = pick(w.agents, n);
        if (agent) await agent.client.request('POST', '/api/clients/import', { body: csv(count) });
      }),
      fc.nat().map((n) => async (w: World) => {
        // A client registering from an invitation.
        const agent = pick(w.agents, n);
        if (!agent) return;
        const invitee = clientInput();
        const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
        await api.client().post('/api/client-registration', { token, phone: invitee.phone });
      }),
      fc
        .tuple(fc.nat(), fc.constantFrom('pending', 'requested', 'submitted'))
        .map(([n, status]) => async (w: World) => {
          const target = pick(w.clients, n);
          if (target)
            await w.agents
              .find((a) => a.id === target.agentId)!
              .client.post(`/api/clients/${target.id}/review-status`, { status });
        }),
    ];
    // Every kind of operation in each workload, then more of any kind.
    const workload = fc
      .tuple(fc.tuple(...operations), fc.array(fc.oneof(...operations), { maxLength: 20 }))
      .map(([eachKind, more]) => [...eachKind, ...more]);

    // A few agents with clients to start from, so deletes and review changes race with creates.
    const world: World = { agents: [], clients: [] };
    for (let i = 0; i < 3; i += 1) {
      const realtor = await signedInRealtor(api);
      world.agents.push({ id: realtor.user.id, client: realtor.client });
    }
    const refresh = async (w: World) => {
      w.clients = (
        await Promise.all(
          w.agents.map(async (a) => (await listClients(a.id)).map((c) => ({ id: c.id, agentId: a.id }))),
        )
      ).flat();
    };

    await fc.assert(
      fc.asyncProperty(workload, async (ops) => {
        await refresh(world);
        await Promise.all(ops.map((op) => op(world)));

        expect((await findDrift()).drift).toEqual([]);
        for (const agent of world.agents)
          expect((await getUserById(agent.id, true))!.clientCount).toBe((await listClients(agent.id)).length);
      }),
      { numRuns: 3, endOnFailure: true },
    );
  });
});

describe('the sharded analytics counters', () => {
  it('stay exact under 50 parallel creates across agents, spread over more than one shard item', async () => {
    const agents = await Promise.all(Array.from({ length: 5 }, () => signedInAgent(api)));
    const before = (await readStats('9999-12')).total.clients;
    const shardsBefore = await readStatShards(STATS_TOTAL_SK);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => agents[i % agents.length]!.client.post('/api/clients', clientInput())),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect((await readStats('9999-12')).total.clients).toBe(before + 50);
    const shardsAfter = await readStatShards(STATS_TOTAL_SK);
    const clientsOf = (items: Array<Record<string, unknown>>, pk: string) =>
      Number(items.find((item) => item.pk === pk)?.clients ?? 0);
    const touched = shardsAfter.filter(
      (item) => clientsOf(shardsAfter, String(item.pk)) !== clientsOf(shardsBefore, String(item.pk)),
    );
    expect(touched.length).toBeGreaterThan(1);
    expect((await findDrift()).drift).toEqual([]);
  });
});
