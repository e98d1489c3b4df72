// FHFA's House Price Index files served as FHFA serves them, for the home values job: the shipped extract
// (functions/local/hpi-files/) copied into a folder of the test's own, which a test may change (a file cut short,
// missing, replaced by an error page), on a local HTTP server; HPI_BASE_URL points at it.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HPI_FILES } from '../domain/hpi-files';
import { syncHomeValueIndexes } from '../services/home-value-indexes';
import { applySettings } from './settings';

export const HPI_EXTRACT_DIR = join(__dirname, '..', 'local', 'hpi-files');

export type HpiFileServer = { dir: string; baseUrl: string; close(): Promise<void> };

export async function startHpiFileServer(): Promise<HpiFileServer> {
  const dir = mkdtempSync(join(tmpdir(), 'hpi-'));
  for (const name of Object.values(HPI_FILES)) copyFileSync(join(HPI_EXTRACT_DIR, name), join(dir, name));
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() ?? '');
    let body: Buffer;
    try {
      if (!(Object.values(HPI_FILES) as string[]).includes(name)) throw new Error('not ours');
      body = readFileSync(join(dir, name));
    } catch {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Page not found</body></html>');
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hpi`;
  applySettings({ HPI_BASE_URL: baseUrl });
  return {
    dir,
    baseUrl,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a handler test on FHFA's figures: the files served for the whole file, and the home values job run once on
 * them (on March 1, 2025) so the indexes are stored. Call it after useHandlerApi: the job needs the table.
 */
export function useStoredHpiIndexes(): void {
  let files: HpiFileServer;
  beforeAll(async () => {
    files = await startHpiFileServer();
    await syncHomeValueIndexes(new Date('2025-03-01T09:00:00.000Z'));
  });
  afterAll(() => files.close());
}
