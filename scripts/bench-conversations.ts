// `npm run bench` section "conversations": the two ways a client's reply comes in, and the inbox, each against the
// floor of its own DynamoDB calls recorded and replayed in the same run (bench-routes.ts). A text: Twilio's signed
// webhook (POST /api/twilio/inbound) over HTTP, one new reply per sample. An e-mail: one raw RFC 5322 file handled
// as the local inbound-email job handles each file of its folder (stored in the bucket as SES's receipt rule
// stores it, then the job's function under the twin); its floor adds that one object written and read back. The
// inbox: GET /api/conversations (the first page, and the unread ones) for an agent with 500 and with 50,000 clients,
// every one of them with a conversation: the same calls, ratios and bytes at both sizes is the point.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetConfig } from '../functions/config';
import { newClientItem } from '../functions/data/clients';
import { db, table } from '../functions/data/db';
import {
  conversationKey,
  conversationSortKey,
  conversationsPartition,
  unreadConversationsPartition,
  unreadCounterKey,
} from '../functions/data/keys/messages';
import { getUserById, setProStatus } from '../functions/data/users';
import { receiveInboundEmail } from '../functions/local/inbound-email-job';
import { delivered } from '../functions/local/twin/deliveries';
import { CONFIGURED_DEPLOY } from '../functions/local/twin/template-dir';
import { conversationPage } from '../functions/services/conversations';
import { clientInput } from '../functions/testing/factories';
import { signedInAgent, startTestApi, type ApiClient, type TestApi } from '../functions/testing/local-api';
import { zoneAtLocalHour } from '../functions/testing/sending';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchPut } from './bench-admin';
import { benchHttp, decoded, type BenchHttp, type RawAnswer } from './bench-http';
import { measureAgainstFloor, TARGETS } from './bench-routes';
import { ratio, change, pairsBySize } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };
type Measured = { calls: number; s3Calls: number; p50: number; p99: number; floorP50: number; p50Ratio: number };
type InboundRow = { what: string; floor: string; measured: Measured };
type InboxRow = { book: number; what: string; inProcess: Measured; http: Measured & { bytes: number } };

/** The two books compared (BENCH_CONVERSATION_SIZES=500,5000 to try others), and the samples of each measure. */
const SIZES = (process.env.BENCH_CONVERSATION_SIZES ?? '500,50000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_CONVERSATION_SAMPLES ?? 100);
/** One conversation in this many is unread (a client's reply the agent has not opened). */
const UNREAD_EVERY = 10;
const TWILIO = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'bench-twilio-auth-token',
  TWILIO_FROM: '+15125550000',
};
const FIXTURE_TOKEN = 'afixturetokenfixturetokenfixturetokenfqa';
const FIXTURE_FROM = 'maria.lopez.atx@gmail.example';

async function measure(fn: () => Promise<unknown>): Promise<Measured> {
  const figures = await measureAgainstFloor(SAMPLES, fn);
  return { ...figures, p50Ratio: ratio(figures.p50, figures.floorP50) };
}

/** Twilio's documented signature: URL + each parameter's name and value sorted by name, HMAC-SHA1, base64. */
function twilioSignature(url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', TWILIO.TWILIO_AUTH_TOKEN).update(data).digest('base64');
}

/** An agent whose client at `phone` (consent attested) got a text and an e-mail: the number and the reply address. */
async function agentWhoWrote(api: TestApi, phone: string) {
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  const created = await agent.client.post(
    '/api/clients',
    clientInput({ name: 'Maria Lopez', email: FIXTURE_FROM, phone, timeZone: zoneAtLocalHour(12) }),
  );
  if (created.status !== 201) throw new Error(`client create answered ${created.status}: ${created.text}`);
  const clientId = created.body.id as string;
  await expectStatus(agent.client.patch(`/api/clients/${clientId}`, { smsConsent: 'granted' }), 200, 'consent');
  const send = (body: Record<string, unknown>) => agent.client.post(`/api/clients/${clientId}/messages`, body);
  await expectStatus(send({ channel: 'sms', body: 'Would Thursday work?' }), 201, 'the text');
  await expectStatus(send({ channel: 'email', subject: 'Would Thursday work?', body: 'Hi Maria' }), 201, 'the e-mail');
  const mail = (await api.outbox()).find((m) => m.to === FIXTURE_FROM && m.subject === 'Would Thursday work?');
  const token = /<r-([a-z2-7]+)@reply\.localhost>$/.exec(mail?.headers?.['Reply-To'] ?? '')?.[1];
  if (!token) throw new Error('the e-mail to the client has no reply address');
  return { ...agent, clientId, token };
}

