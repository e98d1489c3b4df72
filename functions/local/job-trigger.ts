// The local runtime's job triggers, never deployed (the stack's route table has no /local/ path);
// JSON from this machine's own origins only, so no other site can start them:
// - POST /local/jobs/reminders `{ "date": "YYYY-MM-DD", "agentId"?: "…" }`: the reminders job replayed for a whole
//   local date while the server runs (digests, automatic messages and the sends that fall due), as
//   `npm run job:reminders -- --date` does with the server stopped; with `agentId`, that agent's digest only (a
//   browser spec replaying a day ahead leaves the other specs' agents as they are). Replays run one at a time.
// - POST /local/jobs/reviews-sync `{}`: the Google reviews sync job now (every connected agent), as the stack's hourly
//   schedule runs it.
// - POST /local/jobs/calendar-out `{}`: the calendar-out job now (the calendars a client change marked), as the stack's
//   schedule runs it every two minutes.
// - POST /local/jobs/home-values `{}`: the home values job now (FHFA's index files from HPI_BASE_URL), as the stack's
//   monthly schedule runs it.
// - POST /local/jobs/ses-events with an SES bounce or complaint event (EventBridge's shape): its detail (what SES
//   published) goes on the bus as SES puts it there, and the ses-events job runs on it when the stack's rule matches.
//   The outbox never bounces, so this is how a browser spec sees what a real bounce does (suppression, the agent's
//   sending review).
// - POST /local/jobs/sms-inbound with what an AWS End User Messaging number publishes for a text it received
//   (`{ originationNumber, destinationNumber, messageBody, … }`): jobs/sms-inbound runs on it as the topic delivers it.
// Under the twin a trigger the template would not fire (no rule matches, no schedule, no subscription) runs nothing
// and answers `{ delivered: false, reason }`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCalendarDate } from '@shared/dates';
import { isId } from '@shared/schemas';
import { config } from '../config';
import type { SesEvent } from '../jobs/ses-events';
import { runRemindersForDate } from './reminders-job';
import { runCalendarOut } from './calendar-out-job';
import { runHomeValuesSync } from './home-values-job';
import { runReviewsSync } from './reviews-sync-job';
import { deliverSesEvent } from './ses-events-job';
import { deliverTwoWayText } from './sms-inbound-job';

export const JOB_TRIGGER_PATH = '/local/jobs/reminders';
export const SES_EVENT_TRIGGER_PATH = '/local/jobs/ses-events';
export const REVIEWS_SYNC_TRIGGER_PATH = '/local/jobs/reviews-sync';
export const SMS_INBOUND_TRIGGER_PATH = '/local/jobs/sms-inbound';
export const HOME_VALUES_TRIGGER_PATH = '/local/jobs/home-values';
export const CALENDAR_OUT_TRIGGER_PATH = '/local/jobs/calendar-out';
const MAX_BODY = 1024;
/** An SES event with a few recipients and tags; SES itself sends at most 50 recipients a message. */
const MAX_SES_EVENT_BODY = 16 * 1024;

function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}

async function readJson(req: IncomingMessage, maxBody = MAX_BODY): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBody) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The refusal of a request no trigger may take (not POST, another site, not JSON), else undefined. */
function refusal(req: IncomingMessage, res: ServerResponse, usage: string): true | undefined {
  if (req.method !== 'POST') return json(res, 405, { message: usage });
  const origin = req.headers.origin;
  if (origin && !config().sameSiteOrigins.includes(origin))
    return json(res, 403, { message: 'Cross-site request refused' });
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    return json(res, 415, { message: 'Send this request as application/json' });
  return undefined;
}

