// The next best touch as stored: one item per agent holding the list of their latest day (computed by the morning job,
// or by the first read of a day the job has not reached), so GET /api/today/next-best is one read; and one small item
// per past day with how many touches were suggested and how many were acted on (the insights' weeks). A touch, a
// snooze or a dismissal takes the client off the day's list with one conditional update (dropFromNextBest), the
// client record calling it when the client's last touch or hiding moves.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RankedEntry } from '../domain/next-best';
import { createLogger } from '../observability/logger';
import { db, getItem, queryAll, sendIf, table } from './db';
import { nextBestDayKey, nextBestKey, NEXT_BEST_SK } from './keys/clients';

export type NextBestDayItem = {
  pk: string;
  sk: string;
  type: 'next-best';
  agentId: string;
  /** The agent's date the list is for (YYYY-MM-DD, their time zone). */
  date: string;
  computedAt: string;
  /** The list by client id (DynamoDB keeps no order in a map: the reader sorts by score, then id). */
  entries: Record<string, RankedEntry>;
  /** How many clients the list held when it was computed, and how many were acted on (touched) since. */
  suggested: number;
  acted: number;
};

/** A past day: how many touches were suggested, and how many acted on. */
export type NextBestDaySummary = { date: string; suggested: number; acted: number };

export function getNextBestDay(agentId: string): Promise<NextBestDayItem | undefined> {
  return getItem<NextBestDayItem>(nextBestKey(agentId), { consistent: true });
}

/**
 * Stores the list of `date`, unless a list of a later day is there already; the day it replaces is kept as a summary
 * first. The item stored, or undefined when a later day's list was there (nothing written).
 */
export async function putNextBestDay(
  agentId: string,
  date: string,
  entries: readonly RankedEntry[],
  now: Date,
  replaced?: NextBestDayItem,
): Promise<NextBestDayItem | undefined> {
  if (replaced && replaced.date < date) {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...nextBestDayKey(agentId, replaced.date),
          type: 'next-best-day',
          agentId,
          date: replaced.date,
          suggested: replaced.suggested,
          acted: replaced.acted,
        },
      }),
    );
  }
  const item: NextBestDayItem = {
    ...nextBestKey(agentId),
    type: 'next-best',
    agentId,
    date,
    computedAt: now.toISOString(),
    entries: Object.fromEntries(entries.map((entry) => [entry.clientId, entry])),
    suggested: entries.length,
    acted: 0,
  };
  const written = await sendIf(
    new PutCommand({
      TableName: table(),
      Item: item,
      ConditionExpression: 'attribute_not_exists(#date) OR #date <= :date',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: { ':date': date },
    }),
  );
  return written ? item : undefined;
}

const log = createLogger({ module: 'next-best' });

/**
 * Takes the client off the agent's latest list, counting it as acted on when `acted` (a touch, not a snooze); false
 * when the list did not hold the client (the common case: one refused conditional update, nothing written). Never
 * throws: it follows the client's own write, which it must not fail (the next day's list is computed afresh).
 */
export async function dropFromNextBest(agentId: string, clientId: string, acted: boolean): Promise<boolean> {
  try {
    return await dropEntry(agentId, clientId, acted);
  } catch (error) {
    log.error('client not taken off the next best touch list', { error, agentId, clientId });
    return false;
  }
}

async function dropEntry(agentId: string, clientId: string, acted: boolean): Promise<boolean> {
  const written = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: nextBestKey(agentId),
      UpdateExpression: acted ? 'REMOVE entries.#client ADD acted :one' : 'REMOVE entries.#client',
      ConditionExpression: 'attribute_exists(entries.#client)',
      ExpressionAttributeNames: { '#client': clientId },
      ExpressionAttributeValues: acted ? { ':one': 1 } : undefined,
    }),
  );
  return written !== undefined;
}

/**
 * Puts the client's entry on the stored list of `date` as it ranks now (a referral just credited): only when the
 * stored list is that day's. False when it is not (the day's computation will rank the client anyway).
 */
export async function putNextBestEntry(agentId: string, date: string, entry: RankedEntry): Promise<boolean> {
  const written = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: nextBestKey(agentId),
      UpdateExpression: 'SET entries.#client = :entry',
      ConditionExpression: '#date = :date',
      ExpressionAttributeNames: { '#client': entry.clientId, '#date': 'date' },
      ExpressionAttributeValues: { ':entry': entry, ':date': date },
    }),
  );
  return written !== undefined;
}

/** The summaries of the days from `first` through `last` (YYYY-MM-DD), oldest first. */
export async function nextBestDays(agentId: string, first: string, last: string): Promise<NextBestDaySummary[]> {
  const items = await queryAll<NextBestDaySummary>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': nextBestKey(agentId).pk,
      ':first': `${NEXT_BEST_SK}#${first}`,
      ':last': `${NEXT_BEST_SK}#${last}`,
    },
    ProjectionExpression: '#date, suggested, acted',
    ExpressionAttributeNames: { '#date': 'date' },
  });
  return items.map(({ date, suggested, acted }) => ({ date, suggested, acted }));
}
