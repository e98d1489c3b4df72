// Serves the built web app with SPA fallback: extension-less paths get index.html, missing files 404.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

export async function serveStatic(webDir: string, pathname: string, res: ServerResponse, extraHeaders: Record<string, string>): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const hasExtension = extname(decoded) !== '';
  const relative = hasExtension ? normalize(decoded).replace(/^([/\\])+/, '') : 'index.html';
  const file = join(webDir, relative);
  if (!file.startsWith(webDir + sep) && file !== webDir) return notFound(res);
  try {
    const info = await stat(file);
    if (!info.isFile()) return notFound(res);
    const immutable = relative.startsWith('assets/');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': String(info.size),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...extraHeaders,
    });
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
