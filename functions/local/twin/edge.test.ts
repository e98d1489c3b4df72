// The edge from the template: the distribution's behaviours in the order CloudFront matches them, each one's cache and
// origin request policies (headers, cookies, query strings), and how long errors are cached, as the twin reads them
// and the local server applies them.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { SESSION_COOKIE } from '@shared/constants';
import type { CfnTemplate } from '../../lib/flatten-templates';
import { spaFallbackSource } from '../../../infra/constructs/spa-fallback';
import { API_ORIGIN_HEADERS } from '../../../infra/constructs/web';
import { newAgent, signedInAgent, startTestApi, type TestApi } from '../../testing/local-api';
import { TEST_DEPLOY } from './deploy-settings';
import { behaviorFor, errorCachingSeconds, matchesPathPattern, originRequest } from './edge';
import type { EdgeBehavior, EdgeList, TwinEdge } from './edge-model';
import { readAssembly, stackModel } from './stack-model';
import { twinTemplateDir } from './template-dir';

const NAMES = {
  region: 'us-east-1',
  tableName: 'hearthside',
  buckets: { uploads: 'hearthside-uploads', exports: 'hearthside-exports' },
};

// The test deploy's template (Jest's global setup keeps it synthesized).
let templateDir: string;
let template: CfnTemplate;
beforeAll(() => {
  templateDir = twinTemplateDir(process.env, TEST_DEPLOY);
  template = readAssembly(templateDir);
});

