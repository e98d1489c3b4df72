// SES receiving on this machine: each raw RFC 5322 file written to the inbound folder ($DATA_DIR/inbound-email) is
// received as SES would receive it: taken only when a receipt rule of the template names one of its recipients (the
// envelope's, or else its To, Cc and Delivered-To), stored by that rule's S3 action (its bucket and prefix, named by
// the message id), then jobs/inbound-email invoked with the rule's Lambda action event, as that job's own function
// under the twin; the file then leaves the folder. Files starting with a dot are skipped (write one and rename it
// into place).
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../config';
import { handler, type InboundEmailOutcome, type SesReceiptEvent } from '../jobs/inbound-email';
import { INBOUND_EMAIL_RECEIVED_PREFIX } from '../integrations/inbound-mail';
import { s3 } from '../integrations/storage';
import { jobFunction, runAsJob } from './job-scopes';
import {
  addressesIn,
  headerFields,
  notDelivered,
  recipientsTaken,
  sesReceiptEvent,
  wasDelivered,
  type NotDelivered,
} from './twin/deliveries';
import { LOCAL_ACCOUNT } from './twin/stack-model';
import type { TwinTriggers } from './twin/triggers';

const POLL_MS = 1000;
/** A file changed this recently may still be being written. */
const SETTLE_MS = 200;

type ReceiptRule = TwinTriggers['receiptRules'][number];

/** The job's receipt rules: the template's under the twin, else one taking every recipient into the uploads bucket. */
function receiptRules(): ReceiptRule[] {
  const fn = jobFunction('inbound-email');
  if (fn) return fn.triggers.receiptRules;
  const store = { bucket: config().uploadsBucket, prefix: INBOUND_EMAIL_RECEIVED_PREFIX };
  return [{ id: 'local', recipients: [], scanEnabled: true, store, invocationType: 'Event' }];
}

/** Invokes the job with SES's Lambda action event, when a receipt rule of the template takes its recipients. */
export function deliverInboundEmail(event: SesReceiptEvent): Promise<InboundEmailOutcome[] | NotDelivered> {
  const rules = receiptRules();
  const untaken = (event.Records ?? []).find((record) => {
    const recipients = record.ses?.receipt?.recipients ?? [];
    return !rules.some((rule) => recipientsTaken(rule, recipients).length > 0);
  });
  if (untaken)
    return Promise.resolve(
      notDelivered(`No receipt rule of the template takes mail for ${recipientList(untaken.ses?.receipt?.recipients)}`),
    );
  return runAsJob('inbound-email', () => handler(event));
}

/** Receives one raw mail as SES would: the first receipt rule taking a recipient of it stores it, then the event. */
export async function receiveInboundEmail(
  raw: Buffer,
  envelopeRecipients: readonly string[] = [],
): Promise<InboundEmailOutcome[] | NotDelivered> {
  const headers = headerFields(raw);
  const recipients = envelopeRecipients.length
    ? envelopeRecipients
    : addressesIn(headers.filter((h) => /^(to|cc|delivered-to)$/i.test(h.name)).map((h) => h.value));
  const rule = receiptRules().find((r) => recipientsTaken(r, recipients).length > 0);
  if (!rule) return notDelivered(`No receipt rule of the template takes mail for ${recipientList(recipients)}`);
  const messageId = `local-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  // SES's own S3 action, not the function's: no function's rights apply.
  if (rule.store)
    await s3().send(
      new PutObjectCommand({
        Bucket: rule.store.bucket,
        Key: `${rule.store.prefix}${messageId}`,
        Body: raw,
        ContentType: 'message/rfc822',
      }),
    );
  const functionName = jobFunction('inbound-email')?.logicalId ?? 'inbound-email';
  const functionArn = `arn:aws:lambda:${config().region}:${LOCAL_ACCOUNT}:function:${functionName}`;
  return runAsJob('inbound-email', () => handler(sesReceiptEvent(rule, functionArn, { messageId, raw, recipients })));
}

const recipientList = (recipients: readonly string[] | undefined) => recipients?.join(', ') || 'no recipient';

/** Watches `dir` (made if missing) until stopped; a failure is reported and the file left for the next look. */
export function watchInboundEmail(dir: string, onError: (error: unknown) => void): () => Promise<void> {
  mkdirSync(dir, { recursive: true });
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const scan = () => {
    if (stopped) return;
    running = running.then(() => handleFolder(dir, onError)).catch(onError);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, () => scan());
    watcher.on('error', () => undefined);
  } catch {
    watcher = undefined;
  }
  const timer = setInterval(scan, POLL_MS);
  timer.unref();
  scan();
  return async () => {
    stopped = true;
    clearInterval(timer);
    watcher?.close();
    await running;
  };
}

async function handleFolder(dir: string, onError: (error: unknown) => void): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => !name.startsWith('.')).sort();
  for (const name of names) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || Date.now() - info.mtimeMs < SETTLE_MS) continue;
    try {
      const received = await receiveInboundEmail(await readFile(file));
      // SES refuses mail no rule takes (the sender gets the bounce): here the file is set aside with the reason.
      if (!wasDelivered(received)) throw new Error(`${name}: ${received.reason}`);
      await rm(file, { force: true });
    } catch (error) {
      // Set aside (a dot name is not looked at again), so one bad file is reported once, not every second.
      await rename(file, join(dir, `.failed-${name}`)).catch(() => undefined);
      onError(error);
    }
  }
}
