// The per-route figures of `npm run bench`: each route of the load mix timed in-process (the
// handler called with an API Gateway event, as Lambda calls it) and through the local HTTP server,
// against its floor: the very DynamoDB and S3 calls that request made, recorded as it ran and replayed
// straight through the same clients on the same emulators (calls the handler made concurrently
// are replayed concurrently). Handler, HTTP and floor samples are interleaved, so the machine's load
// weighs on all three alike.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createClient } from '../functions/client-record/record';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionalCheckFailed } from '../functions/data/db';
import { s3 } from '../functions/integrations/storage';
import { getUserByUsername, setProStatus } from '../functions/data/users';
import { hashPassword, verifyPassword } from '../functions/domain/passwords';
import { config, DEFAULT_PASSWORD_HASH_COST } from '../functions/config';
import { lambdaContext } from '../functions/local/http-event';
import { routes } from '../functions/routes';
import { clientInput } from '../functions/testing/factories';
import { benchHttp, decoded } from './bench-http';
import { percentile, ratio } from './bench-stats';
import { writeToOutbox } from '../functions/integrations/outbox';
import { putMessage } from '../functions/data/messages';
import { putSupportTicket } from '../functions/data/support-tickets';
import { putPushSubscription } from '../functions/data/push-subscriptions';
import { randomId } from '../functions/domain/signed-tokens';
import { AUTOMATION_OCCASIONS } from '@shared/automations';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAsFunction } from '../functions/lib/function-environment';
import { receiveInboundEmail } from '../functions/local/inbound-email-job';
import { delivered } from '../functions/local/twin/deliveries';
import { signedInAgent, startTestApi, tokenOf } from '../functions/testing/local-api';

type Figures = { lines: string[]; report: Record<string, unknown> };
type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
type Sent = {
  command: { constructor: new (input: unknown) => unknown; input: unknown };
  group: number;
  service: 'dynamodb' | 's3';
  /** Its condition refused it when the request sent it (nothing was written). */
  refused?: boolean;
};
type Sending = { send: (command: unknown, ...rest: unknown[]) => Promise<unknown> };

const PASSWORD = 'correct horse battery';
const BENCH_ADMIN = 'bench-admin@example.com';
export const TARGETS = { inProcessP50: 1.2, httpP50: 1.5, p99: 2.5 };

/**
 * Records the DynamoDB and S3 calls made while `fn` runs. A call sent while another is still in flight joins that
 * one's group; the floor replays each group with Promise.all, as the handler ran it.
 */
export async function recording<T>(fn: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const clients = { dynamodb: db() as unknown as Sending, s3: s3() as unknown as Sending };
  const originals = { dynamodb: clients.dynamodb.send.bind(clients.dynamodb), s3: clients.s3.send.bind(clients.s3) };
  const sent: Sent[] = [];
  let inFlight = 0;
  let group = -1;
  for (const service of ['dynamodb', 's3'] as const)
    clients[service].send = async (command: unknown, ...rest: unknown[]) => {
      if (inFlight === 0) group += 1;
      const call: Sent = { command: command as Sent['command'], group, service };
      sent.push(call);
      inFlight += 1;
      try {
        return await originals[service](command, ...rest);
      } catch (error) {
        if (isConditionalCheckFailed(error)) call.refused = true;
        throw error;
      } finally {
        inFlight -= 1;
      }
    };
  try {
    return { result: await fn(), sent };
  } finally {
    clients.dynamodb.send = originals.dynamodb;
    clients.s3.send = originals.s3;
  }
}

/**
 * Runs `fn` n times (after 3 warm-ups), each time recording its DynamoDB calls and replaying them
 * at once: its p50/p99 and the p50 of the replays (the floor), with the number of calls.
 */
export async function measureAgainstFloor(
  n: number,
  fn: () => Promise<unknown>,
): Promise<{ p50: number; p99: number; floorP50: number; calls: number; s3Calls: number }> {
  const took: number[] = [];
  const floor: number[] = [];
  let calls = 0;
  let s3Calls = 0;
  for (let i = -3; i < n; i += 1) {
    let t = performance.now();
    const { sent } = await recording(fn);
    const ms = performance.now() - t;
    t = performance.now();
    await replay(sent);
    if (i >= 0) {
      took.push(ms);
      floor.push(performance.now() - t);
      calls = sent.filter((call) => call.service === 'dynamodb').length;
      s3Calls = sent.length - calls;
    }
  }
  return { p50: percentile(took, 50), p99: percentile(took, 99), floorP50: percentile(floor, 50), calls, s3Calls };
}

/**
 * Replays recorded calls: same commands, same inputs, same grouping. A refused condition is still a full round trip.
 * A conditional Put the request applied is applied again: the request's own write has made its condition false (a
 * revision it moved, an item it created), so replayed as sent it would be refused and write nothing, a cheaper call
 * than the one the request made. Its condition is still evaluated, then made to hold, and the same whole item is
 * written again (which changes nothing stored). Other writes go as sent.
 */
