// Import jobs (big imports): one item per import under the agent (AGENT#<agentId> /
// IMPORT#<id>) holding what the progress view shows and what the job needs to continue where it
// stopped, and the report's lines, one item per batch that skipped rows or warned
// (IMPORTISSUES#<id> / <first row>).
//
// Without transactions (docs/architecture.md, Data model) the job's safety rests on conditional
// writes of the one item:
//  - a run claims the import with a lease (runId, leaseUntil): a second delivery of the message
//    waits while the lease is alive, and takes over once it lapsed (its holder died);
//  - each batch ends with a checkpoint that applies only for the run holding the import and only
//    on top of the checkpoint it read (rowsDone), so two runs can never both count a batch;
//  - a batch's report lines are written (an idempotent Put) before its checkpoint, so the report
//    has every line of every counted batch, and a batch written again writes the same lines.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportStatus } from '@shared/imports';
import type { ImportFormat } from '../domain/client-import';
import type { ImportIssue } from '../domain/import-report';
import type { ImportEncoding } from '../domain/import-stream';
import { randomId } from '../domain/signed-tokens';
import { db, table, updateIf, writeIf } from './db';
import { agentPartition, IMPORT_PREFIX, importIssuesKey, importIssuesPartition, importKey } from './keys';

/** Imports and their report lines are kept 30 days (TTL); the report file itself a day (the exports bucket). */
const KEEP_SECONDS = 30 * 24 * 3600;

export type ImportProgress = {
  /** Entries of the file handled (the progress bar's numerator): imported, updated, skipped or replaced. */
  rowsDone: number;
  imported: number;
  updated: number;
  /**
   * Rows left out: invalid (`invalid`), over the free plan's cap (`capped`), or replaced by a later row (`replaced`).
   */
  skipped: number;
  invalid: number;
  capped: number;
  replaced: number;
  /** Rows taken with a warning (a date without its year…): in the report too. */
  warnings: number;
};

export const NO_PROGRESS: ImportProgress = {
  rowsDone: 0,
  imported: 0,
  updated: 0,
  skipped: 0,
  invalid: 0,
  capped: 0,
  replaced: 0,
  warnings: 0,
};

export type ImportItem = ImportProgress & {
  pk: string;
  sk: string;
  type: 'import';
  id: string;
  agentId: string;
  /** As the browser named it: shown, and the report's name; never part of a key. */
  fileName: string;
  format: ImportFormat;
  /** The size the browser announced; the object's own is checked at the start. */
  size: number;
  /** The object in the uploads bucket, made by the server. */
  key: string;
  /**
   * The object's ETag when the import was started: the job reads that object only (a second upload to the key changes
   * nothing).
   */
  etag?: string;
  status: ImportStatus;
  createdAt: string;
  queuedAt?: string;
  startedAt?: string;
  finishedAt?: string;
  /** The last sign of life: queued, claimed or checkpointed (a start after long silence queues it again). */
  activeAt?: string;
  runId?: string;
  /** Epoch ms until which the run `runId` holds the import. */
  leaseUntil?: number;
  /** Set by the first pass over the file. */
  total?: number;
  encoding?: ImportEncoding;
  /** The agent's date when the first pass ran: every run validates with it. */
  today?: string;
  planKey?: string;
  /** Done: the summary sentence; failed: why. */
  message?: string;
  reportKey?: string;
  ttl: number;
};

export type ImportProgressView = Pick<ImportItem, keyof ImportProgress>;

