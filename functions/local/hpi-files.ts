// FHFA's House Price Index files on this machine: the local runtime serves `$DATA_DIR/hpi/` at /local/hpi/ as FHFA
// serves its quarterly files, and HPI_BASE_URL points the home values job there (functions/local/local-environment.ts).
// The folder starts as a copy of the shipped extract (functions/local/hpi-files/, README there); a developer may put
// FHFA's whole current files in it.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { HPI_FILES } from '../domain/hpi-files';

export const HPI_FILES_PREFIX = '/local/hpi/';
/** The shipped extract, from the repository's root (where `npm start` runs). */
export const HPI_EXTRACT_DIR = resolve('functions/local/hpi-files');

/** Copies the extract's files into `dir` where missing. */
export function seedHpiFiles(dir: string, from = HPI_EXTRACT_DIR): void {
  mkdirSync(dir, { recursive: true });
  for (const name of Object.values(HPI_FILES))
    if (!existsSync(join(dir, name)) && existsSync(join(from, name))) copyFileSync(join(from, name), join(dir, name));
}

/** Answers GET /local/hpi/<file> from `dir`; false when the path is not under /local/hpi/. */
export function handleHpiFile(req: IncomingMessage, res: ServerResponse, url: URL, dir: string): boolean {
  if (!url.pathname.startsWith(HPI_FILES_PREFIX)) return false;
  const name = url.pathname.slice(HPI_FILES_PREFIX.length);
  if (req.method !== 'GET' || !(Object.values(HPI_FILES) as string[]).includes(name) || !existsSync(join(dir, name))) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return true;
  }
  const body = readFileSync(join(dir, name));
  res
    .writeHead(200, {
      'content-type': name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream',
      'content-length': body.length,
    })
    .end(body);
  return true;
}