export async function replay(sent: Sent[]): Promise<void> {
  const groups = new Map<number, Sent[]>();
  for (const s of sent) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  for (const calls of groups.values()) {
    await Promise.all(
      calls.map((call) =>
        (call.service === 's3' ? (s3() as unknown as Sending) : (db() as unknown as Sending))
          .send(replayed(call) as never)
          .catch((error: unknown) => {
            if (!isConditionalCheckFailed(error)) throw error;
          }),
      ),
    );
  }
}

/** A new command for a recorded call (see replay). */
function replayed({ command, refused }: Sent): unknown {
  const input = structuredClone(command.input) as { ConditionExpression?: string };
  if (command instanceof PutCommand && input.ConditionExpression && !refused)
    input.ConditionExpression = `(${input.ConditionExpression}) OR attribute_exists(pk) OR attribute_not_exists(pk)`;
  return new command.constructor(input);
}

const clientPath = (id: string, what: string) => ({ path: `/api/clients/${id}/${what}`, params: { id } });

type Case = {
  route: string;
  /** How the report names the case when one route has several (a query string, say). */
  label?: string;
  /** Who calls: the bench agent, or the administrator (the admin routes). */
  as?: 'agent' | 'admin';
  samples?: number;
  /** The answer the route gives when it works, when that is not a 2xx (a redirect). */
  status?: number;
  /** What the floor adds on top of the replayed calls, when the route does deliberate work of its own. */
  extraFloor?: { label: string; run: () => Promise<unknown> };
  request: (i: number) => { path: string; body?: unknown; params?: Record<string, string> };
};

const ROUTE_EXPLANATION = (routes: string[]) =>
  [
    `Why ${routes.join(' and ')} ${routes.length === 1 ? 'misses' : 'miss'} a target in this run:`,
    '- The floors here are one to a few milliseconds. A request also pays a fixed cost of its own, whatever it does: the middy stack, the session cookie check, the logger and the security headers, then parsing and JSON (about 0.3 ms in process); the local HTTP server adds about 0.4 ms more (the request, event conversion, response). Against a 1.2 ms GetItem, that fixed cost alone is 1.3–1.5×.',
    '- A p99 of millisecond requests is decided by a handful of samples. A garbage collection, or another process taking one of the two cores, lands in one column or the other. From one run to the next, the same route can land on either side of the 1.5× and 2.5× lines.',
    "- What would bring the fixed cost down: setting the security headers without their middleware, and reading the session with one call instead of the middy layer around it. A profile of GET /api/user shows no single hot spot left: the time is spread across the SDK, the emulator and Node's HTTP. (Time-zone checks were the one hot spot, and they are now cached.)",
  ].join('\n');

/** The routes of functions/routes.ts this table leaves out, and where they are measured if they are. */
const ROUTES_ELSEWHERE = [
  'Measured in their own sections: the administrator\'s analytics, agents, clients and exports and the public directory (GET /api/admin/analytics, GET /api/agents, GET /api/admin/clients, POST /api/admin/clients/export, POST /api/admin/export, GET /api/public/agents: "Administration"); GET /api/reminders and the calendar feed GET /api/calendar/{file} ("A book of 500 and of 50,000 clients"); POST /api/imports, POST /api/imports/{id}/start and GET /api/imports/{id} (the import); POST /api/twilio/inbound ("Conversations"); POST /api/clients/bulk and GET /api/clients/bulk/{id} ("A bulk tag of 10,000 clients").',
  'Not measured yet: the routes that act once per account or token, or call a provider the bench has no fake of: POST /api/logout, DELETE /api/user, POST /api/verify-email and its resend, the password reset (request and confirm), the Stripe webhook, checkout and portal, POST /api/test-twilio, sending, resending and deleting an invitation, the client registration and its confirmation, accepting a registration, POST /api/clients/{id}/check-review, GET /api/clients/export, POST /api/clients/import and the video testimonial upload and completion; and, new this stop and not measured yet, the writes of segments, bulk undo, broadcasts and approve-all, merges and their undo, snooze, and push subscriptions (but their list) and the test push; the Google routes that call Google (the contacts import, sync and conflict resolution, the calendar sync: the bench has no connected agent) and the two that refuse without a connection (the conflicts list, the group switch).',
].join(' ');

/** Samples per route: enough for a steady p99; a login costs 0.4 s of scrypt, so it gets fewer. */
const SAMPLES = { route: 400, login: 60 };

