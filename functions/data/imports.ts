// Import jobs (big imports): one item per import under the agent (AGENT#<agentId> /
// IMPORT#<id>) holding what the progress view shows and what the job needs to continue where it
// stopped: its shape, its creation and its reads. The job's conditional writes of the item are
// import-runs.ts's; the report's lines, import-issues.ts's.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportPreview } from '@shared/api-types';
import type { ImportStatus } from '@shared/imports';
import type { ImportFormat } from '../domain/client-import';
import type { ImportEncoding } from '../domain/import-stream';
import { randomId } from '../domain/signed-tokens';
import { db, getItem, lastItems, table } from './db';
import { IMPORT_PREFIX, importKey } from './keys/jobs';
import { agentPartition } from './keys/table';

/** Imports and their report lines are kept 30 days (TTL); the report file itself a day (the exports bucket). */
export const IMPORT_KEEP_SECONDS = 30 * 24 * 3600;

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
  /** A Google contacts import: what it read (shown before it starts), and where Google's contacts stood then. */
  preview?: ImportPreview;
  google?: GoogleImportSource;
  reportKey?: string;
  ttl: number;
};

/** Which Google contacts an import read (all, or one contact group), and the sync token Google gave with them. */
export type GoogleImportSource = { label: string | null; syncToken: string | null };

export type ImportProgressView = Pick<ImportItem, keyof ImportProgress>;

/** A new import's id: its creation time first (base 36, fixed width), so the agent's imports sort by it. */
export function newImportId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomId(9)}`;
}

/**
 * A new import: an upload's, waiting for its file (`uploading`), or a Google contacts import, its file written and its
 * preview made (`ready`).
 */
export async function createImport(
  input: Pick<ImportItem, 'id' | 'agentId' | 'fileName' | 'format' | 'size' | 'key'> &
    Partial<Pick<ImportItem, 'preview' | 'google'>>,
  now: Date,
): Promise<ImportItem> {
  const item: ImportItem = {
    ...importKey(input.agentId, input.id),
    type: 'import',
    ...input,
    status: input.format === 'google' ? 'ready' : 'uploading',
    createdAt: now.toISOString(),
    ...NO_PROGRESS,
    ttl: Math.floor(now.getTime() / 1000) + IMPORT_KEEP_SECONDS,
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

export async function getImport(agentId: string, importId: string): Promise<ImportItem | undefined> {
  return getItem<ImportItem>(importKey(agentId, importId), { consistent: true });
}

/** The agent's most recent import (ids sort by creation), or undefined. */
export async function latestImport(agentId: string): Promise<ImportItem | undefined> {
  const [latest] = await lastItems<ImportItem>(agentPartition(agentId), IMPORT_PREFIX, { limit: 1, consistent: true });
  return latest;
}
