// The reminders queue: SQS in AWS, an in-process list in the local runtime (which hands it to the
// worker itself). The only place that chooses.
import { SendMessageBatchCommand, SQSClient, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { config, ConfigError } from '../config';
import { authorizeQueueStandIn } from './queue-stand-in';
import type { DigestMessage } from '../domain/digest-schedule';
import { traced } from '../observability/tracing';

export class QueueError extends Error {
  override name = 'QueueError';
}

/** A scheduled text whose hour has come (functions/services/messages.ts deliverScheduledText). */
export type ScheduledTextMessage = { kind: 'scheduled-text'; clientId: string; messageId: string };
/** Replies a notice window held, to send now that it has passed (functions/services/inbound-replies.ts). */
export type HeldNoticeMessage = { kind: 'reply-notice'; clientId: string };
/** What the reminders queue carries: an agent's daily digest, or a scheduled text to send. */
export type QueueMessage = DigestMessage | ScheduledTextMessage | HeldNoticeMessage;

const SQS_BATCH = 10;
const local: QueueMessage[] = [];
let sqs: SQSClient | undefined;

export async function enqueueDigests(messages: readonly QueueMessage[]): Promise<void> {
  const { queueProvider, remindersQueueUrl, region } = config();
  if (queueProvider === 'memory') {
    authorizeQueueStandIn('SendMessageBatchCommand', 'REMINDERS_QUEUE_URL');
    local.push(...messages);
    return;
  }
  if (!remindersQueueUrl) throw new ConfigError('Missing required setting REMINDERS_QUEUE_URL');
  sqs ??= traced(new SQSClient({ region }));
  for (let i = 0; i < messages.length; i += SQS_BATCH) {
    let entries: SendMessageBatchRequestEntry[] = messages
      .slice(i, i + SQS_BATCH)
      .map((message, j) => ({ Id: String(j), MessageBody: JSON.stringify(message) }));
    for (let attempt = 0; entries.length > 0; attempt += 1) {
      if (attempt >= 4) throw new QueueError(`SQS kept refusing ${entries.length} digest message(s)`);
      if (attempt > 0) await new Promise((done) => setTimeout(done, 100 * 2 ** attempt));
      const out = await sqs.send(new SendMessageBatchCommand({ QueueUrl: remindersQueueUrl, Entries: entries }));
      const failed = new Set((out.Failed ?? []).map((f) => f.Id));
      entries = entries.filter((entry) => failed.has(entry.Id));
    }
  }
}

/** The local runtime takes what the scheduler queued in this process (and empties the list). */
export function takeLocalDigestMessages(): QueueMessage[] {
  return local.splice(0, local.length);
}
