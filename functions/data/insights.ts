// An agent's insights (GET /api/insights, the monthly summary), read from counters kept on write so
// the cost of a read does not grow with the book (docs/architecture.md, Data model):
//  - INSIGHTS#<agent> / M#<YYYY-MM>: what happened in that month of the agent's time zone (messages
//    sent by channel, manual or automatic; touches by kind; key dates due and messaged; reviews
//    requested and submitted, with the days between; invitations sent and completed; opt-outs,
//    bounces). ADD on each event.
//  - INSIGHTS#<agent> / BOOK: the book as it is (clients per completion band, key dates per MM-DD),
//    adjusted by the difference between a client's item before and after each write.
//  - gsi3 of the client items (CONTACT#<agent>, by last contact): the quiet clients.
// Like the platform counters (functions/data/stats.ts) an update never fails the user's write: a
// missed one is logged and `npm run insights:recompute` rebuilds the counters from the data.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompletionBand } from '@shared/api-types';
import { profileCompletion, type CompletionClient } from '@shared/completion';
import { todayIn } from '@shared/dates';
import { emptyCounts, type MonthCounts } from '../domain/insights';
import { createLogger } from '../observability/logger';
import type { ClientItem } from './clients';
import { batchGet, countQuery, db, fieldsExpression, queryAll, table, writeIf } from './db';
import { occasionEntries } from '../domain/occasions';
import {
  clientKey,
  contactPartition,
  INSIGHTS_MONTH_PREFIX,
  insightsBookKey,
  insightsMonthKey,
  insightsPartition,
} from './keys/clients';
import { handledOccasionKey, monthlySummaryKey } from './keys/jobs';
import { GSI3, ownerIndexKeys } from './keys/table';
import { userKey } from './keys/users';

const log = createLogger({ module: 'insights' });

/**
 * The month counters (every field of MonthCounts but the month and the histogram). `revd<N>`: reviews submitted N days
 * after they were requested.
 */
export const MONTH_COUNTERS = Object.keys(emptyCounts('')).filter(
  (k) => k !== 'month' && k !== 'reviewDays',
) as MonthCounter[];
export type MonthCounter = Exclude<keyof MonthCounts, 'month' | 'reviewDays'>;
export type MonthDeltas = Partial<Record<MonthCounter | `revd${number}`, number>>;

export const COMPLETION_BANDS: readonly CompletionBand[] = ['0-24', '25-49', '50-74', '75-99', '100'];

/** The band of a completion percentage. */
export function completionBand(client: CompletionClient): CompletionBand {
  const percent = profileCompletion(client);
  if (percent >= 100) return '100';
  if (percent >= 75) return '75-99';
  if (percent >= 50) return '50-74';
  if (percent >= 25) return '25-49';
  return '0-24';
}

/** `YYYY-MM` of an instant in a time zone. */
export function monthIn(timeZone: string, at: Date): string {
  return todayIn(timeZone, at).slice(0, 7);
}

/** The agent's time zone (one GetItem of one attribute), for writers that have only the agent's id. */
export async function agentTimeZone(agentId: string): Promise<string | undefined> {
  // timeZone is a DynamoDB reserved word.
  const out = await db().send(
    new GetCommand({
      TableName: table(),
      Key: userKey(agentId),
      ProjectionExpression: '#tz',
      ExpressionAttributeNames: { '#tz': 'timeZone' },
    }),
  );
  return typeof out.Item?.timeZone === 'string' ? out.Item.timeZone : undefined;
}

/** ADDs to one item; never throws (see the header). */
async function addTo(Key: Record<string, string>, deltas: Record<string, number>, what: string): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => v && Number.isFinite(v));
  if (entries.length === 0) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key,
        ...fieldsExpression('ADD', entries),
      }),
    );
  } catch (error) {
    log.warn(`${what} missed (npm run insights:recompute heals it)`, { key: Key, deltas, error });
  }
}

/**
 * Counts events of the agent's month that contains `at` in the agent's time zone (given, or read
 * from the agent's item). Never throws.
 */
export async function countInsights(
  agentId: string,
  deltas: MonthDeltas,
  at: Date = new Date(),
  timeZone?: string,
): Promise<void> {
  try {
    const zone = timeZone ?? (await agentTimeZone(agentId)) ?? 'UTC';
    await addTo(insightsMonthKey(agentId, monthIn(zone, at)), deltas as Record<string, number>, 'insights counter');
  } catch (error) {
    log.warn('insights counter missed (npm run insights:recompute heals it)', { agentId, deltas, error });
  }
}

