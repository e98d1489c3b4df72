import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startTestApi, type TestApi } from './testing/local-api';
import { compilePath, routes } from './routes';

const handlersDir = join(__dirname, 'handlers');

function handlerFiles(dir = handlersDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return handlerFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(handlersDir, full).replace(/\.ts$/, '')] : [];
  });
}

describe('the route table', () => {
  it('names each handler once, with a <resource>/<verb>-<resource> slug', () => {
    const slugs = routes.map((r) => r.handler);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z-]+\/(get|post|patch|put|delete)-[a-z-]+$/);
  });

  it('has no two routes with the same method and path', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a real handler file for every route, and a route for every handler file', async () => {
    expect(handlerFiles().sort()).toEqual(routes.map((r) => r.handler).sort());
    for (const route of routes) {
      const mod = (await import(`./handlers/${route.handler}.ts`)) as { handler: { route: unknown } };
      expect(mod.handler.route).toEqual(route);
    }
  });

  it('matches path parameters', () => {
    expect(compilePath('/api/clients/{id}/milestones')('/api/clients/abc%20d/milestones')).toEqual({ id: 'abc d' });
    expect(compilePath('/api/clients/{id}')('/api/clients/abc/extra')).toBeNull();
  });
});

describe('the local server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('serves every route of the table, and nothing else', async () => {
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, 'made-up-id');
      const res = await api.client().request(route.method, path, { json: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.path}`, code: res.status === 404 ? (res.body as { code?: string }).code : 'reached' }).toEqual({
        route: `${route.method} ${route.path}`,
        code: expect.not.stringMatching(/^NO_ROUTE$/),
      });
    }
    expect((await api.client().get('/api/not-a-route')).body.code).toBe('NO_ROUTE');
  });
});
