// jobs/inbound-email: a client's e-mail reply, as SES receiving delivers it. The receipt rule for the inbound domain
// first stores the raw mail in the uploads bucket (inbound-email/received/<SES message id>), then invokes this
// function (type Event: the event carries the headers, never the body). The reply token of the address it was sent to
// (SES's envelope recipients) names the agent and the client, and is checked before the mail is read: mail for no
// valid token is rejected unread, left where SES put it to expire (30 days). A reply whose token verifies is parsed,
// in time linear in its size (domain/reply-text.ts), joins that client's activity, and its raw original is kept for
// the agent to open. A machine's answer, a virus, or a mail that cannot be parsed is dropped with one log line and its
// raw copy deleted. No mail makes the function fail for what it holds: only a failing service does, and is retried.
import { config } from '../config';
import { parseInboundEmail, replyTokenIn } from '../domain/inbound-email';
import {
  deleteInboundEmail,
  inboundEmailKey,
  keepInboundEmail,
  readInboundEmail,
  receivedEmailKey,
} from '../integrations/inbound-mail';
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
        spfVerdict?: { status?: string };
        dkimVerdict?: { status?: string };
        dmarcVerdict?: { status?: string };
      };
    };
  }>;
};

export type InboundEmailOutcome =
  'recorded' | 'automatic' | 'no-token' | 'forged' | 'no-client' | 'virus' | 'missing' | 'malformed' | 'unreadable';

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
  const received = receivedEmailKey(messageId);
  const kept = inboundEmailKey(messageId);
  if (!received || !kept) {
    log.warn('inbound e-mail dropped: not an SES message id', { messageId: messageId.slice(0, 100) });
    return 'malformed' as const;
  }
  const receipt = record.ses?.receipt ?? {};
  const drop = async (outcome: InboundEmailOutcome, message: string, fields: Record<string, unknown> = {}) => {
    await deleteInboundEmail(received);
    log.info(message, { messageId, ...fields });
    return outcome;
  };
  // Rejected unread: nothing of it is parsed, and its raw copy expires where SES stored it.
  const reject = (outcome: InboundEmailOutcome, message: string) => {
    log.info(message, { messageId, rejected: true });
    return outcome;
  };
  if (receipt.virusVerdict?.status === 'FAIL') return drop('virus', 'inbound e-mail dropped: a virus');
  const domain = config().inboundEmailDomain;
  if (!domain) return reject('no-token', 'inbound e-mail rejected: INBOUND_EMAIL_DOMAIN is not set');
  const token = replyTokenIn(receipt.recipients ?? [], domain);
  if (!token) return reject('no-token', 'inbound e-mail rejected: not sent to a reply address');
  const recipient = await replyRecipient(token);
  if (!recipient) return reject('forged', 'inbound e-mail rejected: unknown or forged reply token');
  const raw = await readInboundEmail(received);
  if (!raw) {
    log.warn('inbound e-mail dropped: its object is missing or too large', { messageId });
    return 'missing' as const;
  }
  let mail: Awaited<ReturnType<typeof parseInboundEmail>>;
  try {
    mail = await parseInboundEmail(raw, domain, receipt.recipients ?? []);
  } catch (error) {
    // What it holds cannot be read: trying again would read the same bytes.
    return drop('unreadable', 'inbound e-mail dropped: it cannot be parsed', { error: String(error).slice(0, 200) });
  }
  if (mail.autoSubmitted) return drop('automatic', 'inbound e-mail dropped: an automatic answer');
  if (!mail.from) return drop('malformed', 'inbound e-mail dropped: no sender address');
  const at = new Date(receipt.timestamp ?? record.ses?.mail?.timestamp ?? Date.now());
  // Kept before the reply names it; the received copy goes once the reply is in (a retry finds it still there).
  await keepInboundEmail(received, kept);
  try {
    await recordInboundReply({
      ...recipient,
      channel: 'email',
      ...(mail.subject ? { subject: mail.subject } : {}),
      body: mail.text || NO_TEXT_BODY,
      at: Number.isNaN(at.getTime()) ? new Date() : at,
      rawKey: kept,
      from: mail.from,
      verdicts: {
        spf: receipt.spfVerdict?.status,
        dkim: receipt.dkimVerdict?.status,
        dmarc: receipt.dmarcVerdict?.status,
      },
      // Lambda retries an Event invocation that failed: the same SES message is taken in once.
      sourceId: `ses:${messageId}`,
    });
  } catch (error) {
    if (error instanceof ReplyClientNotFoundError) {
      await deleteInboundEmail(kept);
      return drop('no-client', 'inbound e-mail dropped: the client is gone', recipient);
    }
    throw error;
  }
  await deleteInboundEmail(received);
  log.info('inbound e-mail recorded', { messageId, ...recipient });
  return 'recorded' as const;
}
