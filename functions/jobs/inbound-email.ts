// jobs/inbound-email: a client's e-mail reply, as SES receiving delivers it. The receipt rule for the inbound domain
// first stores the raw mail in the uploads bucket (inbound-email/<SES message id>), then invokes this function
// (type Event: the event carries the headers, never the body). The reply token of the address it was sent to names
// the agent and the client; a reply whose token verifies joins that client's activity, and the raw original stays
// for the agent to open. Anything else (no token, an unknown or forged one, a machine's answer, a virus) is dropped
// with one log line and its raw copy deleted: nothing about it is kept.
import { config } from '../config';
import { parseInboundEmail } from '../domain/inbound-email';
import { deleteInboundEmail, inboundEmailKey, readInboundEmail } from '../integrations/inbound-mail';
import { createLogger, type Logger } from '../observability/logger';
import { recordInboundReply, ReplyClientNotFoundError } from '../services/inbound-replies';
import { replyRecipient } from '../services/reply-addresses';

/** The part of SES's receipt event this reads (aws-lambda's SESEvent, loosely: it comes from outside). */
export type SesReceiptEvent = {
  Records?: Array<{
    eventSource?: string;
    ses?: {
      mail?: { messageId?: string; timestamp?: string };
      receipt?: {
        timestamp?: string;
        recipients?: string[];
        spamVerdict?: { status?: string };
        virusVerdict?: { status?: string };
      };
    };
  }>;
};

export type InboundEmailOutcome =
  'recorded' | 'automatic' | 'no-token' | 'forged' | 'no-client' | 'virus' | 'missing' | 'malformed';

/** Replies without text (only an attachment, say) still reach the agent, who can open the original. */
export const NO_TEXT_BODY = '(This reply has no text. Open the original to see it.)';

export async function handler(event: SesReceiptEvent): Promise<InboundEmailOutcome[]> {
  const log = createLogger({ job: 'inbound-email' });
  const outcomes: InboundEmailOutcome[] = [];
  for (const record of event?.Records ?? []) outcomes.push(await receive(record, log));
  return outcomes;
}

async function receive(record: NonNullable<SesReceiptEvent['Records']>[number], log: Logger) {
  const messageId = record.ses?.mail?.messageId ?? '';
  const key = inboundEmailKey(messageId);
  if (!key) {
    log.warn('inbound e-mail dropped: not an SES message id', { messageId: messageId.slice(0, 100) });
    return 'malformed' as const;
  }
  const receipt = record.ses?.receipt ?? {};
  const drop = async (outcome: InboundEmailOutcome, message: string, fields: Record<string, unknown> = {}) => {
    await deleteInboundEmail(key);
    log.info(message, { messageId, ...fields });
    return outcome;
  };
  if (receipt.virusVerdict?.status === 'FAIL') return drop('virus', 'inbound e-mail dropped: a virus');
  const raw = await readInboundEmail(key);
  if (!raw) {
    log.warn('inbound e-mail dropped: its object is missing or too large', { messageId });
    return 'missing' as const;
  }
  const domain = config().inboundEmailDomain;
  if (!domain) return drop('no-token', 'inbound e-mail dropped: INBOUND_EMAIL_DOMAIN is not set');
  const mail = await parseInboundEmail(raw, domain, receipt.recipients ?? []);
  if (mail.autoSubmitted) return drop('automatic', 'inbound e-mail dropped: an automatic answer');
  if (!mail.token) return drop('no-token', 'inbound e-mail dropped: not sent to a reply address');
  const recipient = await replyRecipient(mail.token);
  if (!recipient) return drop('forged', 'inbound e-mail dropped: unknown or forged reply token');
  if (!mail.from) return drop('malformed', 'inbound e-mail dropped: no sender address');
  const at = new Date(receipt.timestamp ?? record.ses?.mail?.timestamp ?? Date.now());
  try {
    await recordInboundReply({
      ...recipient,
      channel: 'email',
      ...(mail.subject ? { subject: mail.subject } : {}),
      body: mail.text || NO_TEXT_BODY,
      at: Number.isNaN(at.getTime()) ? new Date() : at,
      rawKey: key,
      from: mail.from,
      // Lambda retries an Event invocation that failed: the same SES message is taken in once.
      sourceId: `ses:${messageId}`,
    });
  } catch (error) {
    if (error instanceof ReplyClientNotFoundError)
      return drop('no-client', 'inbound e-mail dropped: the client is gone', recipient);
    throw error;
  }
  log.info('inbound e-mail recorded', { messageId, ...recipient });
  return 'recorded' as const;
}
