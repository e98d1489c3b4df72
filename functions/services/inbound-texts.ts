// A text a client sent to our number, however it came (Twilio's webhook, or the SNS topic of an AWS End User
// Messaging number): one path. A keyword acts on the number for every agent who texted it (STOP opts it out, START
// opts it back in, HELP gets one answer); any other text is a reply to the agent who texted that number last, within
// REPLY_WINDOW_DAYS, on that client. A text nobody can be found for is logged and dropped, never stored.
import { clientsTextedAt, lastTextedAt, optOutClient } from '../data/messages';
import { clearPhoneOptOut, markPhoneOptedOut } from '../data/opt-out-marks';
import { setSmsConsent } from '../data/sms-consent';
import { getUserById } from '../data/users';
import { classifyText, helpReply } from '../domain/sms-keywords';
import { createLogger } from '../observability/logger';
import { recordInboundReply, ReplyClientNotFoundError } from './inbound-replies';

/** A text joins the conversation of the agent who texted the number within this many days. */
export const REPLY_WINDOW_DAYS = 60;
const DAY_MS = 86_400_000;
const E164 = /^\+[1-9]\d{7,14}$/;

export type InboundText = {
  from: string;
  to: string;
  body: string;
  provider: 'twilio' | 'sns';
  at: Date;
  /** The provider's id of the text (Twilio's MessageSid, SNS's inboundMessageId): a redelivery is taken in once. */
  sourceId?: string;
};

export type InboundTextOutcome =
  | { kind: 'opted-out'; clients: number }
  | { kind: 'opted-in'; clients: number }
  /** `reply`: the one answer, for the caller to send back (TwiML, or the SMS port). */
  | { kind: 'help'; reply: string }
  | { kind: 'reply'; agentId: string; clientId: string; messageId: string }
  | { kind: 'dropped'; reason: 'bad-number' | 'unknown-number' | 'no-client' | 'empty' };

export async function handleInboundText(text: InboundText): Promise<InboundTextOutcome> {
  const log = createLogger({ component: 'inbound-texts', provider: text.provider });
  if (!E164.test(text.from)) {
    log.warn('inbound text dropped: the sender is no E.164 number');
    return { kind: 'dropped', reason: 'bad-number' };
  }
  const kind = classifyText(text.body);
  if (kind === 'opt-out') {
    await markPhoneOptedOut(text.from, text.provider, text.at);
    const texted = await clientsTextedAt(text.from);
    for (const { agentId, clientId } of texted) {
      // The revocation first, so the client's consent history keeps it; then the opt-out (already set by it).
      await setSmsConsent(agentId, clientId, { status: 'revoked', source: 'keyword' }, text.at);
      await optOutClient(agentId, clientId, 'sms', text.at);
    }
    log.info('text opt-out received', { clients: texted.length });
    return { kind: 'opted-out', clients: texted.length };
  }
  if (kind === 'opt-in') {
    const cleared = await clearPhoneOptOut(text.from);
    const texted = await clientsTextedAt(text.from);
    // The client's own keyword: consent granted (source "keyword"), which also lifts the client's opt-out.
    for (const { agentId, clientId } of texted)
      await setSmsConsent(agentId, clientId, { status: 'granted', source: 'keyword' }, text.at);
    log.info('text opt-in received', { clients: texted.length, agentMarks: cleared.agents });
    return { kind: 'opted-in', clients: texted.length };
  }
  const texter = await lastTextedAt(text.from, new Date(text.at.getTime() - REPLY_WINDOW_DAYS * DAY_MS));
  if (kind === 'help') {
    const agent = texter ? await getUserById(texter.agentId) : undefined;
    return { kind: 'help', reply: helpReply(agent) };
  }
  if (!texter) {
    log.info('inbound text dropped: no agent texted this number recently');
    return { kind: 'dropped', reason: 'unknown-number' };
  }
  if (!text.body.trim()) return { kind: 'dropped', reason: 'empty' };
  try {
    const { messageId } = await recordInboundReply({
      agentId: texter.agentId,
      clientId: texter.clientId,
      channel: 'sms',
      body: text.body,
      at: text.at,
      from: text.from,
      ...(text.sourceId ? { sourceId: `${text.provider}:${text.sourceId}` } : {}),
    });
    log.info('text reply received', { agentId: texter.agentId });
    return { kind: 'reply', agentId: texter.agentId, clientId: texter.clientId, messageId };
  } catch (error) {
    if (!(error instanceof ReplyClientNotFoundError)) throw error;
    log.info('inbound text dropped: the client is gone');
    return { kind: 'dropped', reason: 'no-client' };
  }
}
