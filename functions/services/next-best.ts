// The next best touch as use cases: the day's list (computed by the morning job, or by the first read of a day the
// job has not reached, and stored as one item: functions/data/next-best.ts), the three answers to an item (done,
// snooze, dismiss), the client page's relationship line and the referrals' insights. The ranking is
// functions/domain/next-best.ts.
import { addDays, lastMonths, todayIn } from '@shared/dates';
import {
  FREE_NEXT_BEST,
  type ClientRelationship,
  type DismissReason,
  type NextBestFeedback,
  type NextBestList,
  type ReferralInsights,
} from '@shared/next-best';
import { config } from '../config';
import { changeClient } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import { getClient, getClientsByIds, listClientFields, RANKED_FIELDS, type RankedFields } from '../data/clients';
import { readBook } from '../data/insights';
import { listOutgoing, type MessageItem } from '../data/messages';
import { getNextBestDay, nextBestDays, putNextBestDay, type NextBestDayItem } from '../data/next-best';
import type { UserItem } from '../data/users';
import { compareEntries, rankClients } from '../domain/next-best';
import { strengthLevel, strengthOf, tierOf, TIER_RHYTHM_DAYS } from '../domain/relationship';
import type { NotFound } from '../domain/refusals';
import { logTouch } from './clients';

type Agent = Pick<UserItem, 'id' | 'timeZone'>;
const NO_CLIENT: NotFound<'client'> = { kind: 'not-found', what: 'client' };

/** The clients with an automatic message waiting in the agent's queue (`outgoing`) to go today or before. */
function automaticWaitingToday(agent: Agent, today: string, outgoing: readonly MessageItem[]): Set<string> {
  const waiting = outgoing.filter(
    (message) =>
      message.automatic &&
      (message.status === 'awaiting-approval' || message.status === 'scheduled') &&
      todayIn(agent.timeZone, new Date(message.sendAt ?? message.createdAt)) <= today,
  );
  return new Set(waiting.map((message) => message.clientId));
}

/**
 * Computes and stores the agent's list of `date` from the clients' relationship state and the agent's queue (each read
 * with one Query unless the caller has them: the morning job does), the list it replaces kept as that day's summary.
 * The list as stored.
 */
export async function computeNextBestDay(
  agent: Agent,
  date: string,
  now: Date,
  read: {
    clients?: readonly RankedFields[];
    outgoing?: readonly MessageItem[];
    /** The list stored now, as the caller just read it (null: none). */
    stored?: NextBestDayItem | null;
  } = {},
): Promise<NextBestDayItem> {
  const [book, outgoing, replaced] = await Promise.all([
    read.clients ?? listClientFields(agent.id, RANKED_FIELDS),
    read.outgoing ?? listOutgoing(agent.id),
    read.stored !== undefined ? (read.stored ?? undefined) : getNextBestDay(agent.id),
  ]);
  const waitingToday = automaticWaitingToday(agent, date, outgoing);
  const entries = rankClients(book, { today: date, now, waitingToday });
  // Refused when a later day's list was stored meanwhile (another request past the agent's midnight): that one stands.
  return (await putNextBestDay(agent.id, date, entries, now, replaced)) ?? (await getNextBestDay(agent.id))!;
}

/** GET /api/today/next-best: the first `limit` of today's list; a free account sees FREE_NEXT_BEST and no drafts. */
export async function nextBestList(
  agent: Agent & Pick<UserItem, 'isPro'>,
  limit: number,
  now = new Date(),
): Promise<NextBestList> {
  const today = todayIn(agent.timeZone, now);
  let day = await getNextBestDay(agent.id);
  if (!day || day.date < today) day = await computeNextBestDay(agent, today, now, { stored: day ?? null });
  const entries = Object.values(day.entries).sort(compareEntries);
  const shown = agent.isPro ? limit : Math.min(limit, FREE_NEXT_BEST);
  return {
    date: today,
    items: entries.slice(0, shown).map((entry) => ({ ...entry, draftable: agent.isPro && entry.channel !== 'call' })),
    total: entries.length,
    limited: !agent.isPro && entries.length > FREE_NEXT_BEST,
  };
}

/** Done (or dismissed as contacted elsewhere): a touch logged now, which takes the client off the list. */
export async function nextBestDone(
  user: UserItem,
  clientId: string,
  now = new Date(),
  note = 'Done from Today',
): Promise<NextBestFeedback | NotFound<'client'>> {
  const logged = await logTouch(user, clientId, { kind: 'note', note, date: now.toISOString() }, now);
  if ('kind' in logged) return logged;
  return { clientId: logged.client.id, action: 'done', touchLogged: true };
}

