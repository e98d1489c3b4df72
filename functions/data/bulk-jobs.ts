// Bulk actions on an agent's clients (functions/services/bulk-actions.ts): the job item AGENT#<agentId> / BULK#<id>
// (what to do, to which clients, the counts and the checkpoint: how far through the id list the job is), its client
// ids in chunks under BULKIDS#<id>, and, for a delete, a snapshot of each deleted client and its history under
// BULKUNDO#<id> (on the owner index so closing the account finds them, and with a TTL a day after the undo window).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkAction, BulkJobStatus, ClientFilter } from '@shared/api-types';
import type { ClientItem } from './clients';
import { batchDelete, batchWrite, db, getItem, queryAll, table, writeIf } from './db';
import { bulkIdsKey, bulkIdsPartition, bulkJobKey, bulkUndoPartition } from './keys/jobs';
import { ownerIndexKeys } from './keys/table';

/** Client ids per chunk item (well under DynamoDB's item size). */
export const BULK_IDS_PER_CHUNK = 1000;

export type BulkJobItem = {
  pk: string;
  sk: string;
  type: 'bulk-job';
  id: string;
  agentId: string;
  action: BulkAction;
  tag?: string;
  cadenceDays?: number | null;
  /** The clients: these ids, or the filter's (resolved into chunks when the job starts). */
  ids?: string[];
  filter?: ClientFilter;
  status: BulkJobStatus;
  /** Set once the ids are in their chunks. */
  total?: number;
  /** The checkpoint: the clients before this index are done or failed, and counted. */
  next: number;
  done: number;
  failed: number;
  createdAt: string;
  finishedAt?: string;
  undoUntil?: string;
};

export async function putBulkJob(item: BulkJobItem): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
}

export async function getBulkJob(agentId: string, jobId: string): Promise<BulkJobItem | undefined> {
  return getItem<BulkJobItem>(bulkJobKey(agentId, jobId), { consistent: true });
}

/** Writes the job's ids in chunks, then its total (only once: false when another run set it first). */
export async function writeBulkIds(agentId: string, jobId: string, ids: readonly string[]): Promise<boolean> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += BULK_IDS_PER_CHUNK) chunks.push(ids.slice(i, i + BULK_IDS_PER_CHUNK));
  await batchWrite(
    chunks.map((chunk, index) => ({
      PutRequest: { Item: { ...bulkIdsKey(jobId, index), type: 'bulk-ids', ids: chunk } },
    })),
  );
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: bulkJobKey(agentId, jobId),
      UpdateExpression: 'SET #total = :total, #status = :running',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#total)',
      ExpressionAttributeNames: { '#total': 'total', '#status': 'status' },
      ExpressionAttributeValues: { ':total': ids.length, ':running': 'running' },
    }),
  );
}

/** The job's ids from `from` on, at most `count` (within one chunk). */
export async function readBulkIds(jobId: string, from: number, count: number): Promise<string[]> {
  const chunk = Math.floor(from / BULK_IDS_PER_CHUNK);
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: bulkIdsKey(jobId, chunk), ConsistentRead: true }),
  );
  const ids = (out.Item?.ids ?? []) as string[];
  const start = from - chunk * BULK_IDS_PER_CHUNK;
  return ids.slice(start, start + count);
}

/**
 * Moves the checkpoint from `from` to `to`, adding what the clients between did; false when another run moved it
 * first (that run counted them).
 */
export async function checkpointBulkJob(
  agentId: string,
  jobId: string,
  from: number,
  to: number,
  counts: { done: number; failed: number },
): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: bulkJobKey(agentId, jobId),
      UpdateExpression: 'SET #next = :to ADD done :done, failed :failed',
      ConditionExpression: '#next = :from',
      ExpressionAttributeNames: { '#next': 'next' },
      ExpressionAttributeValues: { ':from': from, ':to': to, ':done': counts.done, ':failed': counts.failed },
    }),
  );
}

/** Marks the job finished (with a delete's undo window); false when it already was. */
export async function finishBulkJob(agentId: string, jobId: string, now: Date, undoUntil?: Date): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: bulkJobKey(agentId, jobId),
      UpdateExpression: `SET #status = :done, finishedAt = :now${undoUntil ? ', undoUntil = :until' : ''}`,
      ConditionExpression: '#status <> :done AND #status <> :undone',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':undone': 'undone',
        ':now': now.toISOString(),
        ...(undoUntil ? { ':until': undoUntil.toISOString() } : {}),
      },
    }),
  );
}

/** Marks a finished delete undone, once: false when it was not 'done' (undone already, or another undo runs). */
export async function markBulkJobUndone(agentId: string, jobId: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: bulkJobKey(agentId, jobId),
      UpdateExpression: 'SET #status = :undone',
      ConditionExpression: '#status = :done',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':undone': 'undone' },
    }),
  );
}

type SnapshotItem = { pk: string; sk: string; clientId: string; item: Record<string, unknown> };
const CLIENT_SNAPSHOT = 'C';

/** Keeps the client and its history items before they are deleted, until a day after the undo window. */
export async function putDeleteSnapshot(
  agentId: string,
  jobId: string,
  client: ClientItem,
  history: ReadonlyArray<Record<string, unknown>>,
  keepUntil: Date,
): Promise<void> {
  const ttl = Math.floor(keepUntil.getTime() / 1000) + 86_400;
  const row = (sk: string, item: Record<string, unknown>) => {
    const key = { pk: bulkUndoPartition(jobId), sk };
    return {
      PutRequest: {
        Item: { ...key, ...ownerIndexKeys(agentId, key), type: 'bulk-undo', clientId: client.id, item, ttl },
      },
    };
  };
  // The history first: a snapshot's client row is what says it is whole.
  await batchWrite(history.map((item) => row(`${client.id}#H#${String(item.sk)}`, item)));
  await batchWrite([row(`${client.id}#${CLIENT_SNAPSHOT}`, client as unknown as Record<string, unknown>)]);
}

/** Whether the client was deleted by this job (its snapshot is whole). */
export async function hasDeleteSnapshot(jobId: string, clientId: string): Promise<boolean> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: { pk: bulkUndoPartition(jobId), sk: `${clientId}#${CLIENT_SNAPSHOT}` } }),
  );
  return out.Item !== undefined;
}

/** The deleted clients of a job with their history items. */
export async function readDeleteSnapshots(
  jobId: string,
): Promise<
  Array<{ client: ClientItem; history: Array<Record<string, unknown>>; keys: Array<{ pk: string; sk: string }> }>
> {
  const rows = await queryAll<SnapshotItem>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': bulkUndoPartition(jobId) },
  });
  const byClient = new Map<string, SnapshotItem[]>();
  for (const row of rows) byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
  return [...byClient.values()].flatMap((own) => {
    const client = own.find((row) => row.sk.endsWith(`#${CLIENT_SNAPSHOT}`));
    if (!client) return [];
    return [
      {
        client: client.item as unknown as ClientItem,
        history: own.filter((row) => row !== client).map((row) => row.item),
        keys: own.map(({ pk, sk }) => ({ pk, sk })),
      },
    ];
  });
}

export async function deleteSnapshotRows(keys: Array<{ pk: string; sk: string }>): Promise<void> {
  await batchDelete(keys);
}

/** Puts history items back as they were (a restored client's). */
export async function putHistoryItems(items: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
}

/** The id chunks of a finished job are no longer needed. */
export async function deleteBulkIds(jobId: string): Promise<void> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': bulkIdsPartition(jobId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
}
