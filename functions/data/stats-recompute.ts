// Rebuilds the analytics counters and each agent's clientCount from the data, and reports the drift
// it found (a crash between a write and its counter update, a bug, a manual edit). An offline tool
// (`npm run stats:recompute`): unlike any request, it reads every agent and every client. Fixes are
// conditional on the value it read, so a write that lands meanwhile is reported, not overwritten.
// The reminders counter has no source data to rebuild from (the daily job counts what it sends):
// it is left as it is.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionalCheckFailed, queryAll, table } from './db';
import { gsi1Pages } from './export-sources';
import { AGENTS_PARTITION, CLIENTS_PARTITION, STATS_MONTH_PREFIX, STATS_PARTITION, STATS_TOTAL_SK, userKey } from './keys';

export type Drift = { item: string; field: string; stored: number; actual: number };
export type RecomputeReport = { agents: number; clients: number; drift: Drift[]; fixed: Drift[]; conflicts: Drift[] };

const TOTAL_FIELDS = ['agents', 'proAgents', 'clients', 'reviews'] as const;
const MONTH_FIELDS = ['agents', 'clients', 'reviews'] as const;

type Counts = Record<string, number>;

const monthOf = (stamp: unknown): string | undefined => (typeof stamp === 'string' && /^\d{4}-\d{2}/.test(stamp) ? stamp.slice(0, 7) : undefined);
const bump = (map: Map<string, Counts>, key: string, field: string) => {
  const counts = map.get(key) ?? {};
  counts[field] = (counts[field] ?? 0) + 1;
  map.set(key, counts);
};

/** Compares the counters with the data; writes nothing. */
export async function findDrift(): Promise<{ agents: number; clients: number; drift: Drift[] }> {
  // Counters first: a write after this read shows up as a conflict when fixing, never as a lost update.
  const stored = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': STATS_PARTITION }, ConsistentRead: true });

  const total: Counts = { agents: 0, proAgents: 0, clients: 0, reviews: 0 };
  const months = new Map<string, Counts>();
  const agentCounts = new Map<string, { stored: number; actual: number }>();
  for await (const page of gsi1Pages<{ id: string; isPro?: boolean; clientCount?: number; signupDate?: string }>(AGENTS_PARTITION, ['id', 'isPro', 'clientCount', 'signupDate'])) {
    for (const agent of page) {
      total.agents! += 1;
      if (agent.isPro === true) total.proAgents! += 1;
      const month = monthOf(agent.signupDate);
      if (month) bump(months, month, 'agents');
      agentCounts.set(agent.id, { stored: Number(agent.clientCount ?? 0), actual: 0 });
    }
  }
  for await (const page of gsi1Pages<{ agentId: string; createdAt?: string; reviewStatus?: string; reviewSubmittedAt?: string }>(CLIENTS_PARTITION, ['agentId', 'createdAt', 'reviewStatus', 'reviewSubmittedAt'])) {
    for (const client of page) {
      total.clients! += 1;
      const created = monthOf(client.createdAt);
      if (created) bump(months, created, 'clients');
      if (client.reviewStatus === 'submitted') {
        total.reviews! += 1;
        const submitted = monthOf(client.reviewSubmittedAt);
        if (submitted) bump(months, submitted, 'reviews');
      }
      const agent = agentCounts.get(client.agentId);
      if (agent) agent.actual += 1;
    }
  }

  const drift: Drift[] = [];
  const storedBySk = new Map(stored.map((item) => [String(item.sk), item]));
  const compare = (sk: string, fields: readonly string[], actual: Counts) => {
    for (const field of fields) {
      const was = Number(storedBySk.get(sk)?.[field] ?? 0) || 0;
      const now = actual[field] ?? 0;
      if (was !== now) drift.push({ item: `STATS/${sk}`, field, stored: was, actual: now });
    }
  };
  compare(STATS_TOTAL_SK, TOTAL_FIELDS, total);
  const monthKeys = new Set([...months.keys(), ...[...storedBySk.keys()].filter((sk) => sk.startsWith(STATS_MONTH_PREFIX)).map((sk) => sk.slice(STATS_MONTH_PREFIX.length))]);
  for (const month of [...monthKeys].sort()) compare(`${STATS_MONTH_PREFIX}${month}`, MONTH_FIELDS, months.get(month) ?? {});
  for (const [id, counts] of agentCounts) {
    if (counts.stored !== counts.actual) drift.push({ item: `USER#${id}`, field: 'clientCount', stored: counts.stored, actual: counts.actual });
  }

  return { agents: total.agents!, clients: total.clients!, drift };
}

/** Sets each drifted counter to its actual value, unless it changed since it was read (a conflict: run again). */
export async function applyFixes(drift: readonly Drift[]): Promise<{ fixed: Drift[]; conflicts: Drift[] }> {
  const fixed: Drift[] = [];
  const conflicts: Drift[] = [];
  for (const d of drift) {
    try {
      await setIfUnchanged(d);
      fixed.push(d);
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      conflicts.push(d);
    }
  }
  return { fixed, conflicts };
}

export async function recomputeStats({ fix = true }: { fix?: boolean } = {}): Promise<RecomputeReport> {
  const found = await findDrift();
  const { fixed, conflicts } = fix ? await applyFixes(found.drift) : { fixed: [], conflicts: [] };
  return { ...found, fixed, conflicts };
}

async function setIfUnchanged(d: Drift): Promise<void> {
  const isUser = d.item.startsWith('USER#');
  const Key = isUser ? userKey(d.item.slice('USER#'.length)) : { pk: STATS_PARTITION, sk: d.item.slice('STATS/'.length) };
  const unchanged = d.stored === 0 ? '(attribute_not_exists(#f) OR #f = :was)' : '#f = :was';
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key,
      UpdateExpression: 'SET #f = :now',
      ConditionExpression: isUser ? `attribute_exists(pk) AND ${unchanged}` : unchanged,
      ExpressionAttributeNames: { '#f': d.field },
      ExpressionAttributeValues: { ':now': d.actual, ':was': d.stored },
    }),
  );
}

/** The report as lines for a terminal. */
export function describeRecompute(report: RecomputeReport, dryRun: boolean): string[] {
  const lines = [`Read ${report.agents} agents and ${report.clients} clients.`];
  if (report.drift.length === 0) return [...lines, 'No drift: every counter matches the data.'];
  for (const d of report.drift) {
    const state = report.conflicts.includes(d) ? 'changed meanwhile, left as is (run again)' : dryRun ? 'would fix' : 'fixed';
    lines.push(`${d.item} ${d.field}: stored ${d.stored}, actual ${d.actual} (${d.actual - d.stored >= 0 ? '+' : ''}${d.actual - d.stored}) — ${state}`);
  }
  lines.push(dryRun ? `${report.drift.length} counters drifted (dry run: nothing written).` : `${report.fixed.length} of ${report.drift.length} drifted counters fixed.`);
  return lines;
}
