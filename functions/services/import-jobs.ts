// Big imports: an Outlook or Google export of tens of thousands of contacts. The browser
// uploads the file straight to S3 (POST /api/imports answers a presigned POST), the start checks it
// and queues the import job (POST /api/imports/{id}/start), and jobs/imports-worker runs it:
//
//  1. claims the import (a lease: functions/data/import-runs.ts), so one run works on it at a time;
//  2. on its first run, reads the whole file once (planImportFile): refuses a file that is not a
//     client CSV or vCard before anything is written, counts its rows, and notes the rows a later
//     row with the same e-mail replaces (kept beside the upload for later runs);
//  3. reads the file again as a stream, skipping the rows already done, and handles them in batches
//     of IMPORT_BATCH_ROWS with the request's own validation and client use cases
//     (importJobBatch); after each batch, its report lines, then a checkpoint of the counts;
//  4. near its function's timeout, releases the lease and queues itself to continue;
//  5. at the end, releases the agent's import lock (taken by the start: one running import per agent,
//     functions/data/import-lock.ts), reconciles the plan counter, writes the report of skipped rows into the exports
//     bucket, marks the import done with the request's summary sentence, and deletes the upload.
//
// Killed anywhere (a crash, a lost function), SQS delivers the message again: the lease lapses,
// the next run continues from the last checkpoint, and the batch that was cut is written again,
// which changes nothing it already wrote (importJobBatch: each row's client has the row's id).
import type { SQSRecord } from 'aws-lambda';
import type { CreatedImport, ImportJob } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import {
  IMPORT_JOB_MAX_BYTES,
  IMPORT_JOB_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_REPORT_HOURS,
  IMPORTS_PER_HOUR,
  type ImportCreateInput,
} from '@shared/imports';
import { isId } from '@shared/schemas';
import { importIssuePages, putImportIssues } from '../data/import-issues';
import {
  checkpointImport,
  claimImportRun,
  finishImport,
  markImportQueued,
  markImportRequeued,
  releaseImportLease,
  renewImportLease,
  saveImportPlan,
} from '../data/import-runs';
import {
  createImport,
  getImport,
  latestImport,
  newImportId,
  type ImportItem,
  type ImportProgress,
} from '../data/imports';
import { config } from '../config';
import { getConnection, recordFeatureSync } from '../data/google-connections';
import { claimImportLock, releaseImportLock, type ImportLock } from '../data/import-lock';
import { reconcileClientCount } from '../data/plan-slots';
import { getUserById } from '../data/users';
import { importFormatOf, importUnitOf } from '../domain/client-import';
import { csvStream } from '../domain/csv-export';
import {
  cappedRowReason,
  IMPORT_REPORT_COLUMNS,
  importSummary,
  replacedRowReason,
  reportCell,
  reportFileName,
  type ImportIssue,
} from '../domain/import-report';
import {
  importedClientId,
  ImportFormatError,
  ImportTooManyRowsError,
  validateDraft,
  type ImportUnit,
} from '../domain/import-rows';
import { checkImportHead, planImportFile, readImportEntries, type StreamedEntry } from '../domain/import-stream';
import type {
  FileTooLarge,
  ImportRunning,
  NotFound,
  RateLimited,
  UnreadableFile,
  UnsupportedFile,
  UploadMissing,
} from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import {
  deleteImportFiles,
  getImportPlan,
  headImportUpload,
  ImportFileGoneError,
  importFileChunks,
  importPlanKey,
  importReportKey,
  importReportLink,
  importUploadKey,
  presignImportPost,
  putImportPlan,
  readImportHead,
  storeImportReport,
} from '../integrations/import-files';
import { enqueueTask, parseTaskMessage, type ImportJobMessage } from '../integrations/task-queue';
import type { Logger } from '../observability/logger';
import { countMetric } from '../observability/metrics';
import { importJobBatch, type JobRow } from './client-import';
import { overLimit } from './rate-limits';

/**
 * Rows per batch: one checkpoint, and at most one item of report lines (under DynamoDB's 400 KB: cells are cut to 200
 * characters).
 */
export const IMPORT_BATCH_ROWS = 250;
/**
 * How long a run holds an import without a sign of life (it renews the lease every third of it while it runs): a run
 * that died is taken over after this.
 */
