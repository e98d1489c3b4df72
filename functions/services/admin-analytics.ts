// The platform's analytics for administrators: totals and the last 12 months from the counters (one Query of the STATS
// partition) and the agents index; never a read of the clients themselves.
import type { AdminAnalytics } from '@shared/api-types';
import { lastMonths } from '@shared/dates';
import { listAgents } from '../data/agents';
import { readStats } from '../data/stats';
import { ANALYTICS_MONTHS, buildAnalytics } from '../domain/analytics';

export async function readAdminAnalytics(now = new Date()): Promise<AdminAnalytics> {
  const months = lastMonths(now.toISOString().slice(0, 10), ANALYTICS_MONTHS);
  const [stats, agents] = await Promise.all([readStats(months[0]!), listAgents()]);
  return buildAnalytics({ months, totals: stats.total, perMonth: stats.months, agents });
}
