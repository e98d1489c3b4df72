// The demo the local runtime seeds on an empty data directory (SEED=demo): a year of a real agent's book laid out back
// from today (functions/local/demo/), and a second agent on the free plan. Seeded once by `npm start` itself (the
// built runtime, as a process, on an empty data directory), then read through the API the pages call, and the table
// where the API has no count, by the runtime started again on that data in this process.
import type { Client, Insights } from '@shared/api-types';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { addDays, todayIn } from '@shared/dates';
import type { ReferralInsights } from '@shared/next-best';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApi, type ApiClient, type TestApi } from '../../testing/local-api';
import { startServerProcess, stopServerProcess } from '../../testing/local-server-bundle';
import { everyItem } from '../../testing/table';
import { DEMO } from '../seed';
import { regulars } from './regulars';
import { demoClock, DEMO_TIME_ZONE } from './clock';
import { DEMO_MEETING, SUGGESTED_REVIEW } from './google';
import { DIRECTORY_VISITOR, INVITED, STILL_INVITED } from './registrations';
import { storyClients } from './story';
import { demoTimeline, REVIEW_REQUESTS, type DemoEvent } from './timeline';

let api: TestApi;
let agent: ApiClient;
let book: Client[];
/** From the runtime's start to its answer: the seeding, and the runtime's own start (a second or two). */
const today = () => todayIn(DEMO_TIME_ZONE);

async function signIn(credentials: { username: string; password: string }): Promise<ApiClient> {
  const client = api.client();
  const res = await client.post('/api/login', credentials);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return client;
}

let dataDir: string;
/** What `npm start` printed while it seeded, and its exit code once stopped. */
let seeding: { output: string; exitCode: number | string };

