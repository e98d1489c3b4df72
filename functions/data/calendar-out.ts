// The mark on an agent's Google connection that their clients changed what the app's Hearthside calendar should hold
// (a key date, a check-in's day, a name, a client added or deleted), and the index of the marked connections that the
// calendar-out job reads every few minutes (functions/jobs/calendar-out.ts). The client record marks it after each
// write whose calendar events moved (functions/client-record/derived.ts): the agent sees the change in Google within
// minutes instead of at the next hourly sync. A burst of changes is one mark, so one write-out.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createLogger } from '../observability/logger';
import { db, table, writeIf } from './db';
import { CALENDAR_OUT_PARTITION, calendarOutIndexKeys, googleConnectionKey } from './keys/reviews';
import { GSI3 } from './keys/table';

const log = createLogger({ module: 'calendar-out' });

/**
 * Marks the agent's calendar as owing Google a write, when Calendar is on and it is not marked yet: one conditional
 * write, refused at once for an agent without Calendar. Never throws: the hourly sync writes the calendar anyway.
 */
export async function markCalendarOutDue(agentId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const keys = calendarOutIndexKeys(agentId, at);
  try {
    await writeIf(
      new UpdateCommand({
        TableName: table(),
        Key: googleConnectionKey(agentId),
        UpdateExpression: 'SET calendarOutDueAt = :at, gsi3pk = :pk, gsi3sk = :sk',
        ConditionExpression: 'attribute_exists(calendarFeature) AND attribute_not_exists(calendarOutDueAt)',
        ExpressionAttributeValues: { ':at': at, ':pk': keys.gsi3pk, ':sk': keys.gsi3sk },
      }),
    );
  } catch (error) {
    log.warn('calendar mark missed (the hourly sync writes the calendar)', { agentId, error });
  }
}

/** The calendars owing Google a write, the longest waiting first (at most `limit`): each agent and its mark. */
export async function calendarsOutDue(limit: number): Promise<Array<{ agentId: string; dueAt: string }>> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI3,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': CALENDAR_OUT_PARTITION },
      Limit: limit,
    }),
  );
  return ((out.Items ?? []) as Array<{ gsi3sk: string }>).map(({ gsi3sk }) => {
    const cut = gsi3sk.lastIndexOf('#');
    return { dueAt: gsi3sk.slice(0, cut), agentId: gsi3sk.slice(cut + 1) };
  });
}

/**
 * Takes the mark as it was read (`dueAt`): true when this run took it (another run may have). Taken before the
 * calendar is written, so a change made while it is written marks it again.
 */
export async function takeCalendarOutDue(agentId: string, dueAt: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression: 'REMOVE calendarOutDueAt, gsi3pk, gsi3sk',
      ConditionExpression: 'calendarOutDueAt = :at',
      ExpressionAttributeValues: { ':at': dueAt },
    }),
  );
}
