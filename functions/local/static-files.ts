// Serves the built web app with SPA fallback: an extension-less path gets its prerendered page
// (dist/web/auth/index.html for /auth or /auth/, see shared/prerendered-pages.ts) or else index.html,
// as CloudFront's viewer-request function does (infra/constructs/spa-fallback.ts); missing files 404.
// Text files are sent compressed (Brotli, else gzip) when the browser accepts it, as CloudFront
// does in AWS, so what the browser suite and Lighthouse measure locally is what users download.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { htmlFileFor, isFilePath } from '@shared/prerendered-pages';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export function pageSecurityHeaders(s3Origin: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${s3Origin}`,
      `media-src 'self' blob: ${s3Origin}`,
      `connect-src 'self' ${s3Origin}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this, compression saves less than the headers it costs (CloudFront's floor is 1,000 bytes). */
const MIN_COMPRESS_BYTES = 1000;
type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Compressed bodies by file, encoding and modification time: each built file is compressed once. */
const compressedCache = new Map<string, Promise<Buffer>>();

/** The encoding to send for an Accept-Encoding header: Brotli first, then gzip, honouring q=0. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function compressed(file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> {
  const key = `${file}\0${encoding}\0${mtimeMs}`;
  let body = compressedCache.get(key);
  if (!body) {
    body = readFile(file).then((data) =>
      encoding === 'br'
        ? brotli(data, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
          })
        : gzipAsync(data, { level: 9 }),
    );
    body.catch(() => compressedCache.delete(key));
    compressedCache.set(key, body);
  }
  return body;
}

export async function serveStatic(
  webDir: string,
  pathname: string,
  res: ServerResponse,
  extraHeaders: Record<string, string>,
  acceptEncoding?: string,
): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const hasExtension = isFilePath(decoded);
  const relative = hasExtension ? normalize(decoded).replace(/^([/\\])+/, '') : htmlFileFor(decoded);
  const file = join(webDir, relative);
  if (!file.startsWith(webDir + sep) && file !== webDir) return notFound(res);
  try {
    const info = await stat(file);
    if (!info.isFile()) return notFound(res);
    const immutable = relative.startsWith('assets/');
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...extraHeaders,
    };
    const compressible = COMPRESSIBLE.has(extname(file).toLowerCase()) && info.size >= MIN_COMPRESS_BYTES;
    const encoding = compressible ? pickEncoding(acceptEncoding) : undefined;
    if (compressible) headers.vary = 'accept-encoding';
    if (encoding) {
      const body = await compressed(file, info.mtimeMs, encoding);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
      res.end(body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(info.size) });
    createReadStream(file).pipe(res);
  } catch {
    if (!hasExtension) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built yet: run `npm run build`.');
      return;
    }
    notFound(res);
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}
