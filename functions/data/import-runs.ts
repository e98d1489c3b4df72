// The import's way through its job: queued once its file arrived, claimed by a run, checkpointed batch by batch,
// released near the run's timeout, finished. The item is imports.ts's.
//
// Without transactions (docs/architecture.md, Data model) the job's safety rests on conditional
// writes of the one item:
//  - a run claims the import with a lease (runId, leaseUntil): a second delivery of the message
//    waits while the lease is alive, and takes over once it lapsed (its holder died);
//  - each batch ends with a checkpoint that applies only for the run holding the import and only
//    on top of the checkpoint it read (rowsDone), so two runs can never both count a batch;
//  - a batch's report lines are written (an idempotent Put) before its checkpoint, so the report
//    has every line of every counted batch, and a batch written again writes the same lines.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, updateIf } from './db';
import type { ImportItem, ImportProgress } from './imports';
import { importKey } from './keys/jobs';

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
    ConditionExpression: '#status IN (:uploading, :ready)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':queued': 'queued',
      ':uploading': 'uploading',
      ':ready': 'ready',
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
  await update(agentId, importId, {
    UpdateExpression: 'SET leaseUntil = :zero REMOVE runId',
    ConditionExpression: 'runId = :run',
    ExpressionAttributeValues: { ':run': runId, ':zero': 0 },
  });
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
    ConditionExpression: runId ? held.ConditionExpression : '#status IN (:queued, :uploading, :ready)',
    ExpressionAttributeNames: held.names,
    ExpressionAttributeValues: {
      ':end': end.status,
      ':now': now.toISOString(),
      ':message': end.message,
      ...(end.reportKey ? { ':reportKey': end.reportKey } : {}),
      ...(runId
        ? { ':run': runId, ':running': 'running' }
        : { ':queued': 'queued', ':uploading': 'uploading', ':ready': 'ready' }),
    },
  });
}
