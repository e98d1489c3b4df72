// Export files in the exports bucket (which deletes them after a day): streamed in by multipart
// upload, so memory stays flat however many rows there are, then handed out as a short-lived
// presigned link that downloads the file under its name.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { config } from '../config';
import { deleteObjectsUnder, s3 } from './storage';

export type StoredExport = { key: string; url: string; expiresAt: string; bytes: number };

export const EXPORT_LINK_SECONDS = 5 * 60;
const CSV_TYPE = 'text/csv; charset=utf-8';

/** An agent's own files in the exports bucket, each kind under `<kind>/<UTC date>/<agentId>/`. */
export type AgentExportKind = 'client-exports' | 'import-reports';
const AGENT_EXPORT_KINDS: readonly AgentExportKind[] = ['client-exports', 'import-reports'];
/** The bucket's lifecycle deletes a file after a day, within a day more: older folders are empty. */
const EXPORT_DAYS_KEPT = 3;

const agentExportFolder = (kind: AgentExportKind, agentId: string, day: Date) =>
  `${kind}/${day.toISOString().slice(0, 10)}/${agentId}/`;

export function agentExportKey(kind: AgentExportKind, agentId: string, now: Date, name: string): string {
  return `${agentExportFolder(kind, agentId, now)}${name}`;
}

/** Deletes every export and import report of the agent still in the bucket (the account is closing). */
export async function deleteAgentExports(agentId: string, now: Date): Promise<number> {
  let deleted = 0;
  for (const kind of AGENT_EXPORT_KINDS)
    for (let days = 0; days < EXPORT_DAYS_KEPT; days++) {
      const day = new Date(now.getTime() - days * 86_400_000);
      deleted += await deleteObjectsUnder(config().exportsBucket, agentExportFolder(kind, agentId, day));
    }
  return deleted;
}

/** Streams `body` into the exports bucket under `key`, 5 MB parts, two in flight. */
export async function uploadExport(key: string, body: Readable, contentType: string): Promise<void> {
  const upload = new Upload({
    client: s3(),
    params: { Bucket: config().exportsBucket, Key: key, Body: body, ContentType: contentType },
    queueSize: 2,
    partSize: 5 * 1024 * 1024,
    leavePartsOnError: false,
  });
  await upload.done();
}

/** A presigned GET of `key`, valid EXPORT_LINK_SECONDS, that downloads it as `fileName`. */
export async function exportLink(
  key: string,
  fileName: string,
  contentType: string,
  now: Date,
): Promise<{ url: string; expiresAt: string }> {
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config().exportsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: contentType,
    }),
    { expiresIn: EXPORT_LINK_SECONDS },
  );
  return { url, expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString() };
}

/** Writes a CSV document produced chunk by chunk (csvStream) under `key` and returns its download link. */
export async function storeCsvExport(
  key: string,
  fileName: string,
  content: AsyncIterable<string>,
  now = new Date(),
): Promise<StoredExport> {
  let bytes = 0;
  async function* encoded(): AsyncGenerator<Buffer> {
    for await (const chunk of content) {
      const buffer = Buffer.from(chunk, 'utf8');
      bytes += buffer.length;
      yield buffer;
    }
  }
  await uploadExport(key, Readable.from(encoded(), { objectMode: false }), CSV_TYPE);
  return { key, bytes, ...(await exportLink(key, fileName, CSV_TYPE, now)) };
}
