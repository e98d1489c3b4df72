// Bulk actions on an agent's clients (POST /api/clients/bulk): add or remove a tag, set the keep-in-touch rhythm, or
// delete, for the clients named by id or by a filter (functions/services/client-filter.ts). Up to BULK_AT_ONCE_MAX
// clients the request does it and answers the counts; more runs as a background task (jobs/background-tasks.ts),
// its ids resolved once into chunks, then done a batch at a time, each batch's counts added with the checkpoint
// (conditional on the one read), so a run cut anywhere is continued by the next without losing or counting a client
// twice: every action is idempotent (a tag already there, a rhythm already set), and a client a delete already took is
// known by its snapshot. A bulk delete keeps a snapshot of each client and its history first, so it can be undone
// for BULK_UNDO_MS (undoBulkDelete): the clients come back through the client record's create path, within the plan.
import type { SQSRecord } from 'aws-lambda';
import { BULK_AT_ONCE_MAX, BULK_UNDO_MS, type BulkAction, type BulkJob, type ClientFilter } from '@shared/api-types';
import { agentActor, clientFor } from '../data/client-access';
import type { ClientChange } from '../client-record/changes';
import { changeClient, restoreClient } from '../client-record/record';
import {
  checkpointBulkJob,
  deleteBulkIds,
  deleteSnapshotRows,
  finishBulkJob,
  getBulkJob,
  hasDeleteSnapshot,
  markBulkJobUndone,
  putBulkJob,
  putDeleteSnapshot,
  putHistoryItems,
  readBulkIds,
  readDeleteSnapshots,
  writeBulkIds,
  BULK_IDS_PER_CHUNK,
  type BulkJobItem,
} from '../data/bulk-jobs';
import { queryAll } from '../data/db';
import { agentTimeZone } from '../data/insights';
import { milestonePartition, TESTIMONIAL_PREFIX } from '../data/keys/clients';
import { bulkJobKey } from '../data/keys/jobs';
import { CONVERSATION_SK } from '../data/keys/messages';
import type { AlreadyUndone, NotFound, NotUndoable, StillRunning, UndoExpired } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { enqueueTask, parseTaskMessage, type BulkJobMessage } from '../integrations/task-queue';
import { forEachLimited } from '../lib/concurrency';
import type { Logger } from '../observability/logger';
import { eraseClient } from './client-erasure';
import { filteredClientIds } from './client-filter';
import { STOP_BEFORE_TIMEOUT_MS } from './import-jobs';

/** Clients done between two checkpoints, and at once within a batch. */
const BATCH = 50;
const AT_ONCE = 8;

export type BulkRequest = {
  action: BulkAction;
  ids?: string[];
  filter?: ClientFilter;
  tag?: string;
  cadenceDays?: number | null;
};

export type BulkStart =
  { kind: 'done'; id: string; total: number; done: number; failed: number } | { kind: 'queued'; id: string };

type Params = Pick<BulkJobItem, 'action' | 'tag' | 'cadenceDays'>;

/** Starts a bulk action: done at once for up to BULK_AT_ONCE_MAX clients, else queued as a job. */
export async function startBulkAction(
  agent: { id: string; timeZone: string },
  request: BulkRequest,
  log: Logger,
  now = new Date(),
): Promise<BulkStart> {
  const id = randomId(12);
  const ids = request.ids
    ? [...new Set(request.ids)]
    : await filteredClientIds(agent.id, request.filter!, { timeZone: agent.timeZone, max: BULK_AT_ONCE_MAX + 1 });
  const job: BulkJobItem = {
    ...bulkJobKey(agent.id, id),
    type: 'bulk-job',
    id,
    agentId: agent.id,
    action: request.action,
    ...(request.tag !== undefined ? { tag: request.tag } : {}),
    ...(request.cadenceDays !== undefined ? { cadenceDays: request.cadenceDays } : {}),
    status: 'queued',
    next: 0,
    done: 0,
    failed: 0,
    createdAt: now.toISOString(),
  };
  if (ids.length > BULK_AT_ONCE_MAX) {
    await putBulkJob(request.ids ? { ...job, ids } : { ...job, filter: request.filter });
    await enqueueTask({ kind: 'bulk', agentId: agent.id, jobId: id });
    return { kind: 'queued', id };
  }
  await putBulkJob({ ...job, status: 'running', ids, total: ids.length });
  const counts = await applyToClients(agent.id, id, job, ids, log, now);
  await checkpointBulkJob(agent.id, id, 0, ids.length, counts);
  await finishBulkJob(agent.id, id, now, undoWindow(job, now));
  return { kind: 'done', id, total: ids.length, ...counts };
}

const undoWindow = (job: Params, now: Date) =>
  job.action === 'delete' ? new Date(now.getTime() + BULK_UNDO_MS) : undefined;

export function toBulkJob(item: BulkJobItem): BulkJob {
  return {
    id: item.id,
    action: item.action,
    status: item.status,
    total: item.total ?? 0,
    done: Number(item.done) || 0,
    failed: Number(item.failed) || 0,
    undoUntil: item.undoUntil ?? null,
  };
}

async function applyToClients(
  agentId: string,
  jobId: string,
  params: Params,
  ids: readonly string[],
  log: Logger,
  now: Date,
): Promise<{ done: number; failed: number }> {
  const counts = { done: 0, failed: 0 };
  await forEachLimited(ids, AT_ONCE, async (clientId) => {
    const ok = await applyToClient(agentId, jobId, params, clientId, log, now);
    counts[ok ? 'done' : 'failed'] += 1;
  });
  return counts;
}

/**
 * Does the action to one client; true when the client is as the action asks (done now or before: a run cut after it
 * counts it done again), false when it cannot be (gone, or a 21st tag). Exported for the job's crash test.
 */
