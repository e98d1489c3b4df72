// docs/architecture.md's route map and web features' pages are what scripts/route-map.ts generates from the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '../functions/routes';
import {
  DOC,
  importsOf,
  readSection,
  renderSection,
  replaceSection,
  routeMap,
  SECTIONS,
  WRITE_COMMAND,
  type RouteMapRow,
} from './route-map';

const map = routeMap();
const rowOf = (key: string): RouteMapRow => {
  const found = map.rows.find(({ route }) => `${route.method} ${route.path}` === key);
  if (!found) throw new Error(`no row for ${key}`);
  return found;
};
/** The routes no screen calls, each with the reason: a provider, a link in a message or an app outside calls them. */
const API_ONLY: Record<string, string> = {
  'POST /api/stripe/webhook': "Stripe's signed webhook",
  'POST /api/twilio/inbound': 'Twilio posts the texts clients send to the shared number',
  'GET /api/unsubscribe/{token}': 'the List-Unsubscribe address opened as a link: it sends the reader to the page',
  'GET /api/google/callback': "Google's consent page sends the browser back to it",
  'POST /api/google/calendar/push/{channelId}': "Google's watch channel posts when the agent's calendar changes",
  'GET /r/{token}': 'the review link a client opens from their message',
  'GET /api/calendar/{file}': "calendar apps read the agent's feed",
  // Until the client page's card (issue 43's web part) calls it; that change takes this line out.
  'GET /api/home-valuation/{token}': 'the "free home valuation" link a client opens from their monthly home update',
};
const urlsOf = (row: RouteMapRow) => [...new Set(row.web.flatMap((use) => use.pages.map((page) => page.url)))];

describe('the route map in docs/architecture.md', () => {
  const doc = readFileSync(join(__dirname, '..', DOC), 'utf8');

  it.each(SECTIONS)('holds the %s section the code generates', (name) => {
    const committed = readSection(doc, name);
    const generated = renderSection(name, map);
    if (committed === generated) return;
    const lines = (committed ?? '').split('\n');
    const first = generated.split('\n').findIndex((line, i) => line !== lines[i]);
    throw new Error(
      `The ${name} section of ${DOC} is stale (or its markers are missing): run \`${WRITE_COMMAND}\`.\n` +
        `First difference, line ${first + 1} of the section:\n  doc:  ${lines[first] ?? '(none)'}\n  code: ${
          generated.split('\n')[first] ?? '(none)'
        }`,
    );
  });

  it('has one row per route of functions/routes.ts, in its order', () => {
    expect(map.rows.map(({ route }) => route.handler)).toEqual(routes.map((route) => route.handler));
  });

  it('follows POST /api/clients from its handler to the use cases, the client record and the clients page', () => {
    const row = rowOf('POST /api/clients');
    expect(row.server.useCases).toEqual(['acting-agent', 'clients']);
    expect(row.server.data).toEqual(expect.arrayContaining(['client-record', 'opt-out-marks', 'texted-phones']));
    expect(row.web.map((use) => use.feature)).toEqual(expect.arrayContaining(['clients', 'admin']));
    expect(urlsOf(row)).toEqual(expect.arrayContaining(['/clients', '/admin-clients']));
  });

  it('has every route called by the web app, or API-only for a reason', () => {
    const key = ({ route }: RouteMapRow) => `${route.method} ${route.path}`;
    const unexplained = map.rows.filter((row) => row.web.length === 0 && !(key(row) in API_ONLY)).map(key);
    expect(unexplained).toEqual([]);
    // And nothing is said to be API-only that the web app calls.
    expect(Object.keys(API_ONLY).filter((route) => rowOf(route).web.length > 0)).toEqual([]);
  });

  it('calls the webhooks API-only', () => {
    expect(rowOf('POST /api/stripe/webhook').web).toEqual([]);
    expect(rowOf('POST /api/twilio/inbound').web).toEqual([]);
  });

  it('names a data module in a folder by its path: the key builders of a family (functions/data/keys/jobs.ts)', () => {
    // services/bulk-actions.ts builds the bulk action's key itself.
    expect(rowOf('GET /api/clients/bulk/{id}').server.data).toEqual(expect.arrayContaining(['bulk-jobs', 'keys/jobs']));
  });

  it('finds a request whose URL a helper builds, on the page that loads the hook making it', () => {
    // outgoing-actions.ts: actionUrl(id, 'skip'), used by Today's cards.
    expect(rowOf('POST /api/outgoing/{id}/skip').web.map((use) => use.feature)).toEqual(['automations']);
    expect(urlsOf(rowOf('POST /api/outgoing/{id}/skip'))).toEqual(['/today']);
  });

  it('finds a request a lib/ file makes on the pages that load it, not in a mutation key (approve-all)', () => {
    // Today's and a broadcast's "Approve all" both go through lib/approve-all.ts; their mutation keys are labels.
    const row = rowOf('POST /api/outgoing/approve-all');
    expect(row.web.map((use) => use.caller)).toEqual(['web/src/lib/approve-all.ts']);
    expect(urlsOf(row)).toEqual(expect.arrayContaining(['/today', '/broadcasts/:id', '/clients']));
  });

  it('puts a read of the signed-in shell on every signed-in page', () => {
    const conversations = rowOf('GET /api/conversations');
    expect(conversations.web.flatMap((use) => use.pages).some((page) => page.shell)).toBe(true);
    expect(renderSection('route-map', map)).toMatch(
      /\| `GET \/api\/conversations` \|.*\| all signed-in pages \(inbox\) \|/,
    );
  });
});

describe('reading import lines', () => {
  it('keeps value imports, spread over lines or dynamic, and drops type-only ones', () => {
    const code = [
      "import type { Route } from '../routes';",
      "import { type A, type B } from './types';",
      'import {',
      '  first,',
      '  type C,',
      '  second as renamed,',
      "} from '../services/clients';",
      "import Default from './default';",
      "export { thing } from './things';",
      "const Page = lazy(() => import('./page'));",
    ].join('\n');
    expect(importsOf(code)).toEqual([
      { specifier: '../services/clients', names: new Set(['first', 'second']) },
      { specifier: './default', names: 'all' },
      { specifier: './things', names: new Set(['thing']) },
      { specifier: './page', names: 'all' },
    ]);
  });
});

describe('rewriting a section', () => {
  it('replaces only the text between its markers', () => {
    const doc = 'before\n<!-- route-map:start -->\nold\n<!-- route-map:end -->\nafter\n';
    const written = replaceSection(doc, 'route-map', 'new');
    expect(written).toBe('before\n<!-- route-map:start -->\nnew\n<!-- route-map:end -->\nafter\n');
    expect(readSection(written, 'route-map')).toBe('new');
  });

  it('refuses a doc without the markers', () => {
    expect(() => replaceSection('no markers', 'web-features', 'x')).toThrow('<!-- web-features:start -->');
  });
});