/** A new import's id: its creation time first (base 36, fixed width), so the agent's imports sort by it. */
export function newImportId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomId(9)}`;
}

export async function createImport(
  input: Pick<ImportItem, 'id' | 'agentId' | 'fileName' | 'format' | 'size' | 'key'>,
  now: Date,
): Promise<ImportItem> {
  const item: ImportItem = {
    ...importKey(input.agentId, input.id),
    type: 'import',
    ...input,
    status: 'uploading',
    createdAt: now.toISOString(),
    ...NO_PROGRESS,
    ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

export async function getImport(agentId: string, importId: string): Promise<ImportItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: importKey(agentId, importId), ConsistentRead: true }),
  );
  return out.Item as ImportItem | undefined;
}

/** The agent's most recent import (ids sort by creation), or undefined. */
export async function latestImport(agentId: string): Promise<ImportItem | undefined> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': IMPORT_PREFIX },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return out.Items?.[0] as ImportItem | undefined;
}

const update = (
  agentId: string,
  importId: string,
  input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>,
) =>
  updateIf(
    new UpdateCommand({ TableName: table(), Key: importKey(agentId, importId), ReturnValues: 'ALL_NEW', ...input }),
  ) as Promise<ImportItem | null>;

/** The upload arrived: the import waits for the job. Null when it was not waiting for its file (a start sent twice). */
export function markImportQueued(
  agentId: string,
  importId: string,
  etag: string,
  now: Date,
): Promise<ImportItem | null> {
  return update(agentId, importId, {
    UpdateExpression: 'SET #status = :queued, etag = :etag, queuedAt = :now, activeAt = :now',
    ConditionExpression: '#status = :uploading',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':queued': 'queued',
      ':uploading': 'uploading',
      ':etag': etag,
      ':now': now.toISOString(),
    },
  });
}

/**
 * An import the job has not touched since `silentSince` (its messages failed, or it was lost):
 * marked active again so one start queues it once. Null when it is done, or alive.
 */
export function markImportRequeued(
  agentId: string,
  importId: string,
  silentSince: Date,
  now: Date,
): Promise<ImportItem | null> {
  return update(agentId, importId, {
    UpdateExpression: 'SET activeAt = :now',
    ConditionExpression: '#status IN (:queued, :running) AND activeAt < :silent',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':queued': 'queued',
      ':running': 'running',
      ':silent': silentSince.toISOString(),
      ':now': now.toISOString(),
    },
  });
}

/**
 * Takes the import for the run `runId` until `now + leaseMs`, unless another run's lease is alive. The item, or null.
 */
export function claimImportRun(
  agentId: string,
  importId: string,
  runId: string,
  now: Date,
  leaseMs: number,
): Promise<ImportItem | null> {
  return update(agentId, importId, {
    UpdateExpression:
      'SET #status = :running, runId = :run, leaseUntil = :until, activeAt = :now, startedAt = if_not_exists(startedAt, :now)',
    ConditionExpression: '#status IN (:queued, :running) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':running': 'running',
      ':queued': 'queued',
      ':run': runId,
      ':until': now.getTime() + leaseMs,
      ':nowMs': now.getTime(),
      ':now': now.toISOString(),
    },
  });
}

const held = { ConditionExpression: 'runId = :run AND #status = :running', names: { '#status': 'status' } };

/** What the first pass found, saved by the run holding the import. False when it no longer holds it. */
export async function saveImportPlan(
  agentId: string,
  importId: string,
  runId: string,
  plan: Pick<ImportItem, 'total' | 'encoding' | 'today' | 'planKey'>,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const out = await update(agentId, importId, {
    UpdateExpression:
      'SET #total = :total, #encoding = :encoding, #today = :today, planKey = :planKey, leaseUntil = :until, activeAt = :now',
    ConditionExpression: held.ConditionExpression,
    ExpressionAttributeNames: { ...held.names, '#total': 'total', '#encoding': 'encoding', '#today': 'today' },
    ExpressionAttributeValues: {
      ':run': runId,
      ':running': 'running',
      ':total': plan.total,
      ':encoding': plan.encoding,
      ':today': plan.today,
      ':planKey': plan.planKey,
      ':until': now.getTime() + leaseMs,
      ':now': now.toISOString(),
    },
  });
  return out !== null;
}

/**
 * A batch's checkpoint: the progress after it, applied only for the run holding the import and only
 * on top of `fromRowsDone` (the checkpoint the batch started from). Renews the lease. False when
 * either has changed: another run took over, and this one must stop.
 */
export async function checkpointImport(
  agentId: string,
  importId: string,
  runId: string,
  fromRowsDone: number,
  progress: ImportProgress,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const fields = Object.entries(progress);
  const out = await update(agentId, importId, {
    UpdateExpression: `SET ${fields.map(([name]) => `#${name} = :${name}`).join(', ')}, leaseUntil = :until, activeAt = :now`,
    ConditionExpression: `${held.ConditionExpression} AND #rowsDone = :from`,
    ExpressionAttributeNames: { ...held.names, ...Object.fromEntries(fields.map(([name]) => [`#${name}`, name])) },
    ExpressionAttributeValues: {
      ':run': runId,
      ':running': 'running',
      ':from': fromRowsDone,
      ':until': now.getTime() + leaseMs,
      ':now': now.toISOString(),
      ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
    },
  });
  return out !== null;
}

