// An agent's tags and how many clients carry each (GET /api/tags): one counter item per tag, TAGS#<agentId> /
// <folded tag>, keeping the tag as it was first written. The client record adds a write's deltas after the write
// (tagCountDeltas, pure, from the item before and after, like the book counters), and never fails the write for
// them; `npm run insights:recompute` rebuilds them from the clients (rebuildTagCounts).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TagCount } from '@shared/api-types';
import { foldTag } from '@shared/tags';
import { createLogger } from '../observability/logger';
import { batchDelete, db, queryAll, table } from './db';
import { tagCountKey, tagCountPartition } from './keys/clients';

const log = createLogger({ module: 'tags' });

/** Per folded tag: the tag as written on the side that has it, and the change of its count. */
export type TagDeltas = Record<string, { name: string; n: number }>;

/** What a write from `before` to `after` changes in the agent's tag counts. */
export function tagCountDeltas(
  before: { tags?: readonly string[] } | undefined,
  after: { tags?: readonly string[] } | undefined,
): TagDeltas {
  const deltas: TagDeltas = {};
  const add = (tag: string, n: number) => {
    const key = foldTag(tag);
    const now = (deltas[key]?.n ?? 0) + n;
    if (now === 0) delete deltas[key];
    else deltas[key] = { name: deltas[key]?.name ?? tag, n: now };
  };
  for (const tag of after?.tags ?? []) add(tag, 1);
  for (const tag of before?.tags ?? []) add(tag, -1);
  return deltas;
}

/** The sum of several writes' deltas. */
export function sumTagDeltas(all: readonly TagDeltas[]): TagDeltas {
  const sum: TagDeltas = {};
  for (const deltas of all)
    for (const [key, { name, n }] of Object.entries(deltas))
      sum[key] = { name: sum[key]?.name ?? name, n: (sum[key]?.n ?? 0) + n };
  return sum;
}

/** ADDs the deltas to the agent's tag counters (one UpdateItem per tag). Never throws. */
export async function addToTagCounts(agentId: string, deltas: TagDeltas): Promise<void> {
  for (const [key, { name, n }] of Object.entries(deltas)) {
    if (!n) continue;
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: tagCountKey(agentId, key),
          UpdateExpression: 'ADD #count :n SET #name = if_not_exists(#name, :name), #type = :type',
          ExpressionAttributeNames: { '#count': 'count', '#name': 'name', '#type': 'type' },
          ExpressionAttributeValues: { ':n': n, ':name': name, ':type': 'tag-count' },
        }),
      );
    } catch (error) {
      log.warn('tag counter missed (npm run insights:recompute heals it)', { agentId, tag: key, n, error });
    }
  }
}

type TagCountItem = { pk: string; sk: string; name: string; count: number };

/** The agent's tags carried by at least one client, by name (one Query of the agent's counters). */
export async function readTagCounts(agentId: string): Promise<TagCount[]> {
  const items = await queryAll<TagCountItem>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': tagCountPartition(agentId) },
  });
  return items
    .filter((item) => Number(item.count) > 0)
    .map((item) => ({ name: item.name, count: Number(item.count) }))
    .sort((a, b) => foldTag(a.name).localeCompare(foldTag(b.name)));
}

/** How many of the agent's clients carry the tag (one GetItem's worth: the counter). */
export async function tagCount(agentId: string, tag: string): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: tagCountKey(agentId, foldTag(tag)) }));
  return Math.max(0, Number(out.Item?.count ?? 0) || 0);
}

/** Every tag the agent ever had a counter for, folded (closing the account sweeps their partitions). */
export async function everyTagKey(agentId: string): Promise<string[]> {
  const items = await queryAll<{ sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': tagCountPartition(agentId) },
    ProjectionExpression: 'sk',
  });
  return items.map((item) => item.sk);
}

/** Sets the agent's tag counters to the counts of these clients (their whole book); the counters of no tag go. */
export async function rebuildTagCounts(
  agentId: string,
  clients: ReadonlyArray<{ tags?: readonly string[] }>,
): Promise<void> {
  const actual = sumTagDeltas(clients.map((client) => tagCountDeltas(undefined, client)));
  const stored = await queryAll<TagCountItem>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': tagCountPartition(agentId) },
  });
  const gone = stored.filter((item) => !actual[item.sk]);
  await batchDelete(gone.map(({ pk, sk }) => ({ pk, sk })));
  for (const [key, { name, n }] of Object.entries(actual)) {
    const kept = stored.find((item) => item.sk === key)?.name ?? name;
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...tagCountKey(agentId, key), type: 'tag-count', name: kept, count: n },
      }),
    );
  }
}
