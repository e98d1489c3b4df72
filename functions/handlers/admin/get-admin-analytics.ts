// GET /api/admin/analytics: platform totals and the last 12 months from the counters (one Query of
// the STATS partition) and the agents index; never a read of the clients themselves.
import { lastMonths } from '@shared/dates';
import { listAgents } from '../../data/agents';
import { readStats } from '../../data/stats';
import { ANALYTICS_MONTHS, buildAnalytics } from '../../domain/analytics';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('admin/get-admin-analytics', {}, async () => {
  const months = lastMonths(new Date().toISOString().slice(0, 10), ANALYTICS_MONTHS);
  const [stats, agents] = await Promise.all([readStats(months[0]!), listAgents()]);
  return { body: buildAnalytics({ months, totals: stats.total, perMonth: stats.months, agents }) };
});