/** Extends the lease of the run holding the import (during the first pass, which writes no checkpoint). */
export async function renewImportLease(
  agentId: string,
  importId: string,
  runId: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const out = await update(agentId, importId, {
    UpdateExpression: 'SET leaseUntil = :until, activeAt = :now',
    ConditionExpression: held.ConditionExpression,
    ExpressionAttributeNames: held.names,
    ExpressionAttributeValues: {
      ':run': runId,
      ':running': 'running',
      ':until': now.getTime() + leaseMs,
      ':now': now.toISOString(),
    },
  });
  return out !== null;
}

/**
 * The run stops before the end (its time is nearly up): the next message may claim the import at
 * once. The run's id goes too, so a renewal of its lease still in flight (the heartbeat) finds the
 * import no longer held and cannot take the lease back from the continuation.
 */
export async function releaseImportLease(agentId: string, importId: string, runId: string): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: importKey(agentId, importId),
      UpdateExpression: 'SET leaseUntil = :zero REMOVE runId',
      ConditionExpression: 'runId = :run',
      ExpressionAttributeValues: { ':run': runId, ':zero': 0 },
    }),
  );
}

/**
 * The import's end, written once by the run holding it: done with its summary (and report), or failed with the reason.
 */
export function finishImport(
  agentId: string,
  importId: string,
  runId: string | undefined,
  end: { status: 'done' | 'failed'; message: string; reportKey?: string },
  now: Date,
): Promise<ImportItem | null> {
  const report = end.reportKey ? ', reportKey = :reportKey' : '';
  return update(agentId, importId, {
    UpdateExpression: `SET #status = :end, finishedAt = :now, activeAt = :now, message = :message${report} REMOVE leaseUntil`,
    // A file refused before any run claimed it (runId undefined) may be failed from `queued`.
    ConditionExpression: runId ? held.ConditionExpression : '#status IN (:queued, :uploading)',
    ExpressionAttributeNames: held.names,
    ExpressionAttributeValues: {
      ':end': end.status,
      ':now': now.toISOString(),
      ':message': end.message,
      ...(end.reportKey ? { ':reportKey': end.reportKey } : {}),
      ...(runId ? { ':run': runId, ':running': 'running' } : { ':queued': 'queued', ':uploading': 'uploading' }),
    },
  });
}

/** A batch's report lines, under the batch's first row: written again identically when the batch is. */
export async function putImportIssues(
  importId: string,
  firstRow: number,
  issues: readonly ImportIssue[],
  now: Date,
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...importIssuesKey(importId, firstRow),
        type: 'import-issues',
        importId,
        issues,
        ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
}

/** The report's lines in file order, a page of batches at a time. */
export async function* importIssuePages(importId: string): AsyncGenerator<ImportIssue[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': importIssuesPartition(importId) },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    const lines = (page.Items ?? []).flatMap((item) => item.issues as ImportIssue[]);
    if (lines.length > 0) yield lines;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
