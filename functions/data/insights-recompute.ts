// `npm run insights:recompute`: rebuilds an agent's insights counters (functions/data/insights.ts)
// from their data, for data written before the counters existed or after an update was missed:
//  - the BOOK item from the clients as they are (overwritten);
//  - the agent's tag counters (functions/data/tags.ts) from the clients' tags (overwritten);
//  - the month counters of the last RECOMPUTE_MONTHS months that the data still shows: messages
//    sent and touches (each client's activity), key dates due (each client's dates from the day it
//    was added) and messaged, reviews requested and submitted with the days between (the client's
//    latest request and review), opt-outs (when each client opted out, if in the book by then),
//    bounces (messages marked bounced or complained). Invitations are not kept per agent after use,
//    so their counters stay.
// It reads the whole book and every client's activity: a maintenance job, not a request. Run it
// while the agent is quiet; an event counted while it runs may be overwritten. The use case
// (functions/services/insights-recompute.ts) also puts each client back in the by-last-contact index.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { lastMonths, todayIn } from '@shared/dates';
import { eventsWithin } from '@shared/reminders';
import { emptyCounts, type MonthCounts } from '../domain/insights';
import { forEachLimited } from '../lib/concurrency';
import type { ClientItem } from './clients';
import { db, fieldsExpression, table } from './db';
import { bookDeltas, monthIn, MONTH_COUNTERS } from './insights';
import { insightsBookKey, insightsMonthKey } from './keys/clients';
import { listActivity, type MessageItem, type TouchItem } from './messages';
import { rebuildTagCounts } from './tags';

export const RECOMPUTE_MONTHS = 24;

const KEY_DATE_OCCASIONS: ReadonlySet<string> = new Set(['birthday', 'anniversary', 'home-anniversary']);

export type InsightsRebuild = { activities: number; months: number };

type Months = Map<string, MonthCounts & { reviewDays: Map<number, number> }>;

/** Rebuilds one agent's counters from their clients (the whole book) as of `now`. */
export async function rebuildAgentInsights(
  agent: { id: string; timeZone?: string | null },
  clients: readonly ClientItem[],
  now = new Date(),
): Promise<InsightsRebuild> {
  const zone = agent.timeZone ?? 'UTC';
  const today = todayIn(zone, now);
  const wanted = lastMonths(today, RECOMPUTE_MONTHS);
  const months: Months = new Map(
    wanted.map((month) => [month, { ...emptyCounts(month), reviewDays: new Map<number, number>() }]),
  );
  const count = (at: string | null | undefined, field: keyof Omit<MonthCounts, 'month' | 'reviewDays'>) => {
    if (!at || Number.isNaN(Date.parse(at))) return;
    const month = months.get(/^\d{4}-\d{2}-\d{2}$/.test(at) ? at.slice(0, 7) : monthIn(zone, new Date(at)));
    if (month) month[field] += 1;
  };

  const book: Record<string, number> = {};
  let activities = 0;
  await forEachLimited(clients, 8, async (client) => {
    for (const [field, n] of Object.entries(bookDeltas(undefined, client))) book[field] = (book[field] ?? 0) + n;

    const activity = await listActivity(client.id);
    activities += activity.length;
    const handled = new Set<string>();
    for (const item of activity) {
      if (item.type === 'touch') count((item as TouchItem).date, (item as TouchItem).kind);
      else {
        const message = item as MessageItem;
        if (message.status === 'bounced' || message.status === 'complained') count(message.sentAt, 'bounces');
        if (!message.sentAt || !['sent', 'bounced', 'complained'].includes(message.status)) continue;
        count(message.sentAt, `${message.channel}${message.automatic ? 'Auto' : 'Manual'}`);
        const year = monthIn(zone, new Date(message.sentAt)).slice(0, 4);
        const key = `${message.occasion}#${year}`;
        if (message.occasion && KEY_DATE_OCCASIONS.has(message.occasion) && !handled.has(key)) {
          handled.add(key);
          count(message.sentAt, 'occasionsMessaged');
        }
      }
    }

    // Key dates that came round while the client was in the book, up to today (as the digest counts them).
    const added = client.createdAt ? todayIn(zone, new Date(client.createdAt)) : `${wanted[0]}-01`;
    const from = [`${wanted[0]}-01`, added].sort().at(-1)!;
    for (const event of eventsWithin([client], from, today)) count(event.date, 'occasionsDue');

    if (client.reviewRequestedAt) {
      count(client.reviewRequestedAt, 'reviewsRequested');
      const reviewed =
        client.reviewStatus === 'submitted' && (client.reviewSubmittedAt ?? '') >= client.reviewRequestedAt;
      if (reviewed) count(client.reviewRequestedAt, 'funnelReviewed');
      if (reviewed || client.reviewLinkOpenedAt) count(client.reviewRequestedAt, 'funnelOpened');
    }
    if (client.reviewStatus === 'submitted' && client.reviewSubmittedAt) {
      count(client.reviewSubmittedAt, 'reviewsSubmitted');
      if (client.reviewRequestedAt) {
        const days = Math.max(
          0,
          Math.floor((Date.parse(client.reviewSubmittedAt) - Date.parse(client.reviewRequestedAt)) / 86_400_000),
        );
        const month = months.get(monthIn(zone, new Date(client.reviewSubmittedAt)));
        if (month && Number.isFinite(days)) month.reviewDays.set(days, (month.reviewDays.get(days) ?? 0) + 1);
      }
    }
    // An opt-out from before the client was added came with it (an erased client's, kept by opt-out-marks.ts): it was
    // counted when that client opted out, once, however many clients share the address or number.
    const own = (at: string | null | undefined) => (at && at >= client.createdAt ? at : undefined);
    if (client.emailOptedOut) count(own(client.emailOptedOutAt), 'optOuts');
    if (client.smsOptedOut) count(own(client.smsOptedOutAt), 'optOuts');
  });

  await db().send(
    new PutCommand({ TableName: table(), Item: { ...insightsBookKey(agent.id), type: 'insights-book', ...book } }),
  );
  await rebuildTagCounts(agent.id, clients);
  for (const month of months.values()) {
    // SET, not ADD: the recomputed fields replace what was counted; the invitation counters stay.
    const fields: Record<string, number> = Object.fromEntries(
      MONTH_COUNTERS.filter((c) => !c.startsWith('invitations')).map((c) => [c, month[c]]),
    );
    for (const [days, n] of month.reviewDays) fields[`revd${days}`] = n;
    const entries = Object.entries(fields);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: insightsMonthKey(agent.id, month.month),
        ...fieldsExpression('SET', entries),
      }),
    );
  }
  return { activities, months: months.size };
}
