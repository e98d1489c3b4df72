// SES receiving on this machine: each raw RFC 5322 file written to the inbound folder ($DATA_DIR/inbound-email) is
// handled as SES would deliver it: put in the local bucket under inbound-email/<id> (the receipt rule's S3 action),
// then jobs/inbound-email invoked with a receipt event (its Lambda action), as that job's own function under the
// twin; the file then leaves the folder. Files starting with a dot are skipped (write one and rename it into place).
import { randomBytes } from 'node:crypto';
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { handler, type InboundEmailOutcome, type SesReceiptEvent } from '../jobs/inbound-email';
import { inboundEmailKey, storeInboundEmail } from '../integrations/inbound-mail';
import { runAsJob } from './job-scopes';

const POLL_MS = 1000;
/** A file changed this recently may still be being written. */
const SETTLE_MS = 200;

export function deliverInboundEmail(event: SesReceiptEvent): Promise<InboundEmailOutcome[]> {
  return runAsJob('inbound-email', () => handler(event));
}

/** Hands one raw mail to the job as SES would: stored, then the receipt event. */
export async function receiveInboundEmail(raw: Buffer, recipients: readonly string[] = []) {
  const messageId = `local-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const key = inboundEmailKey(messageId)!;
  // SES's own S3 action, not the function's: no function's rights apply.
  await storeInboundEmail(key, raw);
  const now = new Date().toISOString();
  return deliverInboundEmail({
    Records: [
      {
        eventSource: 'aws:ses',
        ses: {
          mail: { messageId, timestamp: now },
          receipt: { timestamp: now, recipients: [...recipients], virusVerdict: { status: 'PASS' } },
        },
      },
    ],
  });
}

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
      await receiveInboundEmail(await readFile(file));
      await rm(file, { force: true });
    } catch (error) {
      // Set aside (a dot name is not looked at again), so one bad file is reported once, not every second.
      await rename(file, join(dir, `.failed-${name}`)).catch(() => undefined);
      onError(error);
    }
  }
}
