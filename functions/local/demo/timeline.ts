// The demo's year as a list of dated events, oldest first: the clients added, the agent's e-mails, texts, calls and
// notes at each client's rhythm and the clients' answers, the automatic messages' mornings, the review requests, the
// broadcast, an unsubscribe, a STOP and a bounce, and the few moments the story needs on the last days (two replies
// not read yet, rhythms and key dates that fall due today). Pure: the same day and clients give the same list; the
// seed plays it through the product's use cases (functions/local/demo/play.ts).
import type { AutomationRule } from '@shared/automations';
import { daysBetween } from '@shared/dates';
import type { MessageChannel, TouchKind } from '@shared/messages';
import { eventsWithin, type ReminderClient } from '@shared/reminders';
import { hm, type DemoClock, type Random } from './clock';
import type { Keeping, NewClient } from './book';
import { PRACTICE_LINK_OPENS, PRACTICE_REFERRALS, PRACTICE_TOUCHES } from './practice';
import { agentEmail, agentText, clientReply, touchNote } from './words';

/** The story's year: its first day is this many days before the seeding day. */
export const YEAR_DAYS = 365;
/** The agent turned on the automatic messages for key dates this many days ago (check-ins DAILY_MORNINGS ago). */
export const RULES_DAYS = 180;
/** The morning job ran every day of this many last days (the next best touch's weeks), and on each key date before. */
export const DAILY_MORNINGS = 7;

export type DemoEvent = { at: Date } & (
  | { kind: 'add'; client: NewClient }
  | { kind: 'keep'; name: string; keeping: Keeping }
  | { kind: 'tag'; tag: string; names: string[] }
  | { kind: 'consent'; name: string }
  | { kind: 'message'; name: string; channel: MessageChannel; subject?: string; body: string }
  | { kind: 'reply'; name: string; channel: MessageChannel; body: string; unread: boolean }
  | { kind: 'touch'; name: string; touch: TouchKind; note: string }
  | { kind: 'referral'; name: string; referrer: string }
  | {
      kind: 'review-request' | 'review-link-opened' | 'link-opened-again' | 'unsubscribe' | 'stop' | 'bounce';
      name: string;
    }
  | { kind: 'rules'; rules: AutomationRule[] }
  | { kind: 'morning'; date: string }
  | { kind: 'approve'; broadcast?: true }
  | { kind: 'today-done'; count: number }
  | { kind: 'broadcast'; segment: string; tag: string; instructions: string }
);

/**
 * A client of the story, named by name (`id` too, for the key dates' reckoning), with the dates the morning job looks
 * at; `added`: what the agent types when adding them (none for the dozen already in the book).
 */
export type StoryClient = ReminderClient & Keeping & { addedDaysAgo: number; added?: NewClient };

const rule = (occasion: AutomationRule['occasion'], channel: MessageChannel): AutomationRule => ({
  occasion,
  enabled: true,
  channel,
  mode: 'approve',
  sendTime: '09:00',
});
export const YEAR_RULES = [rule('birthday', 'sms'), rule('anniversary', 'email'), rule('home-anniversary', 'email')];
export const CHECK_IN_RULE = rule('check-in', 'email');
export const PAST_CLIENTS_SEGMENT = 'Past clients';

/** Review requests: who, how many days ago, and whether (and how many days later) they opened the link. */
export const REVIEW_REQUESTS: Array<[string, number, number | null]> = [
  ['Aisha Okafor', 200, 1],
  ['Grace Thompson', 150, 1],
  ['Thomas Nguyen', 95, 1],
  ['Hannah Wright', 40, 1],
  ['Carlos Mendez', 25, 1],
  ['Rachel Adams', 10, null],
];