/** Snoozed for `days`: off the list, back on it `days` days from today. */
export async function snoozeNextBest(
  user: UserItem,
  clientId: string,
  days: number,
  now = new Date(),
): Promise<NextBestFeedback | NotFound<'client'>> {
  const until = addDays(todayIn(user.timeZone, now), days);
  return hideFromNextBest(user, clientId, () => until, 'snooze', now);
}

/**
 * Dismissed: `contacted-elsewhere` logs a touch; `not-relevant` leaves the client out for their rhythm; `wrong-cadence`
 * leaves them out for today (the web app asks for the new rhythm and saves it on the client).
 */
export async function dismissNextBest(
  user: UserItem,
  clientId: string,
  reason: DismissReason,
  now = new Date(),
): Promise<NextBestFeedback | NotFound<'client'>> {
  if (reason === 'contacted-elsewhere') {
    const done = await nextBestDone(user, clientId, now, 'Contacted elsewhere (from Today)');
    return 'kind' in done ? done : { ...done, action: 'dismiss' };
  }
  const today = todayIn(user.timeZone, now);
  const until = (client: RankedFields) =>
    addDays(today, reason === 'wrong-cadence' ? 1 : client.cadenceDays || TIER_RHYTHM_DAYS[tierOf(client)]);
  return hideFromNextBest(user, clientId, until, 'dismiss', now);
}

async function hideFromNextBest(
  user: UserItem,
  clientId: string,
  until: (client: RankedFields) => string,
  action: 'snooze' | 'dismiss',
  now: Date,
): Promise<NextBestFeedback | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return NO_CLIENT;
  const day = until(client);
  const hidden = await changeClient(
    client.agentId,
    client.id,
    { kind: 'next-best-hidden', until: day },
    { now, known: client },
  );
  if (hidden.kind === 'not-found') return NO_CLIENT;
  return { clientId: client.id, action, until: day, touchLogged: false };
}

/** GET /api/clients/{id}/relationship. */
export async function clientRelationship(
  user: UserItem,
  clientId: string,
  now = new Date(),
): Promise<ClientRelationship | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return NO_CLIENT;
  const referrer = client.referredBy ? await getClient(client.agentId, client.referredBy) : undefined;
  const strength = strengthOf(client, now);
  const link = new URL('/client-registration', config().appUrl);
  link.search = new URLSearchParams({ agentId: client.agentId, ref: client.id }).toString();
  return {
    strength: Math.round(strength * 10) / 10,
    level: strengthLevel(strength),
    tier: tierOf(client),
    referrals: client.referrals ?? 0,
    referredBy: referrer ? { id: referrer.id, name: referrer.name } : null,
    lastTouchAt: client.lastTouchAt ?? null,
    referralLink: link.toString(),
  };
}

/** The week (its Monday, YYYY-MM-DD) a date falls in. */
const weekOf = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));
export const REFERRERS_SHOWN = 10;
export const WEEKS_SHOWN = 8;

/** GET /api/insights/referrals: from the book's counters and the days' summaries, never the clients one by one. */
export async function referralInsights(agent: Agent, now = new Date()): Promise<ReferralInsights> {
  const today = todayIn(agent.timeZone, now);
  const firstWeek = addDays(weekOf(today), -7 * (WEEKS_SHOWN - 1));
  const [book, days, current] = await Promise.all([
    readBook(agent.id),
    nextBestDays(agent.id, firstWeek, today),
    getNextBestDay(agent.id),
  ]);
  const top = [...book.referrers].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(0, REFERRERS_SHOWN);
  const clients = await getClientsByIds(
    agent.id,
    top.map(([id]) => id),
  );
  const weeks = new Map(
    Array.from({ length: WEEKS_SHOWN }, (_, i) => [addDays(firstWeek, 7 * i), { suggested: 0, acted: 0 }]),
  );
  const summaries = current && current.date >= firstWeek ? [...days, current] : days;
  for (const day of summaries) {
    const week = weeks.get(weekOf(day.date));
    if (week) {
      week.suggested += day.suggested;
      week.acted += day.acted;
    }
  }
  return {
    topReferrers: top.flatMap(([id, referrals]) => {
      const client = clients.get(id);
      return client ? [{ clientId: id, name: client.name, referrals, tier: tierOf({ ...client, referrals }) }] : [];
    }),
    byMonth: lastMonths(today, 12).map((month) => ({ month, referred: book.referredByMonth.get(month) ?? 0 })),
    weeks: [...weeks].map(([week, counts]) => ({ week, ...counts })),
  };
}