type BookClient = CompletionClient & {
  agentId: string;
  id: string;
  birthday?: string | null;
  anniversary?: string | null;
  purchaseDate?: string | null;
  createdAt?: string;
  registrationPendingAt?: string | null;
  referredBy?: string | null;
  referrals?: number;
};

/** The BOOK's field of a referrer's count, and of the referred clients added in a month (UTC `YYYY-MM`). */
const REFERRER_FIELD = 'referrer:';
const REFERRED_FIELD = 'referred:';

/** What a write changed in the BOOK item: the client's band, and its key dates by MM-DD. */
export function bookDeltas(before: BookClient | undefined, after: BookClient | undefined): Record<string, number> {
  const deltas: Record<string, number> = {};
  const add = (field: string, n: number) => {
    deltas[field] = (deltas[field] ?? 0) + n;
    if (deltas[field] === 0) delete deltas[field];
  };
  if (before) add(`band${completionBand(before)}`, -1);
  if (after) add(`band${completionBand(after)}`, 1);
  if (before?.reviewStatus === 'submitted') add('reviews', -1);
  if (after?.reviewStatus === 'submitted') add('reviews', 1);
  if (before?.reviewStatus === 'requested') add('reviewsAwaiting', -1);
  if (after?.reviewStatus === 'requested') add('reviewsAwaiting', 1);
  for (const entry of before ? occasionEntries(before) : []) add(`day${entry.monthDay}`, -1);
  for (const entry of after ? occasionEntries(after) : []) add(`day${entry.monthDay}`, 1);
  // The referrals: each referrer's count, and the referred clients (in the book: not a pending registration) by the
  // month they were added, for GET /api/insights/referrals.
  if (before?.referrals) add(`${REFERRER_FIELD}${before.id}`, -before.referrals);
  if (after?.referrals) add(`${REFERRER_FIELD}${after.id}`, after.referrals);
  const referred = (client: BookClient | undefined) =>
    client?.referredBy && client.createdAt && !client.registrationPendingAt ? client.createdAt.slice(0, 7) : null;
  const was = referred(before);
  const is = referred(after);
  if (was) add(`${REFERRED_FIELD}${was}`, -1);
  if (is) add(`${REFERRED_FIELD}${is}`, 1);
  return deltas;
}

/** ADDs summed deltas to the BOOK item (a batch of clients at once). Never throws. */
export async function addToBook(agentId: string, deltas: Record<string, number>): Promise<void> {
  await addTo(insightsBookKey(agentId), deltas, 'book counter');
}

/** The sum of several clients' deltas. */
export function sumBookDeltas(all: ReadonlyArray<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const deltas of all) for (const [field, n] of Object.entries(deltas)) sum[field] = (sum[field] ?? 0) + n;
  return sum;
}

/**
 * True the first time a client's occasion of a year is messaged (kept 400 days): the occasion counts as handled once.
 */
