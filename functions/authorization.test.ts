// The authorization matrix, generated from the route table: every route × (logged out, agent A,
// agent B, admin) × (A's object, B's object, a made-up id). A route added to the table is covered
// the moment it exists; a missing rule fails here. On the handler harness: who may reach what is each handler's rule
// (its session and ownership checks), which no HTTP server, edge or IAM policy of the runtime adds to.
import { routes, type Route } from './routes';
import { clientInput, setEmailVerified } from './testing/factories';
import type { ApiClient, ApiResponse } from './testing/local-api';
import { startHandlerApi, type HandlerApi } from './testing/handler-api';

type Actor = 'anonymous' | 'agentA' | 'agentB' | 'admin';
type Target = 'A' | 'B' | 'madeUp';

/** Routes on which an administrator may act on another agent's object (admin mode). */
const ADMIN_MODE = new Set(['clients/patch-client']);

const ADMIN_EMAIL = 'matrix-admin@example.com';
let api: HandlerApi;
const clients: Record<Actor, ApiClient> = {} as Record<Actor, ApiClient>;
const objects: Record<
  'A' | 'B',
  { agentId: string; clientId: string; ticketId: string; importId: string; marker: string }
> = {} as never;

const emails: Partial<Record<Actor, string>> = {
  agentA: 'matrix-a@example.com',
  agentB: 'matrix-b@example.com',
  admin: ADMIN_EMAIL,
};

