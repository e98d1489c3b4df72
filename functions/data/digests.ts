// The daily digest record DIGEST#<agentId>#<date>: once per agent per local day, whatever SQS
// delivers. Without transactions (docs/architecture.md, Data model) the worker claims the day with a conditional put
// BEFORE it sends anything ('sending'), and marks it 'sent' after.
//
// Exactly once or at least once? Exactly-once delivery of an e-mail cannot be promised by any
// system that sends through a provider: a crash after SES accepted the message but before the
// record says 'sent' leaves us not knowing. So: duplicate and concurrent messages (SQS delivers at
// least once; the scheduler may retry) never send twice, because the claim is one conditional
// write; a clean failure (the provider refused) releases the claim so the retry sends; and a claim
// left by a crash is taken over once it is older than 15 minutes. In that last, rare case the agent
// may get the digest twice, which we prefer to never getting it: a missed birthday reminder is worse
// than a repeated e-mail. Until then, a message that finds the day claimed by someone else is
// retried later (it is reported as a batch item failure), so a crashed claim is always healed.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { AgentZone } from '../domain/digest-schedule';
import { getItem, table, writeIf } from './db';
import { gsi1Pages } from './export-sources';
import { digestKey } from './keys/jobs';
import { ownerIndexKeys } from './keys/table';
import { AGENTS_PARTITION } from './keys/users';

export const STALE_CLAIM_MS = 15 * 60_000;
/** Records are kept 60 days (TTL): long past any retry, short enough to cost nothing. */
const KEEP_SECONDS = 60 * 24 * 3600;

export type DigestStatus = 'sending' | 'sent';

export type DigestOutcome = { emailed: boolean; texted: boolean; events: number; remindersCounted: number };

export type DigestRecord = {
  pk: string;
  sk: string;
  type: 'digest';
  /** The owner index (keys/table.ts `ownerIndexKeys`): found when the account or the client is erased. */
  gsi2pk?: string;
  gsi2sk?: string;
  agentId: string;
  date: string;
  status: DigestStatus;
  claimId: string;
  claimedAt: string;
  sentAt?: string;
  ttl: number;
} & Partial<DigestOutcome>;

export type Claim = { claimed: true; claimId: string } | { claimed: false; status: DigestStatus | 'released' };

/** Claims the agent's day: only one worker at a time gets `claimed: true`, and never after 'sent'. */
export async function claimDigest(agentId: string, date: string, now: Date = new Date()): Promise<Claim> {
  const claimId = randomUUID();
  const record: DigestRecord = {
    ...digestKey(agentId, date),
    ...ownerIndexKeys(agentId, digestKey(agentId, date)),
    type: 'digest',
    agentId,
    date,
    status: 'sending',
    claimId,
    claimedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
  const claimed = await writeIf(
    new PutCommand({
      TableName: table(),
      Item: record,
      ConditionExpression: 'attribute_not_exists(pk) OR (#status = :sending AND claimedAt < :staleBefore)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sending': 'sending',
        ':staleBefore': new Date(now.getTime() - STALE_CLAIM_MS).toISOString(),
      },
    }),
  );
  if (claimed) return { claimed: true, claimId };
  const existing = await getDigest(agentId, date);
  return { claimed: false, status: existing?.status ?? 'released' };
}

export async function getDigest(agentId: string, date: string): Promise<DigestRecord | undefined> {
  return getItem<DigestRecord>(digestKey(agentId, date), { consistent: true });
}

/** Marks the day sent; false when the claim is no longer ours (taken over after going stale). */
export async function markDigestSent(
  agentId: string,
  date: string,
  claimId: string,
  outcome: DigestOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: digestKey(agentId, date),
      UpdateExpression:
        'SET #status = :sent, sentAt = :now, emailed = :emailed, texted = :texted, events = :events, remindersCounted = :counted',
      ConditionExpression: 'claimId = :claimId AND #status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sent': 'sent',
        ':sending': 'sending',
        ':now': now.toISOString(),
        ':emailed': outcome.emailed,
        ':texted': outcome.texted,
        ':events': outcome.events,
        ':counted': outcome.remindersCounted,
        ':claimId': claimId,
      },
    }),
  );
}

/** Gives the day back after a clean failure (nothing was sent), so the retry can send at once. */
export async function releaseDigest(agentId: string, date: string, claimId: string): Promise<void> {
  await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: digestKey(agentId, date),
      ConditionExpression: 'claimId = :claimId AND #status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':claimId': claimId, ':sending': 'sending' },
    }),
  );
}

/**
 * Every agent's id and time zone, a page at a time, from the agents index (gsi1 AGENTS): the
 * scheduler's only read, growing with agents and never touching clients.
 */
export async function forEachAgentZonePage(
  onPage: (agents: AgentZone[]) => Promise<void>,
  pageSize = 500,
): Promise<{ pages: number; agents: number }> {
  let pages = 0;
  let agents = 0;
  for await (const items of gsi1Pages<{ id?: unknown; timeZone?: unknown }>(
    AGENTS_PARTITION,
    ['id', 'timeZone'],
    pageSize,
  )) {
    const rows = items
      .filter((item) => typeof item.id === 'string')
      .map((item) => ({ id: String(item.id), timeZone: typeof item.timeZone === 'string' ? item.timeZone : null }));
    pages += 1;
    agents += rows.length;
    if (rows.length > 0) await onPage(rows);
  }
  return { pages, agents };
}