export async function markOccasionHandled(
  agentId: string,
  clientId: string,
  occasion: string,
  year: string,
  now = new Date(),
): Promise<boolean> {
  try {
    return await writeIf(
      new PutCommand({
        TableName: table(),
        Item: {
          ...handledOccasionKey(agentId, clientId, occasion, year),
          ...ownerIndexKeys(agentId, handledOccasionKey(agentId, clientId, occasion, year), clientId),
          type: 'occasion-handled',
          at: now.toISOString(),
          ttl: Math.floor(now.getTime() / 1000) + 400 * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    log.warn('occasion-handled marker missed', { agentId, clientId, occasion, error });
    return false;
  }
}

/** Claims the monthly summary of `month` for the agent (once); false when it was claimed already. */
export function claimMonthlySummary(agentId: string, month: string, now = new Date()): Promise<boolean> {
  return writeIf(
    new PutCommand({
      TableName: table(),
      Item: {
        ...monthlySummaryKey(agentId, month),
        ...ownerIndexKeys(agentId, monthlySummaryKey(agentId, month)),
        type: 'monthly-summary',
        at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + 120 * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Gives the month's summary back (it could not be sent): the next run sends it. */
export async function releaseMonthlySummary(agentId: string, month: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: monthlySummaryKey(agentId, month) }));
}

export type BookRecord = {
  bands: Record<CompletionBand, number>;
  days: Map<string, number>;
  reviews: number;
  reviewsAwaiting: number;
  /** Each referrer's referrals (client id → count, only those above 0). */
  referrers: Map<string, number>;
  /** Referred clients by the UTC month they were added (`YYYY-MM` → count). */
  referredByMonth: Map<string, number>;
};

function toMonth(item: Record<string, unknown>): MonthCounts {
  const month: MonthCounts & { reviewDays: Map<number, number> } = {
    ...emptyCounts(String(item.sk).slice(INSIGHTS_MONTH_PREFIX.length)),
    reviewDays: new Map(),
  };
  for (const counter of MONTH_COUNTERS) month[counter] = Number(item[counter] ?? 0) || 0;
  for (const [field, value] of Object.entries(item)) {
    const days = /^revd(\d+)$/.exec(field);
    if (days) month.reviewDays.set(Number(days[1]), Number(value) || 0);
  }
  return month;
}

function toBook(item: Record<string, unknown> | undefined): BookRecord {
  const bands = Object.fromEntries(
    COMPLETION_BANDS.map((band) => [band, Math.max(0, Number(item?.[`band${band}`] ?? 0) || 0)]),
  ) as Record<CompletionBand, number>;
  const days = new Map<string, number>();
  const referrers = new Map<string, number>();
  const referredByMonth = new Map<string, number>();
  for (const [field, value] of Object.entries(item ?? {})) {
    const n = Math.max(0, Number(value) || 0);
    if (field.startsWith('day')) days.set(field.slice(3), n);
    else if (field.startsWith(REFERRER_FIELD) && n > 0) referrers.set(field.slice(REFERRER_FIELD.length), n);
    else if (field.startsWith(REFERRED_FIELD) && n > 0) referredByMonth.set(field.slice(REFERRED_FIELD.length), n);
  }
  const count = (field: string) => Math.max(0, Number(item?.[field] ?? 0) || 0);
  return {
    bands,
    days,
    reviews: count('reviews'),
    reviewsAwaiting: count('reviewsAwaiting'),
    referrers,
    referredByMonth,
  };
}

/** The BOOK item alone (one GetItem). */
export async function readBook(agentId: string): Promise<BookRecord> {
  return toBook((await db().send(new GetCommand({ TableName: table(), Key: insightsBookKey(agentId) }))).Item);
}

/** The month counters from `fromMonth` on (one Query) and the BOOK item (one GetItem). */
export async function readInsightCounters(
  agentId: string,
  fromMonth: string,
): Promise<{ months: MonthCounts[]; book: BookRecord }> {
  const [months, book] = await Promise.all([readMonthCounters(agentId, fromMonth), readBook(agentId)]);
  return { months, book };
}

/** The month counters from `fromMonth` on (one Query). */
export async function readMonthCounters(agentId: string, fromMonth: string): Promise<MonthCounts[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': insightsPartition(agentId),
      ':from': `${INSIGHTS_MONTH_PREFIX}${fromMonth}`,
      ':to': `${INSIGHTS_MONTH_PREFIX}9999`,
    },
  });
  return items.map(toMonth);
}

/**
 * The clients last contacted before `cutoff` (YYYY-MM-DD) or never, quietest first: one Query of
 * gsi3 for `limit` keys, then one BatchGet of those clients.
 */
export async function quietClients(agentId: string, cutoff: string, limit: number): Promise<ClientItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI3,
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :cutoff',
      ExpressionAttributeValues: { ':pk': contactPartition(agentId), ':cutoff': cutoff },
      Limit: limit,
    }),
  );
  const ids = (out.Items ?? []).map((item) => String(item.sk).slice('CLIENT#'.length));
  if (ids.length === 0) return [];
  const clients = await batchGet<ClientItem>(ids.map((id) => clientKey(agentId, id)));
  const byId = new Map(clients.map((client) => [client.id, client]));
  return ids.map((id) => byId.get(id)).filter((client): client is ClientItem => client !== undefined);
}

/**
 * How many of the agent's clients were contacted on or after `cutoff`: a COUNT over that part of gsi3 (keys only),
 * paged.
 */
export function countContactedSince(agentId: string, cutoff: string): Promise<number> {
  return countQuery({
    IndexName: GSI3,
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :cutoff',
    ExpressionAttributeValues: { ':pk': contactPartition(agentId), ':cutoff': cutoff },
  });
}
