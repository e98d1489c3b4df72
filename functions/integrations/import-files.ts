// The files of an import job. The browser uploads the contacts file straight to the uploads bucket
// with a presigned POST (its key made here, its size bounded by the policy) under imports/, which
// the bucket's lifecycle empties after 3 days; the job reads it as a stream, keeps the first pass's
// findings beside it, and deletes both when the import ends. The report of skipped rows goes to
// the exports bucket (kept a day) and is handed out as a short-lived link.
import { Buffer } from 'node:buffer';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { IMPORT_JOB_MAX_BYTES } from '@shared/imports';
import { config } from '../config';
import type { ImportFormat } from '../domain/client-import';
import type { ImportPlan } from '../domain/import-stream';
import { agentExportKey, exportLink, storeCsvExport } from './export-files';
import { deleteEveryVersionUnder, headObject, presignPost, s3, type PresignedPost } from './storage';

/** Where import uploads live in the uploads bucket (its lifecycle rule: infra/constructs/data.ts). */
export const IMPORT_UPLOAD_PREFIX = 'imports/';
export const IMPORT_UPLOAD_DAYS = 3;
/** The type the upload is stored with, whatever the browser thought the file was. */
const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  vcard: 'text/vcard',
  google: 'application/x-ndjson',
};
const EXTENSIONS: Record<ImportFormat, string> = { csv: 'csv', vcard: 'vcf', google: 'jsonl' };
const REPORT_TYPE = 'text/csv; charset=utf-8';

export const importUploadKey = (agentId: string, importId: string, format: ImportFormat) =>
  `${IMPORT_UPLOAD_PREFIX}${agentId}/${importId}.${EXTENSIONS[format]}`;
export const importPlanKey = (agentId: string, importId: string) =>
  `${IMPORT_UPLOAD_PREFIX}${agentId}/${importId}.plan.json`;
export const importReportKey = (agentId: string, importId: string, now: Date) =>
  agentExportKey('import-reports', agentId, now, `${importId}.csv`);

/** Deletes every import file the agent uploaded, and the plans made of them, in every version (closing the account). */
export function deleteAgentImportFiles(agentId: string): Promise<number> {
  return deleteEveryVersionUnder(config().uploadsBucket, `${IMPORT_UPLOAD_PREFIX}${agentId}/`);
}

export function presignImportPost(key: string, format: ImportFormat, expiresSeconds: number): Promise<PresignedPost> {
  return presignPost(config().uploadsBucket, {
    key,
    contentType: CONTENT_TYPES[format],
    maxBytes: IMPORT_JOB_MAX_BYTES,
    expiresSeconds,
  });
}

/** Writes an import's file from the server (the Google contacts an import read), where an upload would be. */
export async function putImportFile(key: string, format: ImportFormat, body: string): Promise<number> {
  const bytes = Buffer.from(body, 'utf8');
  await s3().send(
    new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: bytes, ContentType: CONTENT_TYPES[format] }),
  );
  return bytes.byteLength;
}

export function headImportUpload(key: string): Promise<{ size: number; etag: string } | undefined> {
  return headObject(config().uploadsBucket, key);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** S3 refused the read because the object is no longer the one the import started with (IfMatch). */
function isChanged(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'PreconditionFailed' ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412)
  );
}

/** The first `bytes` of the upload. */
export async function readImportHead(key: string, bytes: number): Promise<Uint8Array> {
  const out = await s3().send(
    new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return out.Body ? out.Body.transformToByteArray() : new Uint8Array();
}

/** The upload is gone (the lifecycle rule removed it) or is no longer the file the import started with. */
export class ImportFileGoneError extends Error {
  override name = 'ImportFileGoneError';
}

/**
 * The upload's bytes as S3 sends them, a chunk at a time (never the whole file in memory), and only
 * while it is the object whose ETag the start saw. Throws ImportFileGoneError otherwise.
 */
export async function* importFileChunks(key: string, etag: string | undefined): AsyncGenerator<Uint8Array> {
  let body: Readable;
  try {
    body = (
      await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, IfMatch: etag || undefined }))
    ).Body as Readable;
  } catch (error) {
    if (isMissing(error) || isChanged(error))
      throw new ImportFileGoneError(`no object under ${key}${etag ? ` with ETag ${etag}` : ''}`);
    throw error;
  }
  try {
    for await (const chunk of body) yield chunk as Uint8Array;
  } finally {
    body.destroy();
  }
}

export async function putImportPlan(key: string, plan: ImportPlan): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config().uploadsBucket,
      Key: key,
      Body: JSON.stringify(plan),
      ContentType: 'application/json',
    }),
  );
}

export async function getImportPlan(key: string): Promise<ImportPlan> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return JSON.parse(await out.Body!.transformToString()) as ImportPlan;
  } catch (error) {
    if (isMissing(error)) throw new ImportFileGoneError(`no object under ${key}`);
    throw error;
  }
}

/** The upload and what the job kept beside it, once the import has ended. */
export async function deleteImportFiles(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await s3().send(
    new DeleteObjectsCommand({
      Bucket: config().uploadsBucket,
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    }),
  );
}

/** Writes the report (a CSV produced chunk by chunk) into the exports bucket. */
export async function storeImportReport(
  key: string,
  fileName: string,
  content: AsyncIterable<string>,
  now: Date,
): Promise<void> {
  await storeCsvExport(key, fileName, content, now);
}

/** A short-lived link that downloads the report as `fileName`. */
export function importReportLink(
  key: string,
  fileName: string,
  now: Date,
): Promise<{ url: string; expiresAt: string }> {
  return exportLink(key, fileName, REPORT_TYPE, now);
}