/** Handles a trigger; false when the path is no trigger's. */
export async function handleJobTrigger(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname === SES_EVENT_TRIGGER_PATH) return handleSesEvent(req, res);
  if (url.pathname === REVIEWS_SYNC_TRIGGER_PATH) {
    if (refusal(req, res, 'Use POST with {}')) return true;
    return json(res, 200, await runReviewsSync());
  }
  if (url.pathname === CALENDAR_OUT_TRIGGER_PATH) {
    if (refusal(req, res, 'Use POST with {}')) return true;
    return json(res, 200, await runCalendarOut());
  }
  if (url.pathname === HOME_VALUES_TRIGGER_PATH) {
    if (refusal(req, res, 'Use POST with {}')) return true;
    return json(res, 200, await runHomeValuesSync());
  }
  if (url.pathname === SMS_INBOUND_TRIGGER_PATH) return handleTwoWayText(req, res);
  if (url.pathname !== JOB_TRIGGER_PATH) return false;
  if (refusal(req, res, 'Use POST with {"date":"YYYY-MM-DD"} (and "agentId" for one agent)')) return true;
  const body = await readJson(req);
  const { date, agentId } = (body && typeof body === 'object' ? body : {}) as { date?: unknown; agentId?: unknown };
  if (!isCalendarDate(date)) return json(res, 400, { message: 'date must be a date like 2026-12-01' });
  if (agentId !== undefined && !isId(agentId)) return json(res, 400, { message: "agentId must be an agent's id" });
  return json(res, 200, await runRemindersForDate(date, { agentId: agentId as string | undefined }));
}

async function handleSesEvent(req: IncomingMessage, res: ServerResponse): Promise<true> {
  if (refusal(req, res, 'Use POST with an SES bounce or complaint event')) return true;
  const body = await readJson(req, MAX_SES_EVENT_BODY);
  const problem = sesEventProblem(body);
  if (problem) return json(res, 400, { message: problem });
  return json(res, 200, await deliverSesEvent((body as Required<SesEvent>).detail));
}

async function handleTwoWayText(req: IncomingMessage, res: ServerResponse): Promise<true> {
  if (refusal(req, res, 'Use POST with a two-way text: { originationNumber, destinationNumber, messageBody }'))
    return true;
  const body = await readJson(req, MAX_SES_EVENT_BODY);
  if (
    !isObject(body) ||
    !isText(body.originationNumber, 20) ||
    typeof body.messageBody !== 'string' ||
    body.messageBody.length > 1600
  )
    return json(res, 400, { message: 'Send originationNumber (E.164) and messageBody (at most 1600 characters)' });
  return json(res, 200, await deliverTwoWayText(body));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * What makes the body no SES bounce or complaint event, else undefined. Only the fields the job reads, each of the
 * type SES gives it: a test's typo is answered here, not taken for an event the job ignores.
 */
export function sesEventProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'Send a JSON object: an SES event';
  const { detail } = body;
  if (!isObject(detail)) return 'detail must be an object';
  const { eventType, mail } = detail;
  if (eventType !== 'Bounce' && eventType !== 'Complaint') return 'detail.eventType must be Bounce or Complaint';
  const part = eventType === 'Bounce' ? detail.bounce : detail.complaint;
  const listName = eventType === 'Bounce' ? 'bouncedRecipients' : 'complainedRecipients';
  const field = `detail.${eventType === 'Bounce' ? 'bounce' : 'complaint'}`;
  if (!isObject(part)) return `${field} must be an object`;
  if (eventType === 'Bounce' && !['Permanent', 'Transient', 'Undetermined'].includes(part.bounceType as string))
    return 'detail.bounce.bounceType must be Permanent, Transient or Undetermined';
  const recipients = part[listName];
  if (
    !Array.isArray(recipients) ||
    recipients.length === 0 ||
    recipients.length > 50 ||
    !recipients.every((r) => isObject(r) && isText(r.emailAddress, 254))
  )
    return `${field}.${listName} must list 1 to 50 recipients, each with an emailAddress`;
  if (mail === undefined) return undefined;
  if (!isObject(mail)) return 'detail.mail must be an object';
  if (mail.messageId !== undefined && !isText(mail.messageId, 200))
    return 'detail.mail.messageId must be a non-empty string';
  if (mail.tags === undefined) return undefined;
  if (
    !isObject(mail.tags) ||
    !Object.values(mail.tags).every((values) => Array.isArray(values) && values.every((v) => isText(v, 256)))
  )
    return 'detail.mail.tags must map each tag to a list of strings';
  return undefined;
}
