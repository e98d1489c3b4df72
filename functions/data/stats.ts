// Platform counters for the admin analytics (DESIGN §5), updated with atomic ADDs on each write so
// analytics never read every client. STATS/TOTAL holds the current totals; STATS/MONTH#m holds
// what happened in month m among what still exists (clients created, reviews submitted, reminders).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './db';
import { statsMonthKey, statsTotalKey } from './keys';

export type StatField = 'agents' | 'proAgents' | 'clients' | 'reviews' | 'reminders';

export async function addToStats(deltas: Partial<Record<StatField, number>>, at: Date = new Date()): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => v && Number.isFinite(v)) as Array<[StatField, number]>;
  if (entries.length === 0) return;
  const names = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]));
  const values = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]));
  const update = `ADD ${entries.map((_, i) => `#f${i} :v${i}`).join(', ')}`;
  const month = at.toISOString().slice(0, 7);
  await Promise.all(
    [statsTotalKey(), statsMonthKey(month)].map((Key) =>
      db().send(new UpdateCommand({ TableName: table(), Key, UpdateExpression: update, ExpressionAttributeNames: names, ExpressionAttributeValues: values })),
    ),
  );
}