export const IMPORT_LEASE_MS = 6_000;
/** A run stops this long before its function's timeout, and queues the rest. */
export const STOP_BEFORE_TIMEOUT_MS = 60_000;
/** An import queued or running without a sign of life this long is "stalled": a start queues it again. */
export const IMPORT_SILENT_MS = 10 * 60_000;
/** How long a start holds the agent's import lock before its import is queued (then the import's activity keeps it). */
const START_LOCK_MS = 60_000;
const REQUEST_HOLDER = 'request#';
/** How long the presigned POST is valid. */
const UPLOAD_LINK_SECONDS = 15 * 60;
/** What the start reads of the upload to refuse a file that is no client file at once. */
const HEAD_BYTES = 64 * 1024;

type Agent = { id: string; timeZone: string };

/** The progress view of an import, with a fresh link to its report while the report is kept (GET /api/imports/{id}). */
export async function importView(item: ImportItem, now = new Date()): Promise<ImportJob> {
  const reportKept =
    item.reportKey && item.finishedAt && now.getTime() - Date.parse(item.finishedAt) < IMPORT_REPORT_HOURS * 3600_000;
  return {
    ...importState(item, now),
    report: reportKept ? await importReportLink(item.reportKey!, reportFileName(item.fileName), now) : null,
  };
}

/**
 * The progress view without the report's link: what the create and the start answer (the page reads the link from GET).
 */
export function importState(item: ImportItem, now = new Date()): ImportJob {
  const active = item.status === 'queued' || item.status === 'running';
  return {
    id: item.id,
    fileName: item.fileName,
    unit: importUnitOf(item.format),
    status: item.status,
    total: item.total ?? null,
    rowsDone: item.rowsDone,
    imported: item.imported,
    updated: item.updated,
    skipped: item.skipped,
    warnings: item.warnings,
    createdAt: item.createdAt,
    finishedAt: item.finishedAt ?? null,
    message: item.message ?? null,
    report: null,
    stalled: active && now.getTime() - Date.parse(item.activeAt ?? item.createdAt) > IMPORT_SILENT_MS,
    ...(item.preview ? { preview: item.preview } : {}),
  };
}

/** Counts one more import of the agent's this hour: refused past IMPORTS_PER_HOUR, whatever the import reads. */
export const importsOverLimit = (agentId: string, now: Date): Promise<RateLimited<'imports'> | undefined> =>
  overLimit('imports', { scope: 'import', id: agentId, max: IMPORTS_PER_HOUR, windowSeconds: 3600 }, now.getTime());

/** POST /api/imports: a new import waiting for its file, and the presigned POST to send it with; or why not. */
export async function createImportJob(
  agent: Agent,
  input: ImportCreateInput,
  now = new Date(),
): Promise<CreatedImport | UnsupportedFile | RateLimited<'imports'>> {
  const format = importFormatOf(input.fileName, input.contentType);
  if (!format) return { kind: 'unsupported-file' };
  const limited = await importsOverLimit(agent.id, now);
  if (limited) return limited;
  const id = newImportId(now);
  const item = await createImport(
    {
      id,
      agentId: agent.id,
      fileName: input.fileName,
      format,
      size: input.size,
      key: importUploadKey(agent.id, id, format),
    },
    now,
  );
  const post = await presignImportPost(item.key, format, UPLOAD_LINK_SECONDS);
  return {
    import: importState(item, now),
    upload: { ...post, expiresAt: new Date(now.getTime() + UPLOAD_LINK_SECONDS * 1000).toISOString() },
  };
}

/**
 * GET /api/imports/{id}: the agent's import by id, or `latest`. Another agent's import is not found (it is not under
 * this agent's key).
 */
export async function readImportJob(
  agent: Agent,
  importId: string,
  now = new Date(),
): Promise<ImportJob | NotFound<'import' | 'latest-import'>> {
  const item =
    importId === 'latest'
      ? await latestImport(agent.id)
      : isId(importId)
        ? await getImport(agent.id, importId)
        : undefined;
  if (!item) return { kind: 'not-found', what: importId === 'latest' ? 'latest-import' : 'import' };
  return importView(item, now);
}

/**
 * Whether the agent's import lock is over: a request's once its time passed; a job's once its import is finished or
 * gone, or silent for IMPORT_SILENT_MS (it crashed and never came back), or never queued in its start's time.
 */
