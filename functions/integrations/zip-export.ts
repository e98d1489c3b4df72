// A zip of CSV files streamed straight into the exports bucket (archiver → multipart upload), so
// memory stays flat however many rows there are, then handed out as a short-lived presigned link.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Archiver, ArchiverError, CoreOptions, ZipOptions } from 'archiver';
import * as archiverModule from 'archiver';
import { PassThrough, Readable } from 'node:stream';
import { config } from '../config';
import { s3 } from './storage';

// archiver 7 (CommonJS: a factory) is installed, its types are @types/archiver 8's (classes): call the factory, typed by hand.
const createArchive = ((archiverModule as unknown as { default?: unknown }).default ?? archiverModule) as (format: 'zip', options?: CoreOptions & ZipOptions) => Archiver;

export type ZipEntry = { name: string; content: AsyncIterable<string> };
export type StoredExport = { key: string; url: string; expiresAt: string; bytes: number };

export const EXPORT_LINK_SECONDS = 5 * 60;

/** Writes the entries, in order, as one zip under `key` and returns a presigned GET that downloads it as `fileName`. */
export async function storeZipExport(key: string, fileName: string, entries: readonly ZipEntry[], now = new Date()): Promise<StoredExport> {
  const { exportsBucket } = config();
  const archive = createArchive('zip', { zlib: { level: 6 } });
  const body = new PassThrough();
  archive.on('error', (error: ArchiverError) => body.destroy(error));
  archive.on('warning', (error: ArchiverError) => body.destroy(error));
  archive.pipe(body);
  const upload = new Upload({
    client: s3(),
    params: { Bucket: exportsBucket, Key: key, Body: body, ContentType: 'application/zip' },
    queueSize: 2,
    partSize: 5 * 1024 * 1024,
    leavePartsOnError: false,
  });
  for (const entry of entries) archive.append(Readable.from(entry.content, { objectMode: false }), { name: entry.name, date: now });
  const uploaded = upload.done().catch((error: unknown) => {
    archive.abort();
    throw error;
  });
  await Promise.all([uploaded, archive.finalize()]);
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: exportsBucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"`, ResponseContentType: 'application/zip' }),
    { expiresIn: EXPORT_LINK_SECONDS },
  );
  return { key, url, expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(), bytes: archive.pointer() };
}
