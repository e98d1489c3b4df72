import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { useTestApi, type TestApi } from './testing/local-api';
import { lambdaContext } from './local/http-event';
import {
  bySpecificity,
  compilePath,
  MAX_ROUTE_TIMEOUT_SECONDS,
  RESOURCE_USES,
  ROUTE_DEFAULTS,
  type ResourceUse,
  routes,
  routeSettings,
} from './routes';

const handlersDir = join(__dirname, 'handlers');

function handlerFiles(dir = handlersDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return handlerFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(handlersDir, full).replace(/\.ts$/, '')] : [];
  });
}

const bucketRead = (name: string) =>
  new RegExp(`config\\d*\\(\\)\\.${name}|\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=\\s*config\\d*\\(\\)`);
/** The link to a kept reply's original: it reads the uploads bucket under `inbound-originals`, not `uploads`. */
const ORIGINAL_LINK = /async function inboundEmailLink\d*\([\s\S]*?\n\}\n/;
/** The calls in a handler's bundle that need a grant (esbuild may suffix a name with a digit). */
const CODE_THAT_NEEDS: Record<ResourceUse | 'tableWrite', { test(text: string): boolean }> = {
  tableWrite: /new (Put|Update|Delete|BatchWrite|TransactWrite)(Item)?Command\d*\(/,
  uploads: { test: (text) => bucketRead('uploadsBucket').test(text.replace(ORIGINAL_LINK, '')) },
  'inbound-originals': /\binboundEmailLink\d*\(/,
  exports: bucketRead('exportsBucket'),
  mail: /new SendEmailCommand\d*\(/,
  sms: /new PublishCommand\d*\(|api\.twilio\.com|x-twilio-signature/,
  stripe: /new Stripe\d*\(|constructEventAsync/,
  // Google's APIs, not FCM's push host (shared/push.ts names it among the push services a subscription may use), nor
  // an OAuth scope's name (`https://www.googleapis.com/auth/contacts` is an identifier, never called).
  google: /(?<!fcm\.)googleapis\.com(?!\/auth\/)/,
  ai: /from ["']@aws-sdk\/client-bedrock-runtime["']|\/chat\/completions/,
  'import-queue': /new SendMessageCommand\d*\(/,
  push: /vapidKeys\d*\(\)/,
};

describe('the route table', () => {
  it('names each handler once, with a <resource>/<verb>-<resource> slug', () => {
    const slugs = routes.map((r) => r.handler);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z-]+\/(get|post|patch|put|delete)-[a-z-]+$/);
  });

  it('gives a route 1024 MB and 10 s in AWS, 30 s locally, unless it says otherwise', () => {
    expect(routeSettings({}, 'aws')).toEqual({ memoryMb: 1024, timeoutSeconds: 10 });
    expect(routeSettings({}, 'local')).toEqual({ memoryMb: 1024, timeoutSeconds: 30 });
    expect(routeSettings({ memoryMb: 2048, timeoutSeconds: 29 }, 'aws')).toEqual({
      memoryMb: 2048,
      timeoutSeconds: 29,
    });
    expect(routeSettings({ timeoutSeconds: 15 }, 'local')).toEqual({ memoryMb: 1024, timeoutSeconds: 15 });
    for (const route of routes)
      expect(routeSettings(route, 'aws').timeoutSeconds).toBeLessThanOrEqual(MAX_ROUTE_TIMEOUT_SECONDS);
  });

  it('the local Lambda context carries the local defaults', () => {
    const context = lambdaContext('clients-get-clients', 'req-1');
    expect(context.memoryLimitInMB).toBe('1024');
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(ROUTE_DEFAULTS.timeoutSeconds * 1000);
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(30_000);
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

  it('declares the table access first and each other use once', () => {
    for (const route of routes) {
      const [table, ...rest] = route.uses;
      expect({ handler: route.handler, table }).toEqual({
        handler: route.handler,
        table: expect.stringMatching(/^table:(read|write)$/),
      });
      expect(rest.every((use) => RESOURCE_USES.includes(use))).toBe(true);
      expect(new Set(rest).size).toBe(rest.length);
    }
  });

  it("declares exactly what its handler's code reaches: table writes, buckets, mail, SMS and each provider", async () => {
    // Prepare: each handler bundled as in AWS (tree-shaken, so code it imports but never calls is
    // gone), its npm packages left out; what is left is searched for the call that needs a grant.
    const result = await esbuild.build({
      entryPoints: Object.fromEntries(routes.map((r) => [r.handler, join(handlersDir, `${r.handler}.ts`)])),
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      treeShaking: true,
      write: false,
      outdir: '/bundles',
      logLevel: 'silent',
    });
    const reached = (text: string) => [
      ...(CODE_THAT_NEEDS.tableWrite.test(text) ? ['table:write'] : ['table:read']),
      ...RESOURCE_USES.filter((use) => CODE_THAT_NEEDS[use].test(text)).sort(),
    ];
    // Act
    const found = Object.fromEntries(
      result.outputFiles.map((file) => [relative('/bundles', file.path).replace(/\.js$/, ''), reached(file.text)]),
    );
    // Assess
    expect(found).toEqual(
      Object.fromEntries(routes.map((r) => [r.handler, [r.uses[0], ...[...r.uses.slice(1)].sort()]])),
    );
    expect(found['password-reset/post-password-reset-request']).toContain('mail');
    expect(found['clients/post-client-drafts']).toContain('ai');
    expect(
      result.outputFiles.filter((file) => /new Scan(Command)?\d*\(/.test(file.text)).map((file) => file.path),
    ).toEqual([]);
  }, 60_000);

  it('matches path parameters', () => {
    expect(compilePath('/api/clients/{id}/milestones')('/api/clients/abc%20d/milestones')).toEqual({ id: 'abc d' });
    expect(compilePath('/api/clients/{id}')('/api/clients/abc/extra')).toBeNull();
  });

  it('matches a fixed segment before a {param} one, as API Gateway does, whatever the table order', () => {
    const table = [
      { path: '/api/clients/{id}' },
      { path: '/api/clients/{id}/messages' },
      { path: '/api/clients/export' },
      { path: '/api/clients/bulk/{id}' },
      { path: '/api/clients/duplicates' },
      { path: '/api/clients/{id}/{part}' },
    ];
    const first = (url: string) => bySpecificity(table).find((route) => compilePath(route.path)(url))?.path;
    expect(first('/api/clients/export')).toBe('/api/clients/export');
    expect(first('/api/clients/duplicates')).toBe('/api/clients/duplicates');
    expect(first('/api/clients/bulk/job-1')).toBe('/api/clients/bulk/{id}');
    expect(first('/api/clients/c-1')).toBe('/api/clients/{id}');
    expect(first('/api/clients/c-1/messages')).toBe('/api/clients/{id}/messages');
    expect(first('/api/clients/c-1/other')).toBe('/api/clients/{id}/{part}');
    // Among equally specific paths the table's order stays.
    expect(
      bySpecificity([
        { path: '/b/{x}', n: 1 },
        { path: '/a/{y}', n: 2 },
      ]).map((r) => r.n),
    ).toEqual([1, 2]);
  });
});

describe('the local server', () => {
  let api: TestApi;
  useTestApi((started) => (api = started));

  it('serves every route of the table, and nothing else', async () => {
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, 'made-up-id');
      const res = await api.client().request(route.method, path, { json: route.method === 'GET' ? undefined : {} });
      expect({
        route: `${route.method} ${route.path}`,
        code: res.status === 404 ? (res.body as { code?: string }).code : 'reached',
      }).toEqual({
        route: `${route.method} ${route.path}`,
        code: expect.not.stringMatching(/^NO_ROUTE$/),
      });
    }
    expect((await api.client().get('/api/not-a-route')).body.code).toBe('NO_ROUTE');
  });
});