export async function applyToClient(
  agentId: string,
  jobId: string,
  params: Params,
  clientId: string,
  log: Logger,
  now = new Date(),
): Promise<boolean> {
  if (params.action === 'delete') return deleteWithSnapshot(agentId, jobId, clientId, log, now);
  const change: ClientChange =
    params.action === 'add-tag'
      ? { kind: 'tag', add: params.tag! }
      : params.action === 'remove-tag'
        ? { kind: 'untag', remove: params.tag! }
        : { kind: 'edit', changes: { cadenceDays: params.cadenceDays ?? null } };
  const client = await clientFor(agentActor(agentId), clientId);
  if (!client) return false;
  const outcome = await changeClient(client.agentId, client.id, change, { now, known: client });
  return outcome.kind === 'changed' || outcome.kind === 'unchanged';
}

/** Keeps the client and its history, then erases them as DELETE /api/clients/{id} does. */
async function deleteWithSnapshot(
  agentId: string,
  jobId: string,
  clientId: string,
  log: Logger,
  now: Date,
): Promise<boolean> {
  const client = await clientFor(agentActor(agentId), clientId);
  // Gone: deleted by this job before a crash (its snapshot says so), or not (another delete, or never the agent's).
  if (!client) return hasDeleteSnapshot(jobId, clientId);
  const history = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': milestonePartition(clientId) },
  });
  await putDeleteSnapshot(agentId, jobId, client, history, new Date(now.getTime() + BULK_UNDO_MS));
  const erased = await eraseClient(agentId, clientId, log, { now });
  return 'erased' in erased || (await hasDeleteSnapshot(jobId, clientId));
}

export function parseBulkMessage(record: Pick<SQSRecord, 'body'>): BulkJobMessage | null {
  return parseTaskMessage<BulkJobMessage>(record.body, 'bulk', ['agentId', 'jobId']);
}

export type BulkRunOutcome = 'done' | 'continued' | 'gone' | 'busy';

/** One run of a bulk job: resolves its ids once, then does them a batch at a time from its checkpoint. */
export async function runBulkJob(
  message: BulkJobMessage,
  { remainingMs, log }: { remainingMs: () => number; log: Logger },
  now = new Date(),
): Promise<BulkRunOutcome> {
  const { agentId, jobId } = message;
  let job = await getBulkJob(agentId, jobId);
  if (!job) return 'gone';
  if (job.status === 'done' || job.status === 'undone') return 'done';
  if (job.total === undefined) {
    // A filter's "not contacted in N days" counts the agent's own days.
    const timeZone = (await agentTimeZone(agentId)) ?? 'UTC';
    const ids = job.ids ?? (await filteredClientIds(agentId, job.filter!, { timeZone }));
    await writeBulkIds(agentId, jobId, ids);
    job = (await getBulkJob(agentId, jobId))!;
  }
  const total = job.total!;
  let next = job.next;
  while (next < total) {
    if (remainingMs() < STOP_BEFORE_TIMEOUT_MS) {
      await enqueueTask(message);
      return 'continued';
    }
    const chunkEnd = (Math.floor(next / BULK_IDS_PER_CHUNK) + 1) * BULK_IDS_PER_CHUNK;
    const ids = await readBulkIds(jobId, next, Math.min(BATCH, chunkEnd - next, total - next));
    const counts = await applyToClients(agentId, jobId, job, ids, log, now);
    if (!(await checkpointBulkJob(agentId, jobId, next, next + ids.length, counts))) return 'busy';
    next += ids.length;
  }
  await finishBulkJob(agentId, jobId, new Date(), undoWindow(job, new Date()));
  await deleteBulkIds(jobId);
  return 'done';
}

export type UndoRefusal = NotFound<'bulk-action'> | NotUndoable | StillRunning | AlreadyUndone | UndoExpired;

/** Brings back the clients a bulk delete took, with their history, within BULK_UNDO_MS of its end. */
export async function undoBulkDelete(
  agentId: string,
  jobId: string,
  now = new Date(),
): Promise<{ restored: number; failed: number } | UndoRefusal> {
  const job = await getBulkJob(agentId, jobId);
  if (!job) return { kind: 'not-found', what: 'bulk-action' };
  if (job.action !== 'delete') return { kind: 'not-undoable' };
  if (job.status === 'undone') return { kind: 'already-undone' };
  if (job.status !== 'done' || !job.undoUntil) return { kind: 'still-running' };
  if (now.toISOString() > job.undoUntil) return { kind: 'undo-expired', undoUntil: job.undoUntil };
  if (!(await markBulkJobUndone(agentId, jobId))) return { kind: 'already-undone' };
  const snapshots = await readDeleteSnapshots(jobId);
  const counts = { restored: 0, failed: 0 };
  await forEachLimited(snapshots, AT_ONCE, async ({ client, history, keys }) => {
    try {
      await restoreClient(agentId, client, now);
      await putHistoryItems(history.flatMap(restorableHistory));
      await deleteSnapshotRows(keys);
      counts.restored += 1;
    } catch {
      // The free plan's cap, or the e-mail another client took meanwhile: that client stays deleted.
      counts.failed += 1;
    }
  });
  return counts;
}

/**
 * A history item as it comes back: the testimonial records stay out (their videos were erased with the client), and
 * the conversation comes back read (the agent's unread count let it go when the client was deleted).
 */
function restorableHistory(item: Record<string, unknown>): Array<Record<string, unknown>> {
  const sk = String(item.sk);
  if (sk.startsWith(TESTIMONIAL_PREFIX)) return [];
  if (sk === CONVERSATION_SK) {
    const { unread: _unread, gsi2pk: _gsi2pk, ...read } = item;
    return [read];
  }
  return [item];
}