async function register(client: ApiClient, email: string, phone: string) {
  const res = await client.post('/api/register', {
    username: email,
    password: 'matrix-password',
    fullName: `Matrix ${email}`,
    phone,
  });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${res.text}`);
  await setEmailVerified(res.body.id as string); // administrators and senders are verified
  return res.body.id as string;
}

beforeAll(async () => {
  api = await startHandlerApi({ adminEmails: ADMIN_EMAIL, s3: true, backgroundTasks: true });
  for (const actor of ['anonymous', 'agentA', 'agentB', 'admin'] as Actor[]) clients[actor] = api.client();
  const agentA = await register(clients.agentA, emails.agentA!, '(512) 555-7001');
  const agentB = await register(clients.agentB, emails.agentB!, '(512) 555-7002');
  await register(clients.admin, emails.admin!, '(512) 555-7003');
  for (const [key, agentId, client] of [
    ['A', agentA, clients.agentA],
    ['B', agentB, clients.agentB],
  ] as const) {
    const marker = `Secret${key}Person`;
    const created = await client.post(
      '/api/clients',
      clientInput({ name: marker, email: `${marker.toLowerCase()}@example.com`, birthday: '1980-05-05' }),
    );
    const ticket = await client.post('/api/support', {
      subject: `${marker} needs help`,
      message: `A question from ${marker}`,
    });
    const imported = await client.post('/api/imports', {
      fileName: `${marker}.csv`,
      contentType: 'text/csv',
      size: 100,
    });
    objects[key] = {
      agentId,
      clientId: created.body.id,
      ticketId: ticket.body.id,
      importId: imported.body.import.id,
      marker,
    };
  }
});
afterAll(() => api.close());

function pathFor(route: Route, target: Target): string | null {
  if (!route.path.includes('{')) return target === 'A' ? route.path : null; // no object: run once
  return route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (target === 'madeUp') return name === 'file' ? 'made-up-secret.ics' : 'made-up-id-123';
    const owner = objects[target];
    if (name === 'agentId') return owner.agentId;
    if (name === 'id' && route.path.startsWith('/api/clients/')) return owner.clientId;
    if (name === 'id' && route.path.startsWith('/api/admin/support/')) return owner.ticketId;
    if (name === 'id' && route.path.startsWith('/api/imports/')) return owner.importId;
    return name === 'file' ? `${owner.clientId}.ics` : owner.clientId;
  });
}

async function call(actor: Actor, route: Route, path: string): Promise<ApiResponse> {
  const client = clients[actor];
  const res = route.method === 'GET' ? await client.get(path) : await client.request(route.method, path, { json: {} });
  if (route.handler === 'auth/post-logout' && emails[actor]) {
    // Logging out is this route's job: sign the actor back in for the rest of the matrix.
    await client.post('/api/login', { username: emails[actor], password: 'matrix-password' });
  }
  return res;
}

const ownerOf: Partial<Record<Actor, 'A' | 'B'>> = { agentA: 'A', agentB: 'B' };
const otherOf: Partial<Record<Actor, 'A' | 'B'>> = { agentA: 'B', agentB: 'A' };

async function snapshot() {
  const a = await clients.agentA.get('/api/clients');
  const b = await clients.agentB.get('/api/clients');
  const userA = await clients.agentA.get('/api/user');
  const userB = await clients.agentB.get('/api/user');
  const supportA = await clients.agentA.get('/api/support');
  const supportB = await clients.agentB.get('/api/support');
  const importA = await clients.agentA.get('/api/imports/latest');
  const importB = await clients.agentB.get('/api/imports/latest');
  // lastLoginDate moves when the matrix signs an actor back in after the logout route.
  const profile = ({ lastLoginDate: _ignored, ...rest }: Record<string, unknown>) => rest;
  return {
    a: a.body,
    b: b.body,
    userA: profile(userA.body),
    userB: profile(userB.body),
    supportA: supportA.body,
    supportB: supportB.body,
    importA: importA.body,
    importB: importB.body,
  };
}

describe('authorization matrix (generated from the route table)', () => {
  // One test per route (each with its own time budget on a loaded machine), between a snapshot of both tenants and a
  // check that nothing of either changed (the admin's PATCH with an empty body changes nothing either).
  let before: Awaited<ReturnType<typeof snapshot>>;
  let requests = 0;
  beforeAll(async () => {
    before = await snapshot();
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses every cross-tenant and unauthenticated access, with no 5xx and no leak',
    async (_name, route) => {
      const failures: string[] = [];
      for (const target of ['A', 'B', 'madeUp'] as Target[]) {
        const path = pathFor(route, target);
        if (!path) continue;
        for (const actor of ['anonymous', 'agentA', 'agentB', 'admin'] as Actor[]) {
          if (ownerOf[actor] === target) continue; // owners on their own objects run last, below
          const res = await call(actor, route, path);
          requests += 1;
          const label = `${actor} ${route.method} ${path} (${route.access}, target ${target})`;
          if (res.status >= 500) failures.push(`${label}: ${res.status}`);
          if (route.access !== 'public' && actor === 'anonymous' && res.status !== 401)
            failures.push(`${label}: expected 401, got ${res.status}`);
          if (route.access === 'admin' && (actor === 'agentA' || actor === 'agentB') && res.status !== 403)
            failures.push(`${label}: expected 403, got ${res.status}`);
          if (route.access === 'admin' && actor === 'admin' && [401, 403].includes(res.status))
            failures.push(`${label}: admin refused with ${res.status}`);
          const crossTenant = target !== 'madeUp' && route.path.includes('{') && route.access === 'agent';
          if (
            crossTenant &&
            actor !== 'anonymous' &&
            res.status < 300 &&
            !(actor === 'admin' && ADMIN_MODE.has(route.handler))
          ) {
            failures.push(`${label}: cross-tenant success ${res.status}`);
          }
          const other = otherOf[actor];
          if (other && res.text.includes(objects[other].marker))
            failures.push(`${label}: leaked ${objects[other].marker}`);
          if (
            actor === 'anonymous' &&
            route.access !== 'public' &&
            (res.text.includes(objects.A.marker) || res.text.includes(objects.B.marker))
          ) {
            failures.push(`${label}: leaked to an anonymous caller`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('asked every route as each kind of caller, and left both tenants as they were', async () => {
    expect(requests).toBeGreaterThan(routes.length * 4);
    expect(await snapshot()).toEqual(before);
  });

  it.each(
    routes
      .filter((r) => r.access === 'agent' && r.path.includes('{'))
      .map((route) => [`${route.method} ${route.path}`, route] as const),
  )('%s lets owners reach their own objects (no 401, 403 or 5xx)', async (_name, route) => {
    const failures: string[] = [];
    for (const actor of ['agentA', 'agentB'] as const) {
      const path = pathFor(route, ownerOf[actor]!)!;
      const res = await call(actor, route, path);
      // A Pro feature refuses a free owner for their plan (PRO_REQUIRED), not for access: the agents here are free.
      const planRefusal = res.status === 403 && (res.body as { code?: string } | undefined)?.code === 'PRO_REQUIRED';
      if (res.status >= 500 || res.status === 401 || (res.status === 403 && !planRefusal))
        failures.push(`${actor} ${route.method} ${path}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
