// The authorization matrix, generated from the route table: a new admin route is covered the day
// it is added.
import { routes } from '../../routes';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerAdminApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'matrix-admin@example.com';
const adminRoutes = routes.filter((r) => r.access === 'admin');

let api: HandlerApi;
let admin: ApiClient;
let agent: ApiClient;
useHandlerAdminApi(ADMIN_EMAIL, (started) => ({ api, admin } = started), { s3: true });
beforeAll(async () => {
  agent = (await signedInAgent(api)).client;
});

function call(client: ApiClient, route: (typeof routes)[number], junk = false) {
  const path =
    route.path.replace(/\{[^}]+\}/g, junk ? '%00%2F..' : 'made-up-id') + (junk ? '?limit=-1&cursor=%7B%7D' : '');
  return client.request(route.method, path, {
    json: route.method === 'GET' ? undefined : junk ? { phone: 12, clients: 'all' } : {},
  });
}

describe('admin routes', () => {
  it('include every administration endpoint of the issue', () => {
    expect(adminRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/analytics',
        'GET /api/agents',
        'GET /api/admin/clients',
        'GET /api/admin/clients/{agentId}',
        'POST /api/admin/clients/export',
        'POST /api/admin/export',
        'POST /api/test-twilio',
      ]),
    );
  });

  describe.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    it('answers 401 when logged out, even to input it would refuse', async () => {
      expect((await call(api.client(), route)).status).toBe(401);
      expect((await call(api.client(), route, true)).status).toBe(401);
    });

    it("answers 403 'Not authorized' to an agent, whatever the input", async () => {
      for (const junk of [false, true]) {
        const res = await call(agent, route, junk);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'Not authorized', code: 'FORBIDDEN' });
      }
    });

    it('lets an administrator through (an answer that is neither 401, 403 nor 5xx)', async () => {
      const res = await call(admin, route);
      expect(res.status).not.toBe(401);
      expect(res.status).not.toBe(403);
      expect(res.status).toBeLessThan(500);
    });
  });
});

describe('admin mode on the client routes', () => {
  it('gives an agent who names another agent no power over that agent', async () => {
    const victim = await signedInAgent(api);
    const { body: theirs } = await victim.client.post('/api/clients', clientInput({ name: 'Not Yours' }));
    const form = new FormData();
    form.append('agentId', victim.user.id);
    form.append(
      'file',
      new Blob(['name,email,phone\nSneaky,sneaky@example.com,5125550100\n'], { type: 'text/csv' }),
      'clients.csv',
    );
    const attempts = [
      await agent.post('/api/clients', { ...clientInput(), agentId: victim.user.id }),
      await agent.patch(`/api/clients/${theirs.id}`, { name: 'Hacked', agentId: victim.user.id }),
      await agent.request('POST', '/api/clients/import', { body: form }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NOT_ADMIN');
    }
    const list = await allClients(victim.client);
    expect(list).toHaveLength(1);
    expect(list[0].name).toBe('Not Yours');
    expect(await allClients(agent)).toEqual([]);
  });

  it("answers 404 to an agent patching another agent's client id without agentId", async () => {
    const victim = await signedInAgent(api);
    const { body: theirs } = await victim.client.post('/api/clients', clientInput());
    expect((await agent.patch(`/api/clients/${theirs.id}`, { name: 'Hacked' })).status).toBe(404);
  });

  it('lets an agent name themselves, which changes nothing', async () => {
    const self = await signedInAgent(api);
    const res = await self.client.post('/api/clients', { ...clientInput(), agentId: self.user.id });
    expect(res.status).toBe(201);
    expect(res.body.agentId).toBe(self.user.id);
  });
});
