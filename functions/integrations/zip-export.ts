// A zip of CSV files streamed straight into the exports bucket (archiver → multipart upload), so
// memory stays flat however many rows there are, then handed out as a short-lived presigned link.
import type { Archiver, ArchiverError, CoreOptions, ZipOptions } from 'archiver';
import * as archiverModule from 'archiver';
import { PassThrough, Readable } from 'node:stream';
import { exportLink, uploadExport, type StoredExport } from './export-files';

// archiver 7 (CommonJS: a factory) is installed, its types are @types/archiver 8's (classes): call the factory, typed
// by hand.
const createArchive = ((archiverModule as unknown as { default?: unknown }).default ?? archiverModule) as (
  format: 'zip',
  options?: CoreOptions & ZipOptions,
) => Archiver;

export type ZipEntry = { name: string; content: AsyncIterable<string> };

/** Writes the entries, in order, as one zip under `key` and returns a presigned GET that downloads it as `fileName`. */
export async function storeZipExport(
  key: string,
  fileName: string,
  entries: readonly ZipEntry[],
  now = new Date(),
): Promise<StoredExport> {
  const archive = createArchive('zip', { zlib: { level: 6 } });
  const body = new PassThrough();
  archive.on('error', (error: ArchiverError) => body.destroy(error));
  archive.on('warning', (error: ArchiverError) => body.destroy(error));
  archive.pipe(body);
  for (const entry of entries)
    archive.append(Readable.from(entry.content, { objectMode: false }), { name: entry.name, date: now });
  const uploaded = uploadExport(key, body, 'application/zip').catch((error: unknown) => {
    archive.abort();
    throw error;
  });
  await Promise.all([uploaded, archive.finalize()]);
  return { key, bytes: archive.pointer(), ...(await exportLink(key, fileName, 'application/zip', now)) };
}