export async function benchRoutes({
  samples = SAMPLES.route,
  loginSamples = SAMPLES.login,
  twin = true,
}: { samples?: number; loginSamples?: number; twin?: boolean } = {}): Promise<Figures> {
  // Every sample of the send route is a real send: lift the daily cap, which is not what is measured.
  process.env.DAILY_EMAIL_LIMIT = String(10 * samples);
  // Every sample of POST /api/support is a new request from the one bench agent: lift the hourly limit too.
  process.env.SUPPORT_REQUESTS_PER_HOUR = String(10 * samples);
  // Every sample of POST /api/register is a new agent from the same address: lift the hourly limit too.
  process.env.REGISTRATIONS_PER_IP_PER_HOUR = String(10 * loginSamples);
  process.env.REGISTRATIONS_PER_HOUR = String(10 * loginSamples);
  // The hash cost a deploy has (the operator's, else the default N = 2^17), not the test deploy's cheap one: the
  // register and login floors hash at this cost too.
  process.env.PASSWORD_HASH_COST ??= String(DEFAULT_PASSWORD_HASH_COST);
  const api = await startTestApi({ adminEmails: BENCH_ADMIN, ...(twin ? {} : { twin: false }) });
  const http = benchHttp(api.url);
  try {
    const { client, user, details } = await signedInAgent(api, { password: PASSWORD });
    await setProStatus(user.id, true);
    const clientIds: string[] = [];
    for (let j = 0; j < 20; j += 1) clientIds.push((await createClient(user.id, clientInput() as never)).client.id);

    // The login floor includes one password verification against the stored hash: the deliberate
    // cost of scrypt (OWASP's N = 2^17), which no DynamoDB call replaces.
    const passwordHash = (await getUserByUsername(details.username))?.passwordHash;
    if (!passwordHash) throw new Error('the bench agent has no password hash');
    const verifyOnce = async () => {
      if (!(await verifyPassword(PASSWORD, passwordHash))) throw new Error('the bench password does not verify');
    };

    // The queue routes act on one waiting message each: pools of drafts awaiting approval, one per sample
    // (warm-ups and HTTP included), as the automations leave them. GET /api/outgoing lists the rest.
    const rules = AUTOMATION_OCCASIONS.map((occasion) => ({
      occasion,
      enabled: true,
      channel: 'email' as const,
      mode: 'approve' as const,
      sendTime: '09:00',
    }));
    const perRoute = 2 * (samples + 5);
    const waiting = async (n: number) => {
      const ids: string[] = [];
      for (let j = 0; j < n; j += 1) {
        const clientId = clientIds[j % clientIds.length]!;
        const id = randomId();
        await putMessage({
          id,
          agentId: user.id,
          clientId,
          channel: 'email',
          occasion: 'birthday',
          subject: 'Happy birthday!',
          body: 'Hi, happy birthday!',
          to: `bench-${j}@example.com`,
          status: 'awaiting-approval',
          automatic: true,
          slotDay: '2026-01-01',
          createdAt: new Date().toISOString(),
        });
        ids.push(id);
      }
      return ids;
    };
    const toSkip = await waiting(perRoute);
    const toApprove = await waiting(perRoute);
    const next = (pool: string[], action: string) => {
      const id = pool.shift();
      if (!id) throw new Error(`the bench ran out of waiting messages to ${action}`);
      return { path: `/api/outgoing/${id}/${action}`, params: { id }, body: {} };
    };

    // The support routes: an administrator, and one open request per reply sample (each reply e-mails the agent).
    const admin = (await signedInAgent(api, { username: BENCH_ADMIN })).client;
    const toAnswer: string[] = [];
    for (let j = 0; j < perRoute; j += 1) {
      const ticket = await putSupportTicket({
        id: randomId(),
        agentId: user.id,
        agentName: details.fullName,
        agentEmail: user.username,
        priority: j % 2 ? 'pro' : 'standard',
        subject: `Bench question ${j}`,
        message: 'How do I import my clients?',
        createdAt: new Date().toISOString(),
      });
      toAnswer.push(ticket.id);
    }

    // The routes of one client's conversation: a client who got an e-mail and answered it (a raw reply through the
    // inbound-email job), so there is a thread, an unread conversation and an original to open.
    const talker = clientIds[0]!;
    const sentMail = await client.post(`/api/clients/${talker}/messages`, {
      channel: 'email',
      subject: 'Would Thursday work?',
      body: 'Hi, would Thursday work?',
    });
    if (sentMail.status !== 201) throw new Error(`the bench e-mail answered ${sentMail.status}: ${sentMail.text}`);
    const talkerMail = (await api.outbox()).filter((m) => m.subject === 'Would Thursday work?').at(-1)!;
    // The unsubscribe routes act on a client of their own (an unsubscribed client gets no more e-mails).
    const leaver = (await createClient(user.id, clientInput({ name: 'Unsubscribing Client' }) as never)).client.id;
    const leaverMail = await client.post(`/api/clients/${leaver}/messages`, {
      channel: 'email',
      subject: 'Open house on Sunday',
      body: 'Hi, an open house on Sunday.',
    });
    if (leaverMail.status !== 201)
      throw new Error(`the bench e-mail answered ${leaverMail.status}: ${leaverMail.text}`);
    const unsubscribeHeader = (await api.outbox()).find((m) => m.subject === 'Open house on Sunday')?.headers;
    const replyToken = /<r-([a-z2-7]+)@/.exec(talkerMail.headers?.['Reply-To'] ?? '')?.[1];
    const unsubscribeToken = /\/api\/unsubscribe\/([^>]+)>/.exec(unsubscribeHeader?.['List-Unsubscribe'] ?? '')?.[1];
    if (!replyToken || !unsubscribeToken) throw new Error('the bench e-mail has no reply address or unsubscribe link');
    const [received] = delivered(
      await receiveInboundEmail(
        Buffer.from(
          `From: Client <${talkerMail.to}>\r\nTo: <r-${replyToken}@reply.localhost>\r\nSubject: Re: Would Thursday work?\r\n` +
            `Message-ID: <bench-reply@example.com>\r\nDate: ${new Date().toUTCString()}\r\nContent-Type: text/plain\r\n\r\nThursday works!\r\n`,
        ),
      ),
    );
    if (received !== 'recorded') throw new Error(`the bench reply was ${received}`);
    const thread = await client.get(`/api/clients/${talker}/messages`);
    const replyId = (thread.body.activity as Array<{ id: string; direction?: string }>).find(
      (a) => a.direction === 'inbound',
    )?.id;
    if (!replyId) throw new Error('the bench reply is not in the thread');
    // One invitation, whose link the public preview reads.
    const invited = await client.post('/api/client-invitations', {
      name: 'Invited Client',
      email: 'invited@example.com',
    });
    if (invited.status !== 201) throw new Error(`the bench invitation answered ${invited.status}: ${invited.text}`);
    const invitationLink = (await api.outbox()).find((m) => m.to === 'invited@example.com')?.text ?? '';
    const invitationToken = tokenOf(/https?:\/\/\S+client-registration#\S+/.exec(invitationLink)?.[0] ?? '');
    // Clients to ask for a review, one per sample (each is asked at most once a week); the agent has a Place ID.
    const placed = await client.patch('/api/user/business', {
      businessName: 'Bench Homes',
      businessLocation: 'Austin, TX',
      googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
    });
    if (placed.status !== 200) throw new Error(`the bench business answered ${placed.status}: ${placed.text}`);
    const toAsk: string[] = [];
    for (let j = 0; j < perRoute; j += 1)
      toAsk.push((await createClient(user.id, clientInput({ name: `Reviewer ${j}`, phone: null }) as never)).client.id);
    // Clients to delete, one per sample.
    const toDelete: string[] = [];
    for (let j = 0; j < perRoute; j += 1)
      toDelete.push((await createClient(user.id, clientInput({ name: `Leaving ${j}` }) as never)).client.id);

    // Three devices for Settings' list (GET /api/push/subscriptions): a phone, a laptop and a tablet, as an agent has.
    for (const [n, deviceLabel] of ['Chrome on Android', 'Firefox on Windows', 'Safari on iPad'].entries())
      await putPushSubscription(
        user.id,
        {
          endpoint: `https://fcm.googleapis.com/fcm/send/bench-device-${n}`,
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
          sessionId: 'bench-session',
          deviceLabel,
        },
        new Date(),
      );

    const floorOutbox = mkdtempSync(join(tmpdir(), 'bench-floor-outbox-'));
    const oneOutboxFile = (subject: string) => ({
      label: 'one outbox file',
      run: () =>
        writeToOutbox(floorOutbox, {
          channel: 'email',
          to: 'floor@example.com',
          subject,
          text: 'Hi, we received your request.',
          html: '<p>Hi, we received your request.</p>',
        }),
    });
    const cases: Case[] = [
      { route: 'GET /api/user', request: () => ({ path: '/api/user' }) },
      { route: 'GET /api/integrations', request: () => ({ path: '/api/integrations' }) },
      {
        // Google's push, public: one GetItem of the channel; an unknown one is refused (what a forged push costs).
        route: 'POST /api/google/calendar/push/{channelId}',
        label: 'POST /api/google/calendar/push/{channelId} (an unknown channel, refused)',
        status: 403,
        request: () => {
          const channelId = '00000000-0000-4000-8000-000000000000';
          return { path: `/api/google/calendar/push/${channelId}`, params: { channelId } };
        },
      },
      { route: 'GET /api/clients', request: () => ({ path: '/api/clients' }) },
      {
        route: 'GET /api/clients',
        label: 'GET /api/clients?limit=50 (a page)',
        request: () => ({ path: '/api/clients?limit=50' }),
      },
      {
        route: 'GET /api/clients',
        label: 'GET /api/clients?q=bench (a search)',
        request: () => ({ path: '/api/clients?q=bench&limit=50' }),
      },
      { route: 'GET /api/dashboard', request: () => ({ path: '/api/dashboard' }) },
      { route: 'GET /api/insights', request: () => ({ path: '/api/insights?months=12' }) },
      { route: 'GET /api/client-invitations', request: () => ({ path: '/api/client-invitations' }) },
      {
        route: 'POST /api/clients',
        request: (i) => ({
          path: '/api/clients',
          body: clientInput({ name: `Bench ${i}`, email: `bench-${i}-${Date.now()}@example.com` }),
        }),
      },
      {
        route: 'PATCH /api/clients/{id}',
        request: (i) => {
          const id = clientIds[Math.abs(i) % clientIds.length]!;
          return {
            path: `/api/clients/${id}`,
            params: { id },
            body: { phone: `(512) 555-${String(1000 + (Math.abs(i) % 9000))}` },
          };
        },
      },
      {
        route: 'POST /api/clients/{id}/touches',
        request: (i) => {
          const id = clientIds[Math.abs(i) % clientIds.length]!;
          const day = String(1 + (Math.abs(i) % 28)).padStart(2, '0');
          return { path: `/api/clients/${id}/touches`, params: { id }, body: { kind: 'call', date: `2026-02-${day}` } };
        },
      },
      {
        route: 'POST /api/clients/{id}/review-status',
        request: (i) => {
          const id = clientIds[Math.abs(i) % clientIds.length]!;
          const status = (['requested', 'submitted', 'pending'] as const)[Math.abs(i) % 3];
          return { path: `/api/clients/${id}/review-status`, params: { id }, body: { status } };
        },
      },
      {
        // The local runtime writes drafts without a model (AI_PROVIDER=local), so the model's own time is left out by
        // construction.
        route: 'POST /api/clients/{id}/drafts',
        request: (i) => {
          const id = clientIds[Math.abs(i) % clientIds.length]!;
          return { path: `/api/clients/${id}/drafts`, params: { id }, body: { occasion: 'check-in', channel: 'sms' } };
        },
      },
      {
        // The local runtime's mail provider is the outbox: one JSON file per message, which the floor writes too.
        route: 'POST /api/clients/{id}/messages',
        extraFloor: {
          label: 'one outbox file',
          run: () =>
            writeToOutbox(floorOutbox, {
              channel: 'email',
              to: 'floor@example.com',
              subject: 'Checking in',
              text: 'Hi, just checking in.',
              html: '<p>Hi, just checking in.</p>',
            }),
        },
        request: (i) => {
          const id = clientIds[Math.abs(i) % clientIds.length]!;
          return {
            path: `/api/clients/${id}/messages`,
            params: { id },
            body: { channel: 'email', subject: 'Checking in', body: `Hi, just checking in (${i}).` },
          };
        },
      },
      { route: 'GET /api/user/automations', request: () => ({ path: '/api/user/automations' }) },
      { route: 'PUT /api/user/automations', request: () => ({ path: '/api/user/automations', body: { rules } }) },
      { route: 'GET /api/outgoing', request: () => ({ path: '/api/outgoing' }) },
      { route: 'POST /api/outgoing/{id}/skip', request: () => next(toSkip, 'skip') },
      {
        // Approving sends the draft: the local mail provider writes one outbox file, which the floor writes too.
        route: 'POST /api/outgoing/{id}/approve',
        extraFloor: {
          label: 'one outbox file',
          run: () =>
            writeToOutbox(floorOutbox, {
              channel: 'email',
              to: 'floor@example.com',
              subject: 'Happy birthday!',
              text: 'Hi, happy birthday!',
              html: '<p>Hi, happy birthday!</p>',
            }),
        },
        request: () => next(toApprove, 'approve'),
      },
      {
        // Writes the request and mails the confirmation (one outbox file, which the floor writes too).
        route: 'POST /api/support',
        extraFloor: oneOutboxFile('We received your request'),
        request: (i) => ({
          path: '/api/support',
          body: { subject: `Bench question ${i}`, message: 'How do I import my clients from a spreadsheet?' },
        }),
      },
      { route: 'GET /api/support', request: () => ({ path: '/api/support' }) },
      // The open requests waiting: the pool below and those POST /api/support wrote, a page of 100.
      { route: 'GET /api/admin/support', as: 'admin', request: () => ({ path: '/api/admin/support' }) },
      {
        route: 'POST /api/admin/support/{id}',
        as: 'admin',
        extraFloor: oneOutboxFile('Hearthside support replied to your request'),
        request: () => {
          const id = toAnswer.shift();
          if (!id) throw new Error('the bench ran out of support requests to answer');
          return {
            path: `/api/admin/support/${id}`,
            params: { id },
            body: { reply: 'Use Import CSV on the Clients page.' },
          };
        },
      },
      // The client's side of the conversation, and the agent's reads of one client.
      { route: 'GET /api/clients/{id}/messages', request: () => clientPath(talker, 'messages') },
      {
        // A short-lived link to the raw original in the uploads bucket: presigning is local work, no call to S3.
        route: 'GET /api/clients/{id}/messages/{messageId}/original',
        request: () => ({
          path: `/api/clients/${talker}/messages/${replyId}/original`,
          params: { id: talker, messageId: replyId },
        }),
      },
      { route: 'GET /api/conversations', request: () => ({ path: '/api/conversations' }) },
      {
        route: 'POST /api/conversations/{clientId}/read',
        request: () => ({ path: `/api/conversations/${talker}/read`, params: { clientId: talker }, body: {} }),
      },
      { route: 'GET /api/clients/{id}', request: () => ({ path: `/api/clients/${talker}`, params: { id: talker } }) },
      { route: 'GET /api/clients/{id}/milestones', request: () => clientPath(talker, 'milestones') },
      // The client page's and the list's other reads: tags, saved segments, broadcasts, possible duplicates.
      { route: 'GET /api/tags', request: () => ({ path: '/api/tags' }) },
      { route: 'GET /api/segments', request: () => ({ path: '/api/segments' }) },
      { route: 'GET /api/broadcasts', request: () => ({ path: '/api/broadcasts' }) },
      { route: 'GET /api/clients/duplicates', request: () => ({ path: '/api/clients/duplicates' }) },
      { route: 'GET /api/push/key', request: () => ({ path: '/api/push/key' }) },
      { route: 'GET /api/push/subscriptions', request: () => ({ path: '/api/push/subscriptions' }) },
      { route: 'GET /api/clients/{id}/testimonials', request: () => clientPath(talker, 'testimonials') },
      {
        route: 'DELETE /api/clients/{id}',
        request: () => {
          const id = toDelete.shift();
          if (!id) throw new Error('the bench ran out of clients to delete');
          return { path: `/api/clients/${id}`, params: { id } };
        },
      },
      // The agent's settings.
      { route: 'GET /api/user/calendar', request: () => ({ path: '/api/user/calendar' }) },
      { route: 'POST /api/user/calendar-secret', request: () => ({ path: '/api/user/calendar-secret', body: {} }) },
      { route: 'DELETE /api/user/calendar-secret', request: () => ({ path: '/api/user/calendar-secret' }) },
      {
        route: 'PATCH /api/user/business',
        request: (i) => ({
          path: '/api/user/business',
          body: {
            businessName: `Bench Homes ${Math.abs(i) % 7}`,
            businessLocation: 'Austin, TX',
            googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
          },
        }),
      },
      {
        route: 'PATCH /api/user/preferences',
        request: (i) => ({ path: '/api/user/preferences', body: { emailDigest: i % 2 === 0 } }),
      },
      // Public pages a client opens from a message or an invitation.
      {
        // A mailbox provider's one-click unsubscribe (RFC 8058), again for the same client each sample.
        route: 'POST /api/unsubscribe/{token}',
        request: () => ({
          path: `/api/unsubscribe/${unsubscribeToken}`,
          params: { token: unsubscribeToken },
          body: {},
        }),
      },
      {
        route: 'GET /api/unsubscribe/{token}',
        // Sends the browser on to the unsubscribe page, the token in its fragment.
        status: 303,
        request: () => ({ path: `/api/unsubscribe/${unsubscribeToken}`, params: { token: unsubscribeToken } }),
      },
      {
        route: 'POST /api/client-invitations/preview',
        request: () => ({ path: '/api/client-invitations/preview', body: { token: invitationToken } }),
      },
      // The administrator's view of one agent.
      {
        route: 'GET /api/admin/clients/{agentId}',
        as: 'admin',
        request: () => ({ path: `/api/admin/clients/${user.id}`, params: { agentId: user.id } }),
      },
      {
        route: 'POST /api/admin/agents/{id}/sending',
        as: 'admin',
        request: () => ({
          path: `/api/admin/agents/${user.id}/sending`,
          params: { id: user.id },
          body: { paused: false },
        }),
      },
      {
        // Mails the client Google's write-a-review link (one outbox file, which the floor writes too).
        route: 'POST /api/clients/{id}/request-review',
        extraFloor: oneOutboxFile('Would you share your experience?'),
        request: () => {
          const id = toAsk.shift();
          if (!id) throw new Error('the bench ran out of clients to ask for a review');
          return { path: `/api/clients/${id}/request-review`, params: { id }, body: {} };
        },
      },
      {
        // A new agent each sample: the password hashed at the configured scrypt cost and the verification link
        // mailed, both of which the floor does too.
        route: 'POST /api/register',
        samples: loginSamples,
        extraFloor: {
          label: 'one scrypt hash + one outbox file',
          run: async () => {
            await hashPassword(PASSWORD, config().passwordHashCost);
            await oneOutboxFile('Verify your Hearthside e-mail address').run();
          },
        },
        request: (i) => {
          const n = (i + 200_000) % 1_000_000;
          return {
            path: '/api/register',
            body: {
              username: `bench-register-${n}-${Date.now()}@example.com`,
              password: PASSWORD,
              fullName: `Bench Agent ${n}`,
              phone: `(737) ${String(200 + (Math.floor(n / 10_000) % 800))}-${String(n % 10_000).padStart(4, '0')}`,
            },
          };
        },
      },
      {
        route: 'POST /api/login',
        samples: loginSamples,
        extraFloor: { label: 'one scrypt verification', run: verifyOnce },
        request: () => ({ path: '/api/login', body: { username: details.username, password: PASSWORD } }),
      },
    ];

    const cookies = (as: Case['as']) => [...(as === 'admin' ? admin : client).cookies].map(([k, v]) => `${k}=${v}`);
    const handlers = new Map<string, Handler>();
    const rows: Array<Record<string, unknown>> = [];
    // BENCH_ROUTES=<part>,<part>: only the routes whose method and path contain one of the parts.
    const only = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
    for (const c of cases) {
      if (only && !only.some((part) => c.route.includes(part))) continue;
      const [method, path] = c.route.split(' ') as [string, string];
      const route = routes.find((r) => r.method === method && r.path === path);
      if (!route) throw new Error(`no route ${c.route}`);
      if (!handlers.has(route.handler))
        handlers.set(
          route.handler,
          ((await import(`../functions/handlers/${route.handler}.ts`)) as { handler: Handler }).handler,
        );
      const handler = handlers.get(route.handler)!;
      const worked = (status: number) => (c.status === undefined ? status < 300 : status === c.status);
      const invoke = async (i: number) => {
        const { path: fullPath, body, params } = c.request(i);
        const [rawPath, rawQueryString = ''] = fullPath.split('?') as [string, string?];
        const now = new Date();
        const requestId = `bench-${c.route}-${i}`;
        const event = {
          version: '2.0',
          routeKey: `${route.method} ${route.path}`,
          rawPath,
          rawQueryString,
          cookies: cookies(c.as),
          ...(rawQueryString ? { queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)) } : {}),
          headers: {
            host: new URL(api.url).host,
            origin: api.url,
            'content-type': 'application/json',
            'user-agent': 'bench',
            // Under the twin, what CloudFront adds on /api/* (the origin-verify header), as the HTTP samples get it.
            ...api.runtime.twin?.apiOriginHeaders(),
          },
          pathParameters: params,
          requestContext: {
            accountId: 'local',
            apiId: 'local',
            domainName: 'localhost',
            domainPrefix: 'localhost',
            http: {
              method: route.method,
              path: rawPath,
              protocol: 'HTTP/1.1',
              sourceIp: '127.0.0.1',
              userAgent: 'bench',
            },
            requestId,
            routeKey: `${route.method} ${route.path}`,
            stage: '$default',
            time: now.toUTCString(),
            timeEpoch: now.getTime(),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          isBase64Encoded: false,
        } as unknown as APIGatewayProxyEventV2;
        // Under the twin (the default), the function's own environment and role, as the local server runs it.
        const scope = api.runtime.twin?.scopeFor(`${route.method} ${route.path}`);
        const call = () => handler(event, lambdaContext(route.handler, requestId));
        const result = scope ? await runAsFunction(scope, call) : await call();
        if (!worked(result.statusCode ?? 500))
          throw new Error(`${c.route} answered ${result.statusCode}: ${result.body}`);
        return result;
      };
      const viaHttp = async (i: number) => {
        const { path: p, body } = c.request(i + 100_000);
        const res = await http.send(
          route.method,
          p,
          {
            cookie: cookies(c.as).join('; '),
            origin: api.url,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body === undefined ? undefined : JSON.stringify(body),
        );
        if (!worked(res.status))
          throw new Error(`${c.route} over HTTP answered ${res.status}: ${decoded(res).slice(0, 200)}`);
      };
      // Warm-up: handler module, connections, JIT.
      for (let i = 0; i < 5; i += 1) {
        await invoke(-1 - i);
        await viaHttp(-1 - i);
      }
      const inProcess: number[] = [];
      const overHttp: number[] = [];
      const floor: number[] = [];
      let calls = 0;
      let s3Calls = 0;
      const n = c.samples ?? samples;
      for (let i = 0; i < n; i += 1) {
        let t = performance.now();
        const { sent } = await recording(() => invoke(i));
        inProcess.push(performance.now() - t);
        calls = sent.filter((call) => call.service === 'dynamodb').length;
        s3Calls = sent.length - calls;
        t = performance.now();
        await replay(sent);
        if (c.extraFloor) await c.extraFloor.run();
        floor.push(performance.now() - t);
        t = performance.now();
        await viaHttp(i);
        overHttp.push(performance.now() - t);
      }
      const f50 = percentile(floor, 50);
      const f99 = percentile(floor, 99);
      // A route that makes no call (a redirect) has no floor to be measured against: its times stand alone.
      const floorless = calls + s3Calls === 0 && !c.extraFloor;
      const against = (value: number, base: number) => (floorless ? null : ratio(value, base));
      rows.push({
        route: c.label ?? c.route,
        samples: n,
        dynamoCalls: calls,
        s3Calls,
        floor: floorless
          ? 'none: no DynamoDB call'
          : `${calls} DynamoDB call${calls === 1 ? '' : 's'}${s3Calls ? ` + ${s3Calls} S3 call${s3Calls === 1 ? '' : 's'}` : ''}${c.extraFloor ? ` + ${c.extraFloor.label}` : ''}`,
        floorP50: f50,
        floorP99: f99,
        inProcessP50: percentile(inProcess, 50),
        inProcessP99: percentile(inProcess, 99),
        httpP50: percentile(overHttp, 50),
        httpP99: percentile(overHttp, 99),
        inProcessP50Ratio: against(percentile(inProcess, 50), f50),
        httpP50Ratio: against(percentile(overHttp, 50), f50),
        httpP99Ratio: against(percentile(overHttp, 99), f99),
      });
    }

    const ok = (value: number | null, target: number) =>
      value === null ? '–' : value <= target ? `${value}` : `**${value}**`;
    const lines = [
      '## API routes of the load mix',
      '',
      `One Pro agent with 20 clients, ${samples} samples per route (${loginSamples} for the login, which spends 0.4 s in scrypt each time) after 5 warm-up requests. **In-process**: the handler called with an API Gateway v2.0 event, as Lambda calls it. **HTTP**: the same request through the local server (Node HTTP, event conversion, cookies), from a keep-alive node:http client in the same process. **Floor**: the DynamoDB and S3 calls that request made, recorded while it ran and replayed through the same clients on the same emulators (concurrent calls replayed concurrently; a refused condition still counts as its round trip, and a conditional Put the request applied is applied again: its condition evaluated, then made to hold, so the floor writes what the request wrote). The three are interleaved sample by sample. ${api.runtime.twin ? "Both ran under the stack's twin (each function's own environment, every SDK call checked against its role; `HEARTH_TWIN=0` measures without it); the floors never are." : 'Without the twin (`HEARTH_TWIN=0`).'} Targets: in-process p50 ≤ ${TARGETS.inProcessP50}× floor, HTTP p50 ≤ ${TARGETS.httpP50}×, HTTP p99 ≤ ${TARGETS.p99}× the floor's p99; misses in bold.`,
      '',
      '| route | floor | floor p50 ms | floor p99 ms | in-process p50 ms | HTTP p50 ms | HTTP p99 ms | in-process p50 × floor | HTTP p50 × floor | HTTP p99 × floor p99 |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.route} | ${r.floor} | ${r.floorP50} | ${r.floorP99} | ${r.inProcessP50} | ${r.httpP50} | ${r.httpP99} | ${ok(r.inProcessP50Ratio as number | null, TARGETS.inProcessP50)} | ${ok(r.httpP50Ratio as number | null, TARGETS.httpP50)} | ${ok(r.httpP99Ratio as number | null, TARGETS.p99)} |`,
      ),
      '',
    ];
    const misses = rows.filter(
      (r) =>
        (r.inProcessP50Ratio as number) > TARGETS.inProcessP50 ||
        (r.httpP50Ratio as number) > TARGETS.httpP50 ||
        (r.httpP99Ratio as number) > TARGETS.p99,
    );
    if (misses.length) lines.push(ROUTE_EXPLANATION(misses.map((r) => r.route as string)), '');
    lines.push(ROUTES_ELSEWHERE, '');
    return { lines, report: { samples, loginSamples, targets: TARGETS, rows } };
  } finally {
    http.close();
    await api.close();
  }
}

