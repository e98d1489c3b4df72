// Export files in the exports bucket (which deletes them after a day): streamed in by multipart
// upload, so memory stays flat however many rows there are, then handed out as a short-lived
// presigned link that downloads the file under its name.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { config } from '../config';
import { s3 } from './storage';

export type StoredExport = { key: string; url: string; expiresAt: string; bytes: number };

export const EXPORT_LINK_SECONDS = 5 * 60;
const CSV_TYPE = 'text/csv; charset=utf-8';

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
