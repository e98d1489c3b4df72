// The agent's insights (GET /api/insights and the monthly summary): counters and indexes kept on
// write (functions/data/insights.ts), so a read costs the same for 50 clients or 50,000: one Query of
// the month counters, one GetItem of the book, one page of gsi3 with its BatchGet, and a COUNT over
// the clients contacted in the last 90 days (keys only); and the Google location's rating (one GetItem).
import type { Insights } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { toClient } from '../data/clients';
import { getConnection, locationRating } from '../data/google-connections';
import { countContactedSince, quietClients, readInsightCounters } from '../data/insights';
import type { UserItem } from '../data/users';
import { buildInsights, QUIET_LIST_LIMIT, quietCutoff } from '../domain/insights';

export type InsightsAgent = Pick<UserItem, 'id' | 'timeZone'> & { clientCount?: number };

/** `months` months ending with the month of `today` in the agent's zone (today's date unless given). */
export async function readInsights(
  agent: InsightsAgent,
  months: number,
  now = new Date(),
  today = todayIn(agent.timeZone, now),
): Promise<Insights> {
  const cutoff = quietCutoff(today);
  const fromMonth = shiftMonth(today.slice(0, 7), -(months - 1));
  const [{ months: counts, book }, quiet, contacted, connection] = await Promise.all([
    readInsightCounters(agent.id, fromMonth),
    quietClients(agent.id, cutoff, QUIET_LIST_LIMIT),
    countContactedSince(agent.id, cutoff),
    getConnection(agent.id),
  ]);
  const clients = Math.max(0, Number(agent.clientCount ?? 0) || 0);
  return buildInsights({
    today,
    timeZone: agent.timeZone,
    months,
    counts,
    book: { clients, bands: book.bands, days: book.days },
    reach: {
      // The plan counter counts the book; the quiet are those not contacted since the cutoff.
      count: Math.max(quiet.length, clients - contacted),
      clients: quiet.map((client) => ({ ...toClient(client), lastContactAt: client.lastContactDate ?? null })),
    },
    googleRating: locationRating(connection),
  });
}

/** `2026-01` shifted by -2 → `2025-11`. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
