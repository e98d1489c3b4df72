// What the local stand-ins for outside services (the fake Google, the payment simulator) share: the read of a
// request's body and of the JSON files they keep, and their page, which shows the stand-in's label as a badge above
// the title, so no one mistakes it for the real service, in the stand-in's own colours.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { escapeHtml } from '../integrations/mail';

/** The request's body as text, its first `max` bytes at most; `tooLarge` when it was longer. */
export function readBodyText(req: IncomingMessage, max: number): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => done({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > max }));
    req.on('error', fail);
  });
}

/** The whole HTML document; `css` styles body, main and buttons (the badge's style is shared), `body` is trusted. */
export function standInPageHtml(label: string, css: string, title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · ${label}</title><style>${css}` +
    '.badge{display:inline-block;background:#fff4d6;color:#7a4b00;border:1px solid #e8c36a;border-radius:999px;padding:4px 12px;font-size:14px;font-weight:600}' +
    `</style></head><body><main><p class="badge" role="note">${label}</p><h1>${escapeHtml(title)}</h1>${body}` +
    '</main></body></html>'
  );
}

/** A JSON file the stand-in keeps (edited by hand too), or `fallback` when it is missing or not JSON. */
export function readJsonFile<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/** What one of the fake Google's APIs answers a request: a status and, unless it is empty (204), a JSON body. */
export type FakeApiAnswer = { status: number; body?: unknown };
