// The admin analytics from counters and the agents index: no AWS here, plain values in and out.
import type { AdminAnalytics, MonthCount } from '@shared/api-types';

export const ANALYTICS_MONTHS = 12;

export type MonthCounters = { clients: number; reviews: number; reminders: number };
export type AgentCount = { id: string; username: string; isPro: boolean; clientCount: number };

/** Average with one decimal (the admin analytics' Avg Clients/Agent); 0 when there are no agents. */
export function averageOneDecimal(total: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((total / count) * 10) / 10;
}

export function buildAnalytics(input: {
  months: readonly string[];
  totals: { agents: number; proAgents: number; clients: number };
  perMonth: ReadonlyMap<string, MonthCounters>;
  agents: readonly AgentCount[];
  /** The zone `months` are in. */
  timeZone: string;
}): AdminAnalytics {
  const series = (field: keyof MonthCounters): MonthCount[] =>
    input.months.map((month) => ({ month, count: Math.max(0, input.perMonth.get(month)?.[field] ?? 0) }));
  const totalAgents = Math.max(0, input.totals.agents);
  const totalClients = Math.max(0, input.totals.clients);
  return {
    overview: {
      totalAgents,
      totalClients,
      proAgents: Math.max(0, input.totals.proAgents),
      averageClientsPerAgent: averageOneDecimal(totalClients, totalAgents),
    },
    clientGrowth: series('clients'),
    reviewsOverTime: series('reviews'),
    remindersOverTime: series('reminders'),
    agentDetails: input.agents.map(({ id, username, isPro, clientCount }) => ({
      id,
      username,
      isPro,
      clientCount: Math.max(0, clientCount),
    })),
    timeZone: input.timeZone,
  };
}