async function lockIsStale(agentId: string, lock: ImportLock, now: Date): Promise<boolean> {
  if (lock.holder.startsWith(REQUEST_HOLDER)) return lock.until < now.getTime();
  const item = await getImport(agentId, lock.holder);
  if (!item || item.status === 'done' || item.status === 'failed') return true;
  if (item.status === 'uploading' || item.status === 'ready') return lock.until < now.getTime();
  return now.getTime() - Date.parse(item.activeAt ?? item.createdAt) > IMPORT_SILENT_MS;
}

/** Takes the agent's import lock for one of its imports; false while another import of the agent's runs. */
const claimJobLock = (agentId: string, importId: string, now: Date) =>
  claimImportLock(agentId, importId, now.getTime() + START_LOCK_MS, (lock) => lockIsStale(agentId, lock, now));

/**
 * Runs an import sent in the request (POST /api/clients/import) holding the agent's import lock, freed when it ends or
 * fails; or refuses while another import of the agent's runs.
 */
export async function whileImportLocked<T>(agentId: string, fn: () => Promise<T>): Promise<T | ImportRunning> {
  const now = new Date();
  const holder = `${REQUEST_HOLDER}${randomId()}`;
  const until = now.getTime() + config().importRequestLockSeconds * 1000;
  const claimed = await claimImportLock(agentId, holder, until, (lock) => lockIsStale(agentId, lock, now));
  if (!claimed) return { kind: 'import-running' };
  try {
    return await fn();
  } finally {
    await releaseImportLock(agentId, holder);
  }
}

/** Why a start refuses the file, once uploaded. */
type FileRefusal = FileTooLarge | UnreadableFile;

/**
 * Fails an import whose file was refused before any run (its message the one the start answers), and removes the file.
 */
async function refuse<R extends FileRefusal>(item: ImportItem, refusal: R, now: Date): Promise<R> {
  const message = refusal.kind === 'file-too-large' ? IMPORT_MESSAGES.tooLarge : refusal.problem;
  await finishImport(item.agentId, item.id, undefined, { status: 'failed', message }, now);
  await releaseImportLock(item.agentId, item.id);
  await deleteImportFiles([item.key]);
  return refusal;
}

/**
 * POST /api/imports/{id}/start, once the browser has uploaded the file: checks that it arrived, its
 * size and its head (a file that is no client CSV or vCard is refused at once, as the request's
 * import refuses it), then queues the job. Sent again it answers where the import stands, and
 * queues it once more only when the job has been silent for IMPORT_SILENT_MS (a resume).
 */
export async function startImportJob(
  agent: Agent,
  importId: string,
  now = new Date(),
): Promise<ImportJob | NotFound<'import'> | UploadMissing | FileRefusal | ImportRunning> {
  const item = isId(importId) ? await getImport(agent.id, importId) : undefined;
  if (!item) return { kind: 'not-found', what: 'import' };
  const message: ImportJobMessage = { kind: 'import', agentId: agent.id, importId: item.id };
  if (item.status === 'queued' || item.status === 'running') {
    // A silent import resumed while another took the agent's lock over waits for that one.
    const silent = now.getTime() - Date.parse(item.activeAt ?? item.createdAt) > IMPORT_SILENT_MS;
    if (silent && !(await claimJobLock(agent.id, item.id, now))) return { kind: 'import-running' };
    const requeued = await markImportRequeued(agent.id, item.id, new Date(now.getTime() - IMPORT_SILENT_MS), now);
    if (requeued) await enqueueTask(message);
    return importState(requeued ?? item, now);
  }
  if (item.status !== 'uploading' && item.status !== 'ready') return importState(item, now);

  if (!(await claimJobLock(agent.id, item.id, now))) return { kind: 'import-running' };
  const upload = await headImportUpload(item.key);
  if (!upload) {
    await releaseImportLock(agent.id, item.id);
    return { kind: 'upload-missing' };
  }
  if (upload.size > IMPORT_JOB_MAX_BYTES) return refuse(item, { kind: 'file-too-large' }, now);
  // A Google contacts import's file is the server's own: only an agent's upload is looked at first.
  const complete = upload.size <= HEAD_BYTES;
  if (item.format !== 'google')
    try {
      await checkImportHead(item.format, await readImportHead(item.key, Math.min(upload.size, HEAD_BYTES)), complete);
    } catch (error) {
      if (!(error instanceof ImportFormatError)) throw error;
      return refuse(item, { kind: 'unreadable-file', format: item.format, problem: error.message }, now);
    }
  const queued = await markImportQueued(agent.id, item.id, upload.etag, now);
  // a start sent twice at once: the other one queued it
  if (!queued) return importState((await getImport(agent.id, item.id)) ?? item, now);
  await enqueueTask(message);
  return importState(queued, now);
}

