// jobs/sms-inbound: texts sent to an AWS End User Messaging number with two-way messaging on. The number publishes
// each one to an SNS topic this function is subscribed to (not a public route); the message is JSON with
// originationNumber (the client), destinationNumber (ours), messageKeyword, messageBody, inboundMessageId and
// previousPublishedMessageId. Each takes the one inbound path (functions/services/inbound-texts.ts); the answer to
// HELP goes back through the SMS port. A record that is no such message is logged and skipped, never retried.
import { handleInboundText, type InboundTextOutcome } from '../services/inbound-texts';
import { sendSms, SmsError } from '../integrations/sms';
import { createLogger } from '../observability/logger';

/** What the number publishes to the topic (AWS End User Messaging SMS, two-way messaging). */
export type TwoWayText = {
  originationNumber?: string;
  destinationNumber?: string;
  messageKeyword?: string;
  messageBody?: string;
  inboundMessageId?: string;
  previousPublishedMessageId?: string;
};

/** The Lambda event of an SNS subscription (only the fields read here). */
export type SnsEvent = { Records?: Array<{ Sns?: { Message?: string; Timestamp?: string; MessageId?: string } }> };

export type SmsInboundResult = { handled: Array<InboundTextOutcome['kind'] | 'malformed'> };

/** The two-way text in one record, or undefined when the record holds none. */
export function twoWayTextOf(message: string | undefined): TwoWayText | undefined {
  if (!message || message.length > 64 * 1024) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const text = parsed as Record<string, unknown>;
  if (typeof text.originationNumber !== 'string' || typeof text.messageBody !== 'string') return undefined;
  return text as TwoWayText;
}

export async function handler(event: SnsEvent): Promise<SmsInboundResult> {
  const log = createLogger({ job: 'sms-inbound' });
  const handled: SmsInboundResult['handled'] = [];
  for (const record of event?.Records ?? []) {
    const text = twoWayTextOf(record.Sns?.Message);
    if (!text) {
      log.warn('sns record skipped: no two-way text in it', { snsMessageId: record.Sns?.MessageId });
      handled.push('malformed');
      continue;
    }
    const sent = Date.parse(record.Sns?.Timestamp ?? '');
    const outcome = await handleInboundText({
      from: text.originationNumber ?? '',
      to: text.destinationNumber ?? '',
      body: text.messageBody ?? '',
      provider: 'sns',
      at: Number.isFinite(sent) ? new Date(sent) : new Date(),
      ...(text.inboundMessageId ? { sourceId: text.inboundMessageId } : {}),
    });
    // HELP's answer, or the question of a number several agents texted.
    if ('reply' in outcome && outcome.reply) {
      try {
        await sendSms(text.originationNumber!, outcome.reply);
      } catch (error) {
        // One answer at most: a refused one is logged, not retried (a retry would run the whole record again).
        if (!(error instanceof SmsError)) throw error;
        log.warn('answer not sent', { outcome: outcome.kind, reason: error.reason });
      }
    }
    handled.push(outcome.kind);
  }
  log.info('inbound texts handled', { handled });
  return { handled };
}
