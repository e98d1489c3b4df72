// POST /local/jobs/reminders `{ "date": "YYYY-MM-DD" }`: the reminders job replayed for a whole
// local date while the server runs (digests, automatic messages and the sends that fall due), as
// `npm run job:reminders -- --date` does with the server stopped. The local runtime's only, never
// deployed; JSON from this machine's own origins only, so no other site can start it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCalendarDate } from '@shared/dates';
import { config } from '../config';
import { runRemindersForDate } from './reminders-job';

export const JOB_TRIGGER_PATH = '/local/jobs/reminders';
const MAX_BODY = 1024;

function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Handles the trigger; false when the path is not its. */
export async function handleJobTrigger(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== JOB_TRIGGER_PATH) return false;
  if (req.method !== 'POST') return json(res, 405, { message: 'Use POST with {"date":"YYYY-MM-DD"}' });
  const origin = req.headers.origin;
  if (origin && !config().sameSiteOrigins.includes(origin))
    return json(res, 403, { message: 'Cross-site request refused' });
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    return json(res, 415, { message: 'Send this request as application/json' });
  const body = await readJson(req);
  const date = body && typeof body === 'object' ? (body as { date?: unknown }).date : undefined;
  if (!isCalendarDate(date)) return json(res, 400, { message: 'date must be a date like 2026-12-01' });
  return json(res, 200, await runRemindersForDate(date));
}