type Config = Record<string, any>;
function distributionConfig(of: { Resources: Record<string, any> }): Config | undefined {
  return Object.values(of.Resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')?.Properties
    ?.DistributionConfig;
}

const list = (behavior: string, ...names: string[]): EdgeList => ({ behavior, names });
const NONE = list('none');

/** A behaviour with the given lists (its cache key forwards nothing unless given). */
function behavior(
  forward: Partial<Record<'headers' | 'cookies' | 'queryStrings', EdgeList>>,
  key: Partial<Record<'headers' | 'cookies' | 'queryStrings', EdgeList>> = {},
): Pick<EdgeBehavior, 'cachePolicy' | 'originRequestPolicy'> {
  return {
    cachePolicy: {
      name: 'Test',
      minTtl: 0,
      defaultTtl: 0,
      maxTtl: 1,
      encodings: [],
      headers: NONE,
      cookies: NONE,
      queryStrings: NONE,
      ...key,
    },
    originRequestPolicy: { name: 'Test', headers: NONE, cookies: NONE, queryStrings: NONE, ...forward },
  };
}

const viewer = (path: string, headers: Record<string, string> = {}) => ({
  headers,
  url: new URL(path, 'http://localhost:3000'),
});

describe('the edge as the template has it', () => {
  it('reads the behaviours in the order CloudFront matches them, each with its origin, function and policies', () => {
    // Act
    const { edge } = stackModel(template, NAMES);
    // Assess
    expect(edge.behaviors.map((b) => [b.pathPattern, b.origin])).toEqual([
      ['/api/*', 'api'],
      ['/r/*', 'api'],
      ['*', 'site'],
    ]);
    const [api, reviewLinks, site] = edge.behaviors as [EdgeBehavior, EdgeBehavior, EdgeBehavior];
    expect(api.allowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    expect(reviewLinks.allowedMethods).toEqual(['GET', 'HEAD']);
    expect(api.cachePolicy).toMatchObject({
      minTtl: 0,
      defaultTtl: 0,
      maxTtl: 1,
      encodings: ['br', 'gzip'],
      headers: NONE,
      cookies: NONE,
      queryStrings: NONE,
    });
    expect(api.originRequestPolicy).toMatchObject({
      headers: { behavior: 'whitelist', names: [...API_ORIGIN_HEADERS] },
      cookies: { behavior: 'all', names: [] },
      queryStrings: { behavior: 'all', names: [] },
    });
    expect(Object.keys(api.originHeaders)).toEqual(['x-origin-verify']);
    expect(api.viewerRequestSource).toBeUndefined();
    expect(site).toMatchObject({
      viewerRequestSource: spaFallbackSource,
      originRequestPolicy: undefined,
      cachePolicy: { name: 'CachingOptimized', minTtl: 1, encodings: ['br', 'gzip'] },
      allowedMethods: ['GET', 'HEAD'],
    });
  });

  it("caches no error of the API, where the distribution's default kept a 404 or a 5xx for 10 s", () => {
    // Prepare: the same template without the distribution's error responses (the stack before they were given).
    const before = structuredClone(template);
    delete distributionConfig(before)!.CustomErrorResponses;
    // Act
    const { edge } = stackModel(template, NAMES);
    const old = stackModel(before, NAMES).edge;
    // Assess
    expect(edge.errorResponses).toHaveLength(10);
    for (const path of ['/api/clients', '/r/abc']) {
      for (const status of [400, 403, 404, 405, 414, 500, 501, 502, 503, 504])
        expect(errorCachingSeconds(edge, behaviorFor(edge, path), status)).toBe(0);
      for (const status of [404, 414, 500, 503, 504])
        expect(errorCachingSeconds(old, behaviorFor(old, path), status)).toBe(10);
    }
    // What CloudFront never caches: an error it does not list (429), an answer to a POST.
    expect(errorCachingSeconds(old, behaviorFor(old, '/api/clients'), 429)).toBe(0);
    expect(errorCachingSeconds(old, behaviorFor(old, '/api/clients'), 503, 'POST')).toBe(0);
  });
});

describe('a request at the edge', () => {
  it('matches path patterns as CloudFront does: * any run, ? one character, case-sensitive, the leading / optional', () => {
    expect(matchesPathPattern('/api/*', '/api/clients/1')).toBe(true);
    expect(matchesPathPattern('/api/*', '/api/')).toBe(true);
    expect(matchesPathPattern('/api/*', '/api')).toBe(false);
    expect(matchesPathPattern('/api/*', '/API/clients')).toBe(false);
    expect(matchesPathPattern('api/*', '/api/clients')).toBe(true);
    expect(matchesPathPattern('/r/?', '/r/a')).toBe(true);
    expect(matchesPathPattern('/r/?', '/r/ab')).toBe(false);
    expect(matchesPathPattern('/files/*.pdf', '/files/a.b/c.pdf')).toBe(true);
    expect(matchesPathPattern('/a.b', '/aXb')).toBe(false);
    expect(matchesPathPattern('*', '/anything')).toBe(true);
  });

  it('takes the first behaviour whose pattern matches, in the order of the template, else the default', () => {
    // Prepare: a general pattern before a narrower one (the narrower never matches).
    const { edge } = stackModel(template, NAMES);
    const [api, , site] = edge.behaviors as [EdgeBehavior, EdgeBehavior, EdgeBehavior];
    const ordered: TwinEdge = {
      ...edge,
      behaviors: [api, { ...site, pathPattern: '/api/public/*' }, { ...site, pathPattern: '/app/*' }, site],
    };
    // Act + Assess
    expect(behaviorFor(ordered, '/api/public/agents')).toBe(api);
    expect(behaviorFor(ordered, '/app/x').pathPattern).toBe('/app/*');
    expect(behaviorFor(ordered, '/clients')).toBe(site);
  });

  it('passes only the headers the policies list, CloudFront-Viewer-Address when listed, and its own origin headers', () => {
    // Prepare
    const headers = {
      'x-twilio-signature': 'sig',
      'x-not-listed': 'dropped',
      'x-origin-verify': 'forged',
      'cloudfront-viewer-address': '203.0.113.9:1',
      'accept-encoding': 'gzip, deflate, br;q=1',
    };
    const listed = behavior({ headers: list('whitelist', 'X-Twilio-Signature', 'CloudFront-Viewer-Address') });
    // Act
    const sent = originRequest(
      viewer('/api/x', headers),
      listed,
      { 'x-origin-verify': 'the-secret' },
      '192.0.2.1:4431',
    );
    // Assess
    expect(sent.headers).toEqual({
      'x-twilio-signature': 'sig',
      'x-origin-verify': 'the-secret',
      'cloudfront-viewer-address': '192.0.2.1:4431',
    });
    // A cache policy with gzip and Brotli on forwards Accept-Encoding, normalized (CachingDisabled drops it).
    const compressing = behavior({});
    compressing.cachePolicy.encodings = ['br', 'gzip'];
    expect(originRequest(viewer('/api/x', headers), compressing, {}, '').headers['accept-encoding']).toBe('br,gzip');
    // allExcept passes every viewer header but those listed; none of CloudFront's own unless asked for.
    expect(
      originRequest(viewer('/api/x', headers), behavior({ headers: list('allExcept', 'X-Not-Listed') }), {}, '')
        .headers,
    ).toEqual({ 'x-twilio-signature': 'sig', 'x-origin-verify': 'forged' });
  });

  it('passes only the cookies and query strings the origin request policy or the cache key lists', () => {
    // Prepare
    const request = viewer('/api/x?q=ann&page=2&utm_source=mail&q=bob', { cookie: 'a=1; b=2; __Host-session=s' });
    const sent = (forward: Parameters<typeof behavior>[0], key?: Parameters<typeof behavior>[1]) => {
      const { headers, url } = originRequest(request, behavior(forward, key), {}, '');
      return { cookie: headers.cookie, search: url.search };
    };
    // Act + Assess
    expect(sent({ cookies: list('all'), queryStrings: list('all') })).toEqual({
      cookie: 'a=1; b=2; __Host-session=s',
      search: '?q=ann&page=2&utm_source=mail&q=bob',
    });
    expect(sent({})).toEqual({ cookie: undefined, search: '' });
    expect(sent({ cookies: list('whitelist', '__Host-session'), queryStrings: list('whitelist', 'q') })).toEqual({
      cookie: '__Host-session=s',
      search: '?q=ann&q=bob',
    });
    expect(sent({ cookies: list('allExcept', 'a', 'b'), queryStrings: list('allExcept', 'utm_source') })).toEqual({
      cookie: '__Host-session=s',
      search: '?q=ann&page=2&q=bob',
    });
    // The cache key's lists reach the origin too.
    expect(
      sent(
        { cookies: list('whitelist', 'a') },
        { cookies: list('whitelist', 'b'), queryStrings: list('whitelist', 'page') },
      ),
    ).toEqual({
      cookie: 'a=1; b=2',
      search: '?page=2',
    });
  });
});

describe('the local server at the edge', () => {
  let api: TestApi | undefined;
  let dirs: string[] = [];
  afterEach(async () => {
    await api?.close();
    api = undefined;
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  /** A copy of the test deploy's template with `change` applied to its main template. */
  function modifiedCopy(change: (resources: Record<string, any>) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-edge-'));
    dirs.push(dir);
    cpSync(templateDir, dir, { recursive: true });
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.template.json') && !f.includes('.nested.'))) {
      const main = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (!distributionConfig(main)) continue;
      change(main.Resources);
      writeFileSync(join(dir, file), JSON.stringify(main));
    }
    return dir;
  }

  function webDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-edge-web-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    return dir;
  }

  it("routes by the template's behaviours in order, and the API gets only the cookies and query strings its policy lists", async () => {
    // Prepare: as deployed, the session cookie and the search's q reach the API.
    const search = '/api/public/agents?q=annabel';
    api = await startTestApi({ webDir: webDir() });
    const { client } = await signedInAgent(api);
    expect((await client.get('/api/clients')).status).toBe(200);
    expect((await api.client().get(search)).body.message).toBeUndefined();
    // A method the behaviour does not allow never reaches its origin: /r/* takes GET and HEAD, the site too.
    for (const path of ['/r/some-token', '/clients']) {
      const refused = await api.client().post(path, {});
      expect(refused.status).toBe(403);
      expect(refused.text).toMatch(/not configured to allow the HTTP request method/);
    }
    await api.close();

    // A copy whose policy drops both, with a behaviour before /api/* that sends /api/user to the site bucket.
    const changed = modifiedCopy((resources) => {
      const policy = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::OriginRequestPolicy');
      Object.assign(policy.Properties.OriginRequestPolicyConfig, {
        CookiesConfig: { CookieBehavior: 'allExcept', Cookies: [SESSION_COOKIE] },
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['page'] },
      });
      const config = distributionConfig({ Resources: resources })!;
      config.CacheBehaviors.unshift({ ...config.DefaultCacheBehavior, PathPattern: '/api/user' });
    });
    api = await startTestApi({ twin: { templateDir: changed }, webDir: webDir() });
    const agent = api.client();
    expect((await agent.post('/api/register', newAgent())).status).toBe(201);

    // Act
    const clients = await agent.get('/api/clients');
    const searched = await api.client().get(search);
    const user = await agent.get('/api/user');

    // Assess
    expect(clients.status).toBe(401);
    expect(searched.body.message).toBe(REGISTRATION_MESSAGES.searchTooShort);
    expect(user.status).toBe(200);
    expect(user.text).toContain('<title>app</title>');
  });
});
