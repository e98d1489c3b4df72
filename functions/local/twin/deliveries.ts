// How AWS hands an event to a job's function, played on this machine: the event in the shape each service delivers
// (EventBridge's envelope, SNS's and SQS's Lambda records, SES receiving's Lambda action, the scheduler's payload),
// and whether the template's trigger would deliver it at all (a rule's event pattern, a subscription's filter
// policy, a receipt rule's recipients), and what a batch's answer means to the queue. Nothing here runs a job: the
// deliverers in functions/local/ do.
import type { SESEvent, SNSEvent, SNSMessageAttributes, SQSRecord } from 'aws-lambda';
import { createHash, randomUUID } from 'node:crypto';
import { matchesEventPattern } from './event-pattern';
import { LOCAL_ACCOUNT } from './stack-model';
import type { TwinTriggers } from './triggers';

/** A trigger's answer when the template would not have invoked the job (AWS drops such an event silently). */
export type NotDelivered = { delivered: false; reason: string };

export const notDelivered = (reason: string): NotDelivered => ({ delivered: false, reason });

export const wasDelivered = <T>(answer: T | NotDelivered): answer is T =>
  !(typeof answer === 'object' && answer !== null && (answer as { delivered?: unknown }).delivered === false);

/** The job's answer, for a caller that counts on the trigger firing (a test, a bench, a script): throws when not. */
export function delivered<T>(answer: T | NotDelivered): T {
  if (!wasDelivered(answer)) throw new Error(`Not delivered: ${answer.reason}`);
  return answer;
}

const region = () => process.env.AWS_REGION ?? 'us-east-1';
/** AWS's timestamps: ISO 8601 to the second. */
const isoSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

export type EventBridgeEvent<Detail = unknown> = {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Detail;
};

export function eventBridgeEvent<Detail>(
  source: string,
  detailType: string,
  detail: Detail,
  { resources = [], at = new Date() }: { resources?: string[]; at?: Date } = {},
): EventBridgeEvent<Detail> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': detailType,
    source,
    account: LOCAL_ACCOUNT,
    time: isoSeconds(at),
    region: region(),
    resources,
    detail,
  };
}

/** The rules of the template that deliver `event` to the function (each invokes it once). */
export const matchingRules = (triggers: TwinTriggers, event: EventBridgeEvent) =>
  triggers.rules.filter((rule) => matchesEventPattern(rule.eventPattern, event));

type Schedule = TwinTriggers['schedules'][number];

/** The minute past each hour an hourly cron schedule (`cron(30 * * * ? *)`) fires at: the twin plays no other. */
export function hourlyMinute(schedule: Schedule): number {
  const match = /^cron\((\d{1,2}) \* \* \* \? \*\)$/.exec(schedule.expression);
  if (!match) throw new Error(`${schedule.id}: the twin plays hourly cron schedules only (${schedule.expression})`);
  return Number(match[1]);
}

/**
 * What the schedule invokes its target with at `scheduledTime`: its input with the context attributes replaced
 * (EventBridge Scheduler's `<aws.scheduler.…>` keywords); without an input, an empty object (Lambda's Invoke without
 * a payload).
 */
export function schedulerPayload(schedule: Schedule, scheduledTime: Date): unknown {
  if (schedule.input === undefined) return {};
  const attributes: Record<string, string> = {
    'schedule-arn': schedule.arn,
    'scheduled-time': isoSeconds(scheduledTime),
    'execution-id': randomUUID().replaceAll('-', '').slice(0, 16),
    'attempt-number': '1',
  };
  return JSON.parse(
    schedule.input.replace(/<aws\.scheduler\.([a-z-]+)>/g, (keyword, name: string) => attributes[name] ?? keyword),
  );
}