// `npm start` on an empty data directory (the built runtime, as a process) seeds the demo; stopped, its data is read
// by the runtime started again in this process.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hearthside-demo-'));
  // The seeding is the start: on a loaded CI machine it takes more than a plain start's minute.
  const started = await startServerProcess({ DATA_DIR: dataDir }, { timeoutMs: 240_000 });
  seeding = { output: started.output(), exitCode: await stopServerProcess(started.child, 'SIGTERM') };
  api = await startTestApi({ dataDir, seed: 'none' });
  agent = await signIn(DEMO.agent);
  book = (await agent.get<{ clients: Client[] }>('/api/clients?limit=100')).body.clients;
}, 300_000);
afterAll(async () => {
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const named = (name: string) => book.find((client) => client.name === name)!;

/** The story as planned for today, from the dozen as the book holds them. */
function plan(): DemoEvent[] {
  const clock = demoClock(today());
  const dozen = book.filter((client) => client.name in regulars(clock));
  return demoTimeline(clock, storyClients(clock, dozen), new Date());
}
const planned = (kind: DemoEvent['kind'], keep: (event: DemoEvent) => boolean = () => true) =>
  plan().filter((event) => event.kind === kind && keep(event));

/** The demo agent's messages and touches, as the table holds them. */
async function activity() {
  const id = book[0]!.agentId;
  const items = await everyItem({
    FilterExpression: 'agentId = :agent AND (#type = :message OR #type = :touch)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':agent': id, ':message': 'message', ':touch': 'touch' },
  });
  return items as Array<Record<string, string | boolean | undefined>>;
}

describe('the demo (SEED=demo)', () => {
  it("is what npm start seeds on an empty data directory: the administrator's, the Pro agent's and the free agent's sign-ins, printed, each of which signs in", async () => {
    expect(seeding.exitCode).toBe(0);
    const printed = [...seeding.output.matchAll(/(\S+@\S+) \/ (\S+)/g)].map(([, username, password]) => ({
      username,
      password,
    }));
    expect(printed).toEqual(expect.arrayContaining([DEMO.admin, DEMO.agent, DEMO.freeAgent]));
    expect(printed).toHaveLength(3);
    for (const credentials of printed) await signIn(credentials as { username: string; password: string });
  });

  it('holds about 40 clients with tags, rhythms, custom dates, referrals and consent to texts, one pending', () => {
    expect(book).toHaveLength(41);
    expect(book.filter((client) => client.registrationPending).map((client) => client.name)).toEqual([
      DIRECTORY_VISITOR.name,
    ]);
    expect(book.filter((client) => client.tags.length > 0).length).toBeGreaterThanOrEqual(39);
    expect(book.filter((client) => client.cadenceDays !== null).length).toBeGreaterThanOrEqual(20);
    expect(book.filter((client) => client.keyDates.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(book.filter((client) => client.referredBy).length).toBe(6);
    // Each consent the agent recorded and Ethan's from his form, less Tyler's: he texted STOP.
    const [ethansForm, tylersStop] = [1, 1];
    const granted = book.filter((client) => client.smsConsent.status === 'granted');
    expect(granted).toHaveLength(planned('consent').length + ethansForm - tylersStop);
    expect(named('Tyler Scott').smsConsent.status).toBe('revoked');
  });

  it('keeps every e-mail, text, reply and touch the year planned, from about a year ago to yesterday', async () => {
    const items = await activity();
    const sent = (channel: string, automatic: boolean) =>
      items.filter(
        (item) =>
          item.type === 'message' &&
          item.direction !== 'inbound' &&
          item.channel === channel &&
          Boolean(item.automatic) === automatic &&
          (item.status === 'sent' || item.status === 'bounced'),
      ).length;
    const consenting = new Set(planned('consent').map((event) => (event as { name: string }).name));
    const reviewTexts = REVIEW_REQUESTS.filter(([name]) => consenting.has(name)).length;
    const manual = (channel: string) => planned('message', (event) => 'channel' in event && event.channel === channel);
    expect(sent('email', false)).toBe(manual('email').length + REVIEW_REQUESTS.length);
    expect(sent('sms', false)).toBe(manual('sms').length + reviewTexts);
    expect(sent('email', true) + sent('sms', true)).toBeGreaterThan(10);
    const replies = items.filter((item) => item.direction === 'inbound');
    expect(replies).toHaveLength(planned('reply').length);
    expect(replies.filter((reply) => reply.channel === 'sms').length).toBeGreaterThan(0);
    // The touches planned, and the calls marked done from Today's list (as many as it held for a call: play.ts).
    const doneFromToday = planned('today-done').reduce((n, event) => n + (event as { count: number }).count, 0);
    // (The meeting the Google Calendar sync found is its own: see below.)
    const logged = items.filter((item) => item.type === 'touch' && !String(item.id).startsWith('gcal-'));
    const touches = logged.length - planned('touch').length;
    expect(touches).toBeGreaterThan(0);
    expect(touches).toBeLessThanOrEqual(doneFromToday);

    const at = (item: (typeof items)[number]) => String(item.sentAt ?? item.receivedAt ?? item.date ?? item.createdAt);
    const days = items.map((item) => todayIn(DEMO_TIME_ZONE, new Date(at(item))));
    const sentDays = items
      .filter((item) => item.sentAt)
      .map((item) => todayIn(DEMO_TIME_ZONE, new Date(String(item.sentAt))));
    expect(days.every((day) => day >= addDays(today(), -400) && day <= today())).toBe(true);
    expect(sentDays.some((day) => day <= addDays(today(), -330))).toBe(true);
    expect(sentDays.some((day) => day >= addDays(today(), -7))).toBe(true);
  });

  it('shows two unread replies in the Inbox, from yesterday', async () => {
    const unread = (await agent.get('/api/conversations?filter=unread')).body;
    expect(unread.unreadTotal).toBe(2);
    expect(unread.conversations.map((c: { clientName: string }) => c.clientName).sort()).toEqual([
      'Chloe Brooks',
      'David Alvarez',
    ]);
    for (const conversation of unread.conversations)
      expect(todayIn(DEMO_TIME_ZONE, new Date(conversation.lastMessage.at))).toBe(addDays(today(), -1));
  });

  it("has today's automatic messages waiting on Today for approval: key dates and rhythms due today", async () => {
    const { messages, awaiting } = (await agent.get('/api/outgoing')).body;
    expect(awaiting).toBeGreaterThanOrEqual(4);
    expect(
      messages.every((m: { automatic: boolean; status: string }) => m.automatic && m.status === 'awaiting-approval'),
    ).toBe(true);
    expect(new Set(messages.map((m: { occasion: string }) => m.occasion))).toEqual(
      new Set(['birthday', 'anniversary', 'home-anniversary', 'check-in']),
    );
    expect(
      messages.every((m: { createdAt: string }) => todayIn(DEMO_TIME_ZONE, new Date(m.createdAt)) === today()),
    ).toBe(true);
    // Their key dates are today's, wherever today falls.
    expect(named('Priya Patel').birthday!.slice(5)).toBe(today().slice(5));
  });

  it('sent a broadcast, asked for reviews, and matched the Google reviews to the clients who wrote them', async () => {
    const [broadcast, ...others] = (await agent.get('/api/broadcasts')).body.broadcasts;
    expect(others).toHaveLength(0);
    expect(broadcast).toMatchObject({ status: 'done', awaiting: 0 });
    expect(broadcast.sent).toBeGreaterThan(5);

    const inbox = (await agent.get('/api/reviews')).body;
    expect(inbox.summary).toMatchObject({ connected: true, totalReviewCount: 7 });
    const matches = inbox.reviews.map((r: { match: { clientName: string; status: string } | null }) => r.match);
    expect(matches.filter((m: { status: string } | null) => m?.status === 'confirmed')).toHaveLength(4);
    expect(matches.filter((m: { status: string } | null) => m?.status === 'suggested')).toEqual([
      expect.objectContaining({ clientName: SUGGESTED_REVIEW.client }),
    ]);
    expect(inbox.reviews.filter((r: { reply: unknown }) => r.reply).length).toBeGreaterThanOrEqual(2);
  });

  it('synced Google Calendar: the key dates out, the coffee with Maria on her timeline, the showing still to come', async () => {
    const integrations = (await agent.get('/api/integrations')).body;
    expect(integrations.google.features.calendar).toMatchObject({ state: 'ok', lastError: null });
    expect(integrations.google.features.calendar.itemsOut).toBeGreaterThan(10);
    const maria = named(DEMO_MEETING.with);
    const activity = (await agent.get(`/api/clients/${maria.id}/messages`)).body.activity;
    expect(activity).toContainEqual(
      expect.objectContaining({ type: 'touch', kind: 'meeting', note: `Google Calendar: ${DEMO_MEETING.summary}` }),
    );
  });

  it('welcomed an invited client with a video testimonial, keeps one invitation open and a directory registration pending', async () => {
    const ethan = named(INVITED.name);
    expect(ethan.origin).toBe('invitation');
    const videos = (await agent.get(`/api/clients/${ethan.id}/testimonials`)).body;
    expect(videos).toEqual([expect.objectContaining({ contentType: 'video/webm' })]);
    const open = (await agent.get('/api/client-invitations')).body;
    expect(open.map((invitation: { name: string }) => invitation.name)).toEqual([STILL_INVITED.name]);
    expect(named(DIRECTORY_VISITOR.name).registrationPending).toBe(true);
  });

  it('fills every Insights card', async () => {
    const insights = (await agent.get<Insights>('/api/insights?months=12')).body;
    const { totals, reach, book: health, googleRating } = insights;
    expect(totals.touches.manual).toBeGreaterThan(0);
    expect(totals.touches.auto).toBeGreaterThan(0);
    // Every month before this one had touches.
    expect(insights.months.slice(0, -1).every((month) => Object.values(month.touches).some((n) => n !== 0))).toBe(true);
    expect(totals.occasions.due).toBeGreaterThan(0);
    expect(totals.occasions.messaged).toBeGreaterThan(0);
    expect(Math.min(totals.reviews.requested, totals.reviews.clicked, totals.reviews.reviewed)).toBeGreaterThan(0);
    expect(totals.reviews.medianDays).not.toBeNull();
    expect(Math.min(totals.invitations.sent, totals.invitations.completed)).toBeGreaterThan(0);
    expect(Math.min(totals.optOuts, totals.bounces)).toBeGreaterThan(0);
    expect(googleRating?.averageRating).toBeGreaterThan(0);
    expect(reach.count).toBeGreaterThan(0);
    expect(health.clients).toBe(40);
    expect(health.occasionsNext30).toBeGreaterThan(0);

    const referrals = (await agent.get<ReferralInsights>('/api/insights/referrals')).body;
    expect(referrals.topReferrers[0]).toMatchObject({ name: 'Maria Lopez', tier: 'advocate' });
    expect(referrals.byMonth.some((month) => month.referred > 0)).toBe(true);
    expect(referrals.weeks.some((week) => week.suggested > 0)).toBe(true);
    expect(referrals.weeks.some((week) => week.acted > 0)).toBe(true);
  });

  it('gives the free agent exactly the free plan’s clients, so the next one asks for the upgrade', async () => {
    const free = await signIn(DEMO.freeAgent);
    expect((await free.get('/api/clients?limit=50')).body.total).toBe(FREE_CLIENT_LIMIT);
    const eleventh = await free.post('/api/clients', {
      name: 'One More',
      email: 'one.more@example.com',
      phone: '(512) 555-0199',
    });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body.code).toBe('UPGRADE_REQUIRED');
    expect((await free.get('/api/insights')).body.code).toBe('PRO_REQUIRED');
  });
});

describe('the demo story', () => {
  it('is the same for the same day, and laid out back from that day', () => {
    const dozen = [{ name: 'Maria Lopez', birthday: '1984-03-01', anniversary: null, purchaseDate: null }];
    const story = (day: string) =>
      demoTimeline(demoClock(day), storyClients(demoClock(day), dozen), new Date(`${day}T23:59:00Z`));
    expect(story('2026-03-10')).toEqual(story('2026-03-10'));
    const addedDaysAgo = (day: string) =>
      story(day)
        .filter((event) => event.kind === 'add')
        .map((event) => Math.round((Date.parse(`${day}T12:00:00Z`) - event.at.getTime()) / 86_400_000));
    expect(addedDaysAgo('2026-03-10')).toEqual(addedDaysAgo('2026-09-21'));
  });
});