async function expectStatus(answer: Promise<{ status: number; text: string }>, status: number, what: string) {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 200)}`);
}

async function inboundText(api: TestApi, wire: BenchHttp): Promise<InboundRow> {
  const phone = '+15125557001';
  await agentWhoWrote(api, phone);
  let sid = 0;
  const url = `${api.url}/api/twilio/inbound`;
  const measured = await measure(async () => {
    const params = {
      AccountSid: TWILIO.TWILIO_ACCOUNT_SID,
      MessageSid: `SMbench${(sid += 1)}`,
      From: phone,
      To: TWILIO.TWILIO_FROM,
      Body: `Thursday works, see you at 5 (${sid})`,
      NumMedia: '0',
    };
    const res = await wire.send(
      'POST',
      '/api/twilio/inbound',
      {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(url, params),
      },
      new URLSearchParams(params).toString(),
    );
    if (res.status !== 200) throw new Error(`the inbound text answered ${res.status}: ${decoded(res).slice(0, 200)}`);
  });
  return {
    what: 'a reply by text: POST /api/twilio/inbound, signed, over HTTP',
    floor: `${measured.calls} DynamoDB calls`,
    measured,
  };
}

async function inboundEmail(api: TestApi): Promise<InboundRow> {
  const { token } = await agentWhoWrote(api, '+15125557002');
  const fixture = readFileSync(
    join(__dirname, '..', 'functions', 'testing', 'fixtures', 'inbound-email', 'gmail-quoted.eml'),
    'latin1',
  ).replaceAll(FIXTURE_TOKEN, token);
  const file = (i: number) =>
    Buffer.from(fixture.replace(/^Message-ID: <[^@]+@/m, `Message-ID: <bench-${i}-${Date.now()}@`), 'latin1');
  let i = 0;
  const measured = await measure(async () => {
    const outcomes = delivered(await receiveInboundEmail(file((i += 1))));
    if (outcomes[0] !== 'recorded') throw new Error(`the inbound e-mail job answered ${outcomes.join(', ')}`);
  });
  return {
    what: 'a reply by e-mail: one raw message file through the local inbound-email job',
    // The S3 calls: SES's receipt rule storing the raw mail, then the job reading it, keeping a copy and deleting it.
    floor: `${measured.calls} DynamoDB calls + ${measured.s3Calls} S3 calls`,
    measured,
  };
}

/** `size` clients, each with a conversation (a distinct last time; one in ten unread), and the unread counter. */
async function seedConversations(agentId: string, size: number): Promise<{ ms: number; items: number }> {
  const start = performance.now();
  const now = new Date();
  const base = now.getTime() - size * 60_000;
  let written = 0;
  let unread = 0;
  for (let from = 0; from < size; from += 2500) {
    const items: Array<Record<string, unknown>> = [];
    for (let i = from; i < Math.min(size, from + 2500); i += 1) {
      const id = `talk-${size}-${i}`;
      const client = newClientItem(
        agentId,
        id,
        clientInput({ name: `Client ${i}`, email: `client-${i}@talk${size}.test` }) as never,
        now,
      );
      items.push(Object.fromEntries(Object.entries(client).filter(([, v]) => v !== null && v !== undefined)));
      const at = new Date(base + i * 60_000).toISOString();
      const inbound = i % UNREAD_EVERY === 0;
      const sortKey = conversationSortKey(at, id);
      items.push({
        ...conversationKey(id),
        type: 'conversation',
        agentId,
        clientId: id,
        lastMessage: {
          direction: inbound ? 'inbound' : 'outbound',
          channel: i % 2 ? 'email' : 'sms',
          excerpt: inbound ? 'Thursday works for me, 5pm at the Elm Street house.' : 'Would Thursday work?',
          at,
        },
        lastAt: at,
        gsi1pk: conversationsPartition(agentId),
        gsi1sk: sortKey,
        gsi2sk: sortKey,
        ...(inbound ? { unread: true, gsi2pk: unreadConversationsPartition(agentId) } : {}),
      });
      if (inbound) unread += 1;
    }
    await batchPut(items);
    written += items.length;
  }
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...unreadCounterKey(agentId), type: 'unread-conversations', unread },
    }),
  );
  return { ms: Math.round(performance.now() - start), items: written + 1 };
}

async function inbox(api: TestApi, wire: BenchHttp, size: number, seeds: Record<number, unknown>): Promise<InboxRow[]> {
  const { client, user } = await signedInAgent(api);
  seeds[size] = await seedConversations(user.id, size);
  const agent = (await getUserById(user.id, true))!;
  const headers = { cookie: cookieOf(client), origin: api.url, 'accept-encoding': 'br, gzip' };
  const cases = [
    { what: 'GET /api/conversations (the first page, 20)', path: '/api/conversations', unreadOnly: false },
    { what: 'GET /api/conversations?filter=unread', path: '/api/conversations?filter=unread', unreadOnly: true },
  ];
  const rows: InboxRow[] = [];
  for (const c of cases) {
    const inProcess = await measure(() => conversationPage(agent, { unreadOnly: c.unreadOnly, limit: 20 }));
    let last: RawAnswer | undefined;
    const http = await measure(async () => {
      last = await wire.send('GET', c.path, headers);
      if (last.status !== 200) throw new Error(`${c.path} at ${size} answered ${last.status}`);
    });
    const text = decoded(last!);
    const body = JSON.parse(text) as { conversations: Array<{ unread: boolean }>; unreadTotal: number };
    const expected = Math.min(20, c.unreadOnly ? Math.ceil(size / UNREAD_EVERY) : size);
    if (body.conversations.length !== expected || (c.unreadOnly && body.conversations.some((x) => !x.unread)))
      throw new Error(`${c.path} at ${size} answered an unexpected page: ${text.slice(0, 200)}`);
    if (body.unreadTotal !== Math.ceil(size / UNREAD_EVERY))
      throw new Error(`${c.path} at ${size} counted ${body.unreadTotal} unread`);
    rows.push({ book: size, what: c.what, inProcess, http: { ...http, bytes: Buffer.byteLength(text) } });
  }
  return rows;
}

const cookieOf = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

export async function benchConversations(): Promise<Figures> {
  // The stack a deploy with -c smsProvider=twilio makes: the webhook checks signatures with TWILIO_AUTH_TOKEN.
  const api = await startTestApi({ twin: { context: CONFIGURED_DEPLOY } });
  Object.assign(process.env, TWILIO);
  resetConfig();
  const wire = benchHttp(api.url);
  const seeds: Record<number, { ms: number; items: number }> = {};
  let inbound: InboundRow[];
  const rows: InboxRow[] = [];
  try {
    inbound = [await inboundText(api, wire), await inboundEmail(api)];
    for (const size of SIZES) rows.push(...(await inbox(api, wire, size, seeds)));
  } finally {
    wire.close();
    await api.close();
    for (const name of Object.keys(TWILIO)) delete process.env[name];
    resetConfig();
  }
  const mark = (value: number, target: number) => (value <= target ? `${value}` : `**${value}**`);
  const [small, big] = SIZES;
  const pairs = pairsBySize(rows, small, big);
  const lines = [
    '## Conversations: replies coming in, and the inbox',
    '',
    `Floor: the DynamoDB calls each made, recorded and replayed in the same run (as in the routes above). ${SAMPLES} samples each, under the stack's twin (the webhook's and the job's own functions and roles). A reply by text is Twilio's signed webhook over a keep-alive connection, a new message (its own MessageSid) each sample, to the one client who was texted; a reply by e-mail is a raw Gmail reply (quoted history and all) handled as the local job handles each file of its inbound folder: stored in the bucket as SES's receipt rule stores it, then the job's function (the folder's one-second polling is left out). Each reply joins the activity, moves Last Contact, pauses the automatic sends, moves the conversation and claims the reply notice (sent for the first, listed in the next for the rest). Targets as for the routes: in-process p50 ≤ ${TARGETS.inProcessP50}× the floor, over HTTP ≤ ${TARGETS.httpP50}×; misses in bold.`,
    '',
    '| reply | floor | calls | p50 ms | p99 ms | floor p50 ms | × floor |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...inbound.map(
      (r, i) =>
        `| ${r.what} | ${r.floor} | ${r.measured.calls} | ${r.measured.p50} | ${r.measured.p99} | ${r.measured.floorP50} | ${mark(r.measured.p50Ratio, i === 0 ? TARGETS.httpP50 : TARGETS.inProcessP50)} |`,
    ),
    '',
    `The inbox of an agent with ${SIZES.map((s) => `${s.toLocaleString('en-US')} clients (${seeds[s]!.items.toLocaleString('en-US')} items seeded in ${(seeds[s]!.ms / 1000).toFixed(1)} s)`).join(' and ')}, every client with a conversation and one in ${UNREAD_EVERY} unread. In-process is the use case; HTTP is the route as the browser asks for it (its session cookie, Brotli or gzip accepted):`,
    '',
    '| clients | read | calls | in-process p50 ms | floor ms | × floor | HTTP p50 ms | floor ms | × floor | JSON bytes |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.book.toLocaleString('en-US')} | ${r.what} | ${r.http.calls} | ${r.inProcess.p50} | ${r.inProcess.floorP50} | ${mark(r.inProcess.p50Ratio, TARGETS.inProcessP50)} | ${r.http.p50} | ${r.http.floorP50} | ${mark(r.http.p50Ratio, TARGETS.httpP50)} | ${r.http.bytes.toLocaleString('en-US')} |`,
    ),
    '',
    ...(pairs.length
      ? [
          `From ${small!.toLocaleString('en-US')} to ${big!.toLocaleString('en-US')} clients (the cost should not follow the book):`,
          '',
          '| read | calls | in-process p50 | HTTP p50 | bytes |',
          '|---|---|---:|---:|---:|',
          ...pairs.map(
            (p) =>
              `| ${p.what} | ${p.small.http.calls} → ${p.big.http.calls} | ${change(p.small.inProcess.p50, p.big.inProcess.p50)} | ${change(p.small.http.p50, p.big.http.p50)} | ${change(p.small.http.bytes, p.big.http.bytes)} |`,
          ),
          '',
        ]
      : []),
    "Each page is one Query of the conversation index by the agent (or its unread index), one BatchGet of the page's clients for their names and one read of the unread counter, whatever the size of the book.",
    '',
  ];
  return { lines, report: { sizes: SIZES, samples: SAMPLES, targets: TARGETS, seeds, inbound, inbox: rows } };
}