/**
 * What the twin costs each route: the routes measured twice in one run, under the twin and without it
 * (`HEARTH_TWIN=0`), each against its own floor, so the machine's speed cancels out of the comparison.
 */
export function twinCost(withTwin: Figures, without: Figures): Figures {
  type Row = { route: string; inProcessP50Ratio: number | null; httpP50Ratio: number | null };
  const plain = new Map((without.report.rows as Row[]).map((row) => [row.route, row]));
  const rows = (withTwin.report.rows as Row[]).flatMap((row) => {
    const other = plain.get(row.route);
    if (!other || row.inProcessP50Ratio === null || other.inProcessP50Ratio === null) return [];
    return [
      {
        route: row.route,
        inProcessWith: row.inProcessP50Ratio,
        inProcessWithout: other.inProcessP50Ratio,
        httpWith: row.httpP50Ratio,
        httpWithout: other.httpP50Ratio,
        cost: ratio(row.inProcessP50Ratio, other.inProcessP50Ratio),
      },
    ];
  });
  const costs = rows.map((r) => r.cost).sort((a, b) => a - b);
  const median = costs.length ? costs[Math.floor(costs.length / 2)]! : null;
  return {
    lines: [
      "## The twin's cost",
      '',
      `The routes above, measured again in the same run without the twin (\`HEARTH_TWIN=0\`: the process's environment, no permission check, no edge), each against its own floor. Under the twin every SDK call is first mapped to the IAM actions and resources AWS's Service Authorization Reference names for it and evaluated against the function's role (\`functions/local/twin/sdk-permissions.ts\`, \`iam.ts\`), and every request crosses the template's CloudFront behaviours. Median cost over ${rows.length} routes: the in-process p50 ratio ${median}× what it is without the twin.`,
      '',
      '| route | in-process p50 × floor, twin | without | HTTP p50 × floor, twin | without | twin ÷ without (in-process) |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.route} | ${r.inProcessWith} | ${r.inProcessWithout} | ${r.httpWith} | ${r.httpWithout} | ${r.cost} |`,
      ),
      '',
    ],
    report: { medianCost: median, rows },
  };
}

if (require.main === module) {
  process.env.LOG_LEVEL ??= 'warn';
  benchRoutes({
    samples: Number(process.env.BENCH_SAMPLES ?? SAMPLES.route),
    loginSamples: Number(process.env.BENCH_LOGIN_SAMPLES ?? SAMPLES.login),
  }).then(
    ({ lines }) => process.stdout.write(`${lines.join('\n')}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