/** One message as Lambda's SQS event source hands it over. */
export function sqsRecord(body: string, queueArn: string, at = new Date()): SQSRecord {
  const messageId = randomUUID();
  const sent = String(at.getTime());
  return {
    messageId,
    receiptHandle: `local-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: sent,
      SenderId: LOCAL_ACCOUNT,
      ApproximateFirstReceiveTimestamp: sent,
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: queueArn.split(':')[3] ?? region(),
  };
}

/** The event source mapping that drains the queue `queueUrl` names (the queue a producer's environment sends to). */
export function queueMapping(triggers: TwinTriggers, queueUrl: string | undefined) {
  const name = queueUrl?.split('/').pop();
  return name ? triggers.queues.find((queue) => queue.queueArn.endsWith(`:${name}`)) : undefined;
}

/** `items` cut into batches of at most `size`, as an event source mapping's BatchSize bounds them. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * The messages of a batch that go back to the queue, as Lambda reads the function's answer: all of them when the
 * function failed; none when the mapping does not report batch item failures (the answer is then ignored); else the
 * ones listed in `batchItemFailures`, or all of them when an identifier is empty or names no message of the batch.
 */
export function failedMessageIds(
  batch: readonly SQSRecord[],
  outcome: { error: unknown } | { answer: unknown },
  reportBatchItemFailures: boolean,
): string[] {
  const all = batch.map((record) => record.messageId);
  if ('error' in outcome) return all;
  if (!reportBatchItemFailures) return [];
  const failures = (outcome.answer as { batchItemFailures?: unknown } | null | undefined)?.batchItemFailures;
  if (failures === undefined || failures === null) return [];
  if (!Array.isArray(failures)) return all;
  const ids = failures.map((failure) => (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier);
  return ids.every((id) => typeof id === 'string' && all.includes(id)) ? [...new Set(ids as string[])] : all;
}

type Topic = TwinTriggers['topics'][number];

/** Whether the subscription's filter policy lets the message through (no policy: every message). */
export function filterPolicyAccepts(topic: Topic, message: string, attributes: SNSMessageAttributes = {}): boolean {
  if (!topic.filterPolicy) return true;
  if (topic.filterPolicyScope === 'MessageBody') {
    try {
      return matchesEventPattern(topic.filterPolicy, JSON.parse(message));
    } catch (error) {
      if (error instanceof SyntaxError) return false;
      throw error;
    }
  }
  const values = Object.fromEntries(
    Object.entries(attributes).map(([name, { Type, Value }]) => [
      name,
      Type === 'Number' ? Number(Value) : Type === 'String.Array' ? (JSON.parse(Value) as unknown) : Value,
    ]),
  );
  return matchesEventPattern(topic.filterPolicy, values);
}

/** The Lambda event of one SNS notification to a subscribed function. */
export function snsEvent(
  topic: Topic,
  message: string,
  { attributes = {}, at = new Date() }: { attributes?: SNSMessageAttributes; at?: Date } = {},
): SNSEvent {
  const subscriptionArn = `${topic.topicArn}:${randomUUID()}`;
  return {
    Records: [
      {
        EventVersion: '1.0',
        EventSubscriptionArn: subscriptionArn,
        EventSource: 'aws:sns',
        Sns: {
          SignatureVersion: '1',
          Timestamp: at.toISOString(),
          // Not verifiable here (no SNS key signs it); the job never checks it, Lambda's own delivery is trusted.
          Signature: 'local',
          SigningCertUrl: `https://sns.${region()}.amazonaws.com/SimpleNotificationService-local.pem`,
          MessageId: randomUUID(),
          Message: message,
          MessageAttributes: attributes,
          Type: 'Notification',
          UnsubscribeUrl: `https://sns.${region()}.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`,
          TopicArn: topic.topicArn,
        },
      },
    ],
  };
}

type ReceiptRule = TwinTriggers['receiptRules'][number];

/**
 * The recipients a receipt rule takes (SES's recipient conditions): an address matches itself, a domain its
 * addresses but not its subdomains', `.domain` every subdomain's; a rule without recipients takes them all.
 */
export function recipientsTaken(rule: ReceiptRule, recipients: readonly string[]): string[] {
  return recipients.filter((recipient) => {
    const address = recipient.toLowerCase();
    const domain = address.slice(address.lastIndexOf('@') + 1);
    return (
      rule.recipients.length === 0 ||
      rule.recipients.some((condition) =>
        condition.includes('@')
          ? condition === address
          : condition.startsWith('.')
            ? domain.endsWith(condition)
            : condition === domain,
      )
    );
  });
}

/** A raw mail's header fields, unfolded, in order (SES's `mail.headers`). */
export function headerFields(raw: Buffer | string): { name: string; value: string }[] {
  const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : raw;
  const end = text.search(/\r?\n\r?\n/);
  const unfolded = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return unfolded
    .split(/\r?\n/)
    .map((line) => /^([!-9;-~]+):[ \t]*(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ name: match[1]!, value: match[2]!.trim() }));
}

/** The addresses in header values such as `"Ann" <ann@example.com>, bo@example.org`. */
export const addressesIn = (values: readonly string[]): string[] =>
  values.flatMap((value) => value.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? []).map((a) => a.toLowerCase());

/**
 * The Lambda action's event for one received mail, as SES receiving invokes the function: the mail's headers (never
 * its body), and the receipt naming the recipients this rule took, its verdicts when the rule scans, and the action.
 */
export function sesReceiptEvent(
  rule: ReceiptRule,
  functionArn: string,
  mail: { messageId: string; raw: Buffer | string; recipients: readonly string[]; at?: Date },
): SESEvent {
  const headers = headerFields(mail.raw);
  const field = (name: string) => headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
  const list = (name: string) => (field(name).length ? { [name === 'reply-to' ? 'replyTo' : name]: field(name) } : {});
  const timestamp = (mail.at ?? new Date()).toISOString();
  const pass = { status: rule.scanEnabled ? 'PASS' : 'DISABLED' } as const;
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            timestamp,
            source: addressesIn(field('return-path').concat(field('from')))[0] ?? '',
            messageId: mail.messageId,
            destination: [...mail.recipients],
            headersTruncated: false,
            headers,
            commonHeaders: {
              returnPath: addressesIn(field('return-path'))[0] ?? '',
              ...list('from'),
              ...list('to'),
              ...list('cc'),
              ...list('reply-to'),
              date: field('date')[0] ?? '',
              messageId: field('message-id')[0] ?? '',
              ...(field('subject').length ? { subject: field('subject')[0] } : {}),
            },
          },
          receipt: {
            timestamp,
            processingTimeMillis: 0,
            recipients: recipientsTaken(rule, mail.recipients),
            spamVerdict: pass,
            virusVerdict: pass,
            spfVerdict: pass,
            dkimVerdict: pass,
            dmarcVerdict: pass,
            action: { type: 'Lambda', functionArn, invocationType: rule.invocationType },
          },
        },
      },
    ],
  };
}