export function demoTimeline(clock: DemoClock, clients: readonly StoryClient[], now: Date): DemoEvent[] {
  const events: DemoEvent[] = [];
  // Today's moments never after the seeding itself.
  const push = (event: DemoEvent) => events.push(event.at > now ? { ...event, at: now } : event);
  const at = clock.at;
  for (const client of clients) rhythmOf(clock, client, push);
  for (const [tag, names] of dozenTags(clients)) push({ kind: 'tag', tag, names, at: at(YEAR_DAYS, hm(8, 40)) });
  special(clock, push);
  for (const [name, touches] of Object.entries(PRACTICE_TOUCHES))
    for (const [touch, daysAgo] of touches)
      push({
        kind: 'touch',
        name,
        touch,
        note: touchNote(clock.random(`${name}|${daysAgo}`), touch),
        at: at(daysAgo, hm(11)),
      });
  for (const [name, referrer, daysAgo] of PRACTICE_REFERRALS)
    push({ kind: 'referral', name, referrer, at: at(daysAgo, hm(7, 30)) });
  for (const [name, hoursAgo] of PRACTICE_LINK_OPENS)
    push({ kind: 'link-opened-again', name, at: new Date(now.getTime() - hoursAgo * 3_600_000) });
  for (const [name, daysAgo, openedAfter] of REVIEW_REQUESTS) {
    push({ kind: 'review-request', name, at: at(daysAgo, hm(10)) });
    if (openedAfter !== null) push({ kind: 'review-link-opened', name, at: at(daysAgo - openedAfter, hm(20, 15)) });
  }
  mornings(clock, clients, push);
  return events
    .map((event, order) => ({ event, order }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.order - b.order)
    .map(({ event }) => event);
}

/** The dozen's tags, each with its clients (the new clients get theirs when added). */
function dozenTags(clients: readonly StoryClient[]): Map<string, string[]> {
  const byTag = new Map<string, string[]>();
  for (const client of clients.filter((c) => !c.added))
    for (const tag of client.tags) byTag.set(tag, [...(byTag.get(tag) ?? []), client.name]);
  return byTag;
}

const INTERVALS = { close: [55, 80], regular: [110, 170] } as const;

/** The client's own year: added (and their consent), then e-mails, texts, calls and notes at their rhythm. */
function rhythmOf(clock: DemoClock, client: StoryClient, push: (event: DemoEvent) => void): void {
  const random = clock.random(client.name);
  const { name } = client;
  const added = clock.at(client.addedDaysAgo, hm(9, 30));
  if (client.added) push({ kind: 'add', client: client.added, at: added });
  else push({ kind: 'keep', name, keeping: client, at: clock.at(YEAR_DAYS, hm(8, 30)) });
  if (client.consent)
    push({ kind: 'consent', name, at: new Date(Math.max(added.getTime(), clock.at(YEAR_DAYS, hm(8, 45)).getTime())) });
  const first = Math.min(YEAR_DAYS, client.addedDaysAgo - 1);
  const last = Math.max(client.quietDays ?? 0, 3);
  const days: number[] = [];
  if (client.rhythm === 'quiet') days.push(random.int(200, 330));
  else {
    const [low, high] = INTERVALS[client.rhythm];
    for (let day = first - random.int(0, low); day > last; day -= random.int(low, high)) days.push(day);
  }
  for (const day of days.filter((d) => d <= first && d > last)) contact(clock, random, client, day, push);
}

function contact(clock: DemoClock, random: Random, client: StoryClient, day: number, push: (event: DemoEvent) => void) {
  const at = clock.at(day, random.int(hm(9), hm(18)));
  const { name } = client;
  if (random.chance(0.35)) {
    const touch = random.pick(['call', 'call', 'meeting', 'note'] as const);
    push({ kind: 'touch', name, touch, note: touchNote(random, touch), at });
    return;
  }
  const texts = client.consent === true;
  const channel: MessageChannel = texts && (client.prefers === 'sms') !== random.chance(0.25) ? 'sms' : 'email';
  push(message(random, name, channel, at));
  if (random.chance(client.rhythm === 'close' ? 0.4 : 0.25))
    push(reply(random, name, channel, new Date(at.getTime() + random.int(1, 20) * 3_600_000)));
}

const message = (random: Random, name: string, channel: MessageChannel, at: Date): DemoEvent =>
  channel === 'email'
    ? { kind: 'message', name, channel, ...agentEmail(random, name), at }
    : { kind: 'message', name, channel, body: agentText(random, name), at };
const reply = (random: Random, name: string, channel: MessageChannel, at: Date, unread = false): DemoEvent => ({
  kind: 'reply',
  name,
  channel,
  body: clientReply(random, channel),
  unread,
  at,
});

/** The moments the story needs: rhythms due today, two replies unread, the opt-outs and the bounce, the broadcast. */
function special(clock: DemoClock, push: (event: DemoEvent) => void): void {
  const random = clock.random('special');
  const at = clock.at;
  push({ kind: 'rules', rules: YEAR_RULES, at: at(RULES_DAYS, hm(8)) });
  push({ kind: 'rules', rules: [...YEAR_RULES, CHECK_IN_RULE], at: at(DAILY_MORNINGS, hm(7)) });
  // Nina's 30-day rhythm and Owen's 60-day one come round today.
  push({ kind: 'touch', name: 'Nina Rossi', touch: 'call', note: touchNote(random, 'call'), at: at(30, hm(12)) });
  push(message(random, 'Owen Parker', 'email', at(60, hm(10, 20))));
  // Two answers from the last two days, not read yet.
  push(message(random, 'Chloe Brooks', 'sms', at(2, hm(17, 30))));
  push(reply(random, 'Chloe Brooks', 'sms', at(1, hm(19, 5)), true));
  push(message(random, 'David Alvarez', 'email', at(2, hm(10, 15))));
  push(reply(random, 'David Alvarez', 'email', at(1, hm(8, 40)), true));
  // The agent worked through the top of Today's list on each of the last two days.
  push({ kind: 'today-done', count: 2, at: at(2, hm(12, 30)) });
  push({ kind: 'today-done', count: 3, at: at(1, hm(12, 30)) });
  // Megan unsubscribed from an e-mail; Tyler texted STOP; Jessica's old address bounced.
  push(message(random, "Megan O'Brien", 'email', at(210, hm(11))));
  push({ kind: 'unsubscribe', name: "Megan O'Brien", at: at(209, hm(21)) });
  push(message(random, 'Tyler Scott', 'sms', at(121, hm(15))));
  push({ kind: 'stop', name: 'Tyler Scott', at: at(120, hm(9, 12)) });
  push(message(random, 'Jessica Park', 'email', at(12, hm(14))));
  push({ kind: 'bounce', name: 'Jessica Park', at: at(12, hm(14, 2)) });
  // A market update to the saved segment of past clients, approved an hour and a half later.
  const instructions = 'A short market update: prices steady, more homes for sale, a good season to refinance.';
  const segment = { segment: PAST_CLIENTS_SEGMENT, tag: 'Past client' };
  push({ kind: 'broadcast', ...segment, instructions, at: at(75, hm(13)) });
  push({ kind: 'approve', broadcast: true, at: at(75, hm(14, 30)) });
}

/** The morning job on each day a key date came round, and every day of the last DAILY_MORNINGS; the approvals after. */
function mornings(clock: DemoClock, clients: readonly StoryClient[], push: (event: DemoEvent) => void): void {
  const inBook = (daysAgo: number) => clients.filter((client) => client.addedDaysAgo > daysAgo);
  const keyDays = new Set(
    eventsWithin(clients, clock.day(YEAR_DAYS - 1), clock.day(DAILY_MORNINGS + 1))
      .filter((event) => inBook(daysBetween(event.date, clock.today)).some((client) => client.id === event.clientId))
      .map((event) => daysBetween(event.date, clock.today)),
  );
  for (let day = 0; day <= DAILY_MORNINGS; day += 1) keyDays.add(day);
  for (const day of keyDays) {
    push({ kind: 'morning', date: clock.day(day), at: clock.at(day, hm(8)) });
    // Today's wait for the agent on Today.
    if (day > 0) push({ kind: 'approve', at: clock.at(day, hm(9, 10)) });
  }
}