/** A queue message as the worker receives it, or null when it is not one of ours. */
export function parseImportMessage(record: Pick<SQSRecord, 'body'>): ImportJobMessage | null {
  return parseTaskMessage<ImportJobMessage>(record.body, 'import', ['agentId', 'importId']);
}

/**
 * What a run did: finished (or found it finished), queued its continuation, found another run holding it (retry later),
 * lost it to another run, or found nothing to do.
 */
export type ImportRunOutcome = 'done' | 'continued' | 'busy' | 'lost' | 'gone';

class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

const PROGRESS_FIELDS = [
  'rowsDone',
  'imported',
  'updated',
  'skipped',
  'invalid',
  'capped',
  'replaced',
  'warnings',
] as const;
const progressOf = (item: ImportItem): ImportProgress =>
  Object.fromEntries(PROGRESS_FIELDS.map((field) => [field, item[field] ?? 0])) as ImportProgress;

/**
 * One run of the import job for one message. `remainingMs` is the time the function has left
 * (Lambda's getRemainingTimeInMillis); the run stops and queues its continuation when less than
 * STOP_BEFORE_TIMEOUT_MS is left after a batch.
 */
export async function runImportJob(
  message: ImportJobMessage,
  { remainingMs, log }: { remainingMs: () => number; log: Logger },
): Promise<ImportRunOutcome> {
  const { agentId, importId } = message;
  const found = await getImport(agentId, importId);
  if (!found || found.status === 'uploading' || found.status === 'ready') return 'gone';
  if (found.status === 'done' || found.status === 'failed') return 'done';
  const runId = randomId();
  const claimed = await claimImportRun(agentId, importId, runId, new Date(), IMPORT_LEASE_MS);
  if (!claimed) {
    const now = await getImport(agentId, importId);
    return now?.status === 'queued' || now?.status === 'running' ? 'busy' : 'done';
  }
  const run = new ImportRun(message, runId, claimed, log);
  // The run's sign of life: the lease renewed every third of it, however long a batch takes.
  const heartbeat = setInterval(() => run.renewLease(), IMPORT_LEASE_MS / 3);
  try {
    return await run.run(remainingMs);
  } catch (error) {
    if (error instanceof LeaseLostError) return 'lost';
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/** A run holding an import: its state between batches, and the steps of runImportJob. */
class ImportRun {
  private readonly agentId: string;
  private readonly importId: string;
  private readonly unit: ImportUnit;
  private leaseLost = false;
  private progress: ImportProgress;
  /** The free plan's cap was met: every later new row is left out. */
  private readonly plan: { capped: boolean };
  private replaced = new Map<number, number>();

  constructor(
    private readonly message: ImportJobMessage,
    private readonly runId: string,
    private item: ImportItem,
    private readonly log: Logger,
  ) {
    this.agentId = message.agentId;
    this.importId = message.importId;
    this.unit = importUnitOf(item.format);
    this.progress = progressOf(item);
    this.plan = { capped: this.progress.capped > 0 };
  }

  renewLease(): void {
    renewImportLease(this.agentId, this.importId, this.runId, new Date(), IMPORT_LEASE_MS).then(
      (held) => {
        // Another run took the import over: this one stops at its next step.
        if (!held) this.leaseLost = true;
      },
      (error: unknown) => this.log.warn('import lease not renewed', { importId: this.importId, error }),
    );
  }

  async run(remainingMs: () => number): Promise<ImportRunOutcome> {
    const agent = await getUserById(this.agentId, true);
    if (!agent) return this.fail('The account that started this import no longer exists.');
    try {
      if (!(await this.readPlan(agent.timeZone))) return 'lost';
      const finished = await this.writeRows({ id: agent.id, isPro: agent.isPro === true }, remainingMs);
      if (!finished) return 'continued';
    } catch (error) {
      if (error instanceof ImportFormatError || error instanceof ImportTooManyRowsError)
        return this.fail(error.message);
      if (error instanceof ImportFileGoneError)
        return this.fail(
          'The uploaded file changed or is no longer there (uploads are kept 3 days). Import the file again.',
        );
      throw error;
    }
    return this.finish();
  }

  /** The upload, read from its start; the run stops reading once it lost the import. */
  private async *file(): AsyncGenerator<Uint8Array> {
    for await (const chunk of importFileChunks(this.item.key, this.item.etag)) {
      if (this.leaseLost) throw new LeaseLostError();
      yield chunk;
    }
  }

  /**
   * The first pass's findings: made and saved by the first run, read back by the others. False when the import was lost
   * meanwhile.
   */
  private async readPlan(timeZone: string): Promise<boolean> {
    const { item } = this;
    if (item.total !== undefined && item.planKey && item.today) {
      this.replaced = new Map((await getImportPlan(item.planKey)).replaced);
      return true;
    }
    const today = todayIn(timeZone);
    const plan = await planImportFile(item.format, () => this.file(), {
      today,
      maxRows: IMPORT_JOB_MAX_ROWS,
      unit: this.unit,
    });
    const planKey = importPlanKey(this.agentId, this.importId);
    await putImportPlan(planKey, plan);
    if (
      !(await saveImportPlan(
        this.agentId,
        this.importId,
        this.runId,
        { total: plan.total, encoding: plan.encoding, today, planKey },
        new Date(),
        IMPORT_LEASE_MS,
      ))
    )
      return false;
    this.item = { ...item, total: plan.total, encoding: plan.encoding, today, planKey };
    this.replaced = new Map(plan.replaced);
    this.log.info('import planned', {
      importId: this.importId,
      total: plan.total,
      replaced: plan.replaced.length,
      encoding: plan.encoding,
    });
    return true;
  }

  /**
   * The rows after the checkpoint, a batch at a time. False when the run stopped for lack of time (its continuation
   * queued).
   */
  private async writeRows(agent: { id: string; isPro: boolean }, remainingMs: () => number): Promise<boolean> {
    let index = 0;
    let batch: StreamedEntry[] = [];
    for await (const entry of readImportEntries(this.item.format, this.file(), { encoding: this.item.encoding })) {
      index += 1;
      if (index <= this.progress.rowsDone) continue;
      batch.push(entry);
      if (batch.length < IMPORT_BATCH_ROWS) continue;
      await this.writeBatch(agent, batch);
      batch = [];
      if (remainingMs() < STOP_BEFORE_TIMEOUT_MS && this.progress.rowsDone < this.item.total!) {
        // Out of time: the next run continues from this checkpoint, without waiting for the lease.
        await releaseImportLease(this.agentId, this.importId, this.runId);
        await enqueueTask(this.message);
        this.log.info('import continues in a new run', {
          importId: this.importId,
          rowsDone: this.progress.rowsDone,
          total: this.item.total,
        });
        return false;
      }
    }
    if (batch.length > 0) await this.writeBatch(agent, batch);
    return true;
  }

  /**
   * One batch: validated, written, its report lines stored, then the checkpoint (only for this run, and only on top of
   * the checkpoint it started from).
   */
  private async writeBatch(agent: { id: string; isPro: boolean }, entries: StreamedEntry[]): Promise<void> {
    const { importId, unit } = this;
    const today = this.item.today!;
    const issues: ImportIssue[] = [];
    const rows: JobRow[] = [];
    const taken = new Map<number, { row: number; line: number; name: string; email: string; warnings: string[] }>();
    let invalid = 0;
    let replaced = 0;
    for (const entry of entries) {
      if ('unreadable' in entry) {
        invalid += 1;
        issues.push({
          row: entry.row,
          line: entry.line,
          name: '',
          email: '',
          outcome: 'skipped',
          reason: entry.unreadable,
        });
        continue;
      }
      const cells = {
        row: entry.row,
        line: entry.line,
        name: reportCell(entry.draft.name),
        email: reportCell(entry.draft.email),
      };
      const checked = validateDraft(entry.draft, today);
      const by = this.replaced.get(entry.row);
      if ('error' in checked) {
        invalid += 1;
        issues.push({ ...cells, outcome: 'skipped', reason: checked.error });
      } else if (by !== undefined) {
        replaced += 1;
        issues.push({ ...cells, outcome: 'skipped', reason: replacedRowReason(unit, by) });
      } else {
        rows.push({
          row: entry.row,
          client: checked.client,
          id: importedClientId(importId, entry.row),
          ...(entry.google ? { google: entry.google } : {}),
        });
        taken.set(entry.row, { ...cells, warnings: entry.warnings });
      }
    }
    const outcome = await importJobBatch(agent, rows, today, this.plan);
    const capped = new Set(outcome.capped);
    let warned = 0;
    for (const [row, { warnings, ...cells }] of taken) {
      if (capped.has(row)) issues.push({ ...cells, outcome: 'skipped', reason: cappedRowReason('the free plan') });
      else if (warnings.length > 0) {
        warned += 1;
        issues.push(...warnings.map((reason) => ({ ...cells, outcome: 'warning' as const, reason })));
      }
    }
    if (this.leaseLost) throw new LeaseLostError();
    if (issues.length > 0)
      await putImportIssues(
        importId,
        entries[0]!.row,
        issues.sort((a, b) => a.row - b.row),
        new Date(),
      );
    const { progress } = this;
    const next: ImportProgress = {
      rowsDone: progress.rowsDone + entries.length,
      imported: progress.imported + outcome.imported,
      updated: progress.updated + outcome.updated,
      invalid: progress.invalid + invalid,
      capped: progress.capped + capped.size,
      replaced: progress.replaced + replaced,
      skipped: progress.skipped + invalid + capped.size + replaced,
      warnings: progress.warnings + warned,
    };
    if (
      !(await checkpointImport(
        this.agentId,
        importId,
        this.runId,
        progress.rowsDone,
        next,
        new Date(),
        IMPORT_LEASE_MS,
      ))
    )
      throw new LeaseLostError();
    this.progress = next;
  }

  /**
   * The end: the plan counter reconciled (as the request's import does), the report written, the import marked done,
   * the upload deleted.
   */
  private async finish(): Promise<ImportRunOutcome> {
    const { agentId, importId, progress, log } = this;
    try {
      if ((await reconcileClientCount(agentId)) === 'fixed') log.info('plan counter reconciled', { agentId });
    } catch (error) {
      log.warn('plan counter not reconciled', { error });
    }
    const now = new Date();
    let reportKey: string | undefined;
    if (progress.skipped + progress.warnings > 0) {
      reportKey = importReportKey(agentId, importId, now);
      await storeImportReport(
        reportKey,
        reportFileName(this.item.fileName),
        csvStream(IMPORT_REPORT_COLUMNS(this.unit), importIssuePages(importId)),
        now,
      );
    }
    const summary = importSummary({ ...progress }, 'the free plan', this.unit);
    // Before `done`: whoever sees it done (the page, then a sync) finds the contacts sync already following it.
    await this.startContactsSync();
    if (!(await finishImport(agentId, importId, this.runId, { status: 'done', message: summary, reportKey }, now)))
      return 'lost';
    await releaseImportLock(agentId, importId);
    countMetric('ImportRowsImported', progress.imported + progress.updated);
    log.info('import done', { importId, ...progress });
    await this.deleteFiles();
    return 'done';
  }

  /**
   * A Google contacts import, done: the contacts sync follows what it read (its label) from where Google stood when it
   * read them (its sync token), while Contacts is still on. Never fails the import: the agent can import again.
   */
  private async startContactsSync(): Promise<void> {
    const { google } = this.item;
    if (this.item.format !== 'google' || !google?.syncToken) return;
    try {
      const feature = (await getConnection(this.agentId))?.contactsFeature;
      if (feature)
        await recordFeatureSync(this.agentId, 'contacts', feature.enabledAt, {
          syncToken: google.syncToken,
          label: google.label,
        });
    } catch (error) {
      this.log.warn('the contacts sync was not started', { importId: this.importId, error });
    }
  }

  private async fail(reason: string): Promise<ImportRunOutcome> {
    this.log.warn('import failed', { importId: this.importId, reason });
    await finishImport(this.agentId, this.importId, this.runId, { status: 'failed', message: reason }, new Date());
    await releaseImportLock(this.agentId, this.importId);
    await this.deleteFiles();
    return 'done';
  }

  private async deleteFiles(): Promise<void> {
    try {
      await deleteImportFiles([this.item.key, importPlanKey(this.agentId, this.importId)]);
    } catch (error) {
      this.log.warn('import files not deleted (the bucket lifecycle removes them)', { error });
    }
  }
}
