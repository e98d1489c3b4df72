// The platform's analytics for administrators: totals and the last 12 months from the counters (one Query of the STATS
// partition) and the agents index; never a read of the clients themselves. The months are the platform's reporting
// zone's (REPORTING_TIME_ZONE), as the counters take them.
import type { AdminAnalytics } from '@shared/api-types';
import { lastMonths, todayIn } from '@shared/dates';
import { config } from '../config';
import { listAgents } from '../data/agents';
import { readStats } from '../data/stats';
import { ANALYTICS_MONTHS, buildAnalytics } from '../domain/analytics';

export async function readAdminAnalytics(now = new Date()): Promise<AdminAnalytics> {
  const timeZone = config().reportingTimeZone;
  const months = lastMonths(todayIn(timeZone, now), ANALYTICS_MONTHS);
  const [stats, agents] = await Promise.all([readStats(months[0]!), listAgents()]);
  return buildAnalytics({ months, totals: stats.total, perMonth: stats.months, agents, timeZone });
}
