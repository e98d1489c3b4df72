// Sending an agent's message to a client, and remembering it. The request path (sendClientMessage)
// refuses what cannot be sent (a refusal value) before it takes a daily-cap slot; the slot is
// given back whenever the message does not leave. A text that would arrive outside 8:00–21:00 in
// the client's zone is stored `scheduled` in the due-send index; the hourly job delivers it
// (deliverScheduledText) after claiming it with a conditional status change, so it leaves once.
import type { SendMessageResult } from '@shared/api-types';
import { tokenLinkPath } from '@shared/link-token';
import type { MessageInput } from '@shared/messages';
import { SKIP_REASONS } from '@shared/automations';
import { SENDING_PAUSED_MESSAGES } from '@shared/sending-pause';
import { config } from '../config';
import { actorOf, clientFor } from '../data/client-access';
import { getClient, toClient, type ClientItem } from '../data/clients';
import { excerptOf, noteConversationMessage } from '../data/conversations';
import {
  changeMessageStatus,
  putMessage,
  rememberSesMessage,
  toMessageActivity,
  type MessageItem,
} from '../data/messages';
import { hasTextedPhone, rememberRefusedPhone, rememberTextedPhone } from '../data/texted-phones';
import { agentTimeZone, countInsights, markOccasionHandled, monthIn, type MonthDeltas } from '../data/insights';
import { countSentEmail, releaseSend, type SendSlot } from '../data/outbound-caps';
import { destinationStops, isPhoneOptedOut, markPhoneOptedOut, type SuppressionReason } from '../data/opt-out-marks';
import { getUserById, type UserItem } from '../data/users';
import {
  composeAgentEmail,
  composeText,
  SEND_MESSAGES,
  textDeliveryTime,
  type ComposedEmail,
} from '../domain/client-message';
import { textDestination } from '../domain/phone-numbers';
import { textsAllowed } from '../domain/sms-consent';
import { heldTextVerdict, HELD_TEXT_PROBLEMS } from '../domain/held-text';
import {
  isRefusal,
  type EmailDestinationRefusal,
  type EmailUnverified,
  type SendCapRefusal,
  type NotFound,
  type OptedOut,
  type SendFailed,
  type TextDestinationRefusal,
} from '../domain/refusals';
import { replyPause } from '../domain/reply-pause';
import { randomId } from '../domain/signed-tokens';
import { advanceLastContact, optOutClient } from './client-contact';
import { changeClient, clientAfter } from '../client-record/record';
import { unverifiedSender } from './email-verification';
import { reserveDailySend } from './send-limits';
import { MailError, sendEmail } from '../integrations/mail';
import { providerOptedOut, sendSms, SmsError, smsConfigured } from '../integrations/sms';
import { createLogger } from '../observability/logger';
import { replyToFor } from './reply-addresses';
import { unsubscribeToken } from './unsubscribe';

/** Why a message the agent writes does not go. */
export type SendRefusal =
  EmailUnverified | NotFound<'client'> | EmailDestinationRefusal | TextDestinationRefusal | SendCapRefusal | SendFailed;

/** POST /api/clients/{id}/messages: sent, or a text held for the client's 8:00; or why not. */
export async function sendClientMessage(
  agent: UserItem,
  clientId: string,
  input: MessageInput,
  now = new Date(),
): Promise<SendMessageResult | SendRefusal> {
  const unverified = unverifiedSender(agent);
  if (unverified) return unverified;
  const client = await clientFor(actorOf(agent), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  return input.channel === 'email'
    ? sendClientEmail(agent, client, input, now)
    : sendClientText(agent, client, input, now);
}

/**
 * An e-mail to the client, as the agent's own: the address checked (unsubscribed, bounced), the daily cap, the
 * unsubscribe link and headers; kept in the client's activity. `bodyHtml`: the body as HTML when it holds a link the
 * code made (a review request's).
 */
export async function sendClientEmail(
  agent: UserItem,
  client: ClientItem,
  input: MessageInput,
  now: Date,
  bodyHtml?: string,
): Promise<SendMessageResult | EmailDestinationRefusal | SendCapRefusal | SendFailed<'email'>> {
  const to = await emailDestination(client);
  if (isRefusal(to)) return to;
  const slot = await reserveDailySend(agent, 'email', now);
  if (isRefusal(slot)) return slot;
  const message = await putMessage({ ...newMessage(agent, client, input, slot, now), to, status: 'sending' });
  const sent = await transmitEmail(agent, message, slot, now, { client, bodyHtml });
  if (isRefusal(sent)) return sent;
  return { status: 'sent', message: toMessageActivity(sent.message), client: toClient(sent.client ?? client) };
}

/** The client's e-mail address, or why nothing can be sent to it. */
export async function emailDestination(client: ClientItem): Promise<string | EmailDestinationRefusal> {
  if (client.emailOptedOut) return { kind: 'opted-out', channel: 'email' };
  if (!client.email) return { kind: 'no-email' };
  const stops = await destinationStops(client.agentId, 'email', client.email);
  if (stops.agentMark) return { kind: 'opted-out', channel: 'email' };
  const suppressed = stops.platform?.reason as SuppressionReason | undefined;
  if (suppressed) return { kind: 'email-suppressed', reason: suppressed };
  return client.email;
}

/** What a held e-mail's activity says when its address refuses it: the sentence the agent's own send is answered. */
function emailProblem(refusal: EmailDestinationRefusal): string {
  if (refusal.kind === 'opted-out') return SEND_MESSAGES.emailOptedOut;
  if (refusal.kind === 'no-email') return SEND_MESSAGES.noEmail;
  return SEND_MESSAGES.suppressed(refusal.reason);
}

/**
 * An e-mail from the agent to the client: the agent's name and Reply-To, the footer, the visible unsubscribe link and
 * the one-click headers (`bodyHtml`: the body as HTML when it holds a link the code made).
 */
export async function agentEmailTo(
  agent: UserItem,
  clientId: string,
  subject: string,
  body: string,
  bodyHtml?: string,
): Promise<ComposedEmail> {
  const token = await unsubscribeToken(agent.id, clientId);
  const { appUrl } = config();
  // The visible link opens the page that explains and confirms (the token in the fragment, like every e-mailed
  // link); the header's link is the one-click POST (RFC 8058), and opened as a link it leads to the same page.
  const composed = composeAgentEmail(
    agent,
    subject,
    body,
    `${appUrl}${tokenLinkPath('/unsubscribe', token)}`,
    bodyHtml,
  );
  composed.headers['List-Unsubscribe'] = `<${appUrl}/api/unsubscribe/${token}>`;
  // The client's answer comes back to this client's conversation (functions/services/reply-addresses.ts).
  composed.replyTo = await replyToFor(agent, clientId);
  return composed;
}

/**
 * What becomes of a message held in `sending` whose send stopped on an error before the provider was asked (nothing
 * left): by default it failed, its slot given back (giveUp); an approval puts it back in the queue (sendApproved).
 */
type Unsent = (message: MessageItem, slot: SendSlot, problem: string) => Promise<void>;

const NOT_SENT = 'the message could not be sent';

/**
 * Sends an e-mail held in status `sending` from the agent, with the unsubscribe link and headers,
 * marks it sent and advances the client's last contact (from `client` as the caller read it, if it has it). A refusal
 * by the mail service gives the cap slot back and is returned.
 */
async function transmitEmail(
  agent: UserItem,
  message: MessageItem,
  slot: SendSlot,
  now: Date,
  { client, bodyHtml, unsent = giveUp }: { client?: ClientItem; bodyHtml?: string; unsent?: Unsent } = {},
): Promise<Sent | SendFailed<'email'>> {
  let composed: ComposedEmail;
  try {
    composed = await agentEmailTo(agent, message.clientId, message.subject ?? '', message.body, bodyHtml);
  } catch (error) {
    await unsent(message, slot, NOT_SENT);
    throw error;
  }
  let sesMessageId: string | undefined;
  try {
    sesMessageId = await sendEmail({
      to: message.to,
      ...composed,
      tags: { agent: agent.id, client: message.clientId, message: message.id },
    });
  } catch (error) {
    await giveUp(message, slot, error instanceof MailError ? 'the mail service refused the message' : NOT_SENT);
    if (error instanceof MailError) return { kind: 'send-failed', channel: 'email' };
    throw error;
  }
  if (sesMessageId)
    await rememberSesMessage(
      sesMessageId,
      { agentId: agent.id, clientId: message.clientId, messageId: message.id },
      now,
    );
  return markSent(message, now, agent.timeZone, client);
}

/**
 * A text to the client, as the agent's own: every check of the destination (opt-outs, consent), the daily cap, the STOP
 * notice on the first, and held for the client's 8:00 outside their 8:00–21:00; kept in the client's activity.
 */
export async function sendClientText(
  agent: UserItem,
  client: ClientItem,
  input: MessageInput,
  now: Date,
): Promise<SendMessageResult | TextDestinationRefusal | SendCapRefusal | SendFailed<'sms'>> {
  const to = await textDestinationOf(agent, client, now);
  if (isRefusal(to)) return to;
  const when = textDeliveryTime(client.timeZone ?? agent.timeZone, now);
  const slot = await reserveDailySend(agent, 'sms', now);
  if (isRefusal(slot)) return slot;
  const base = { ...newMessage(agent, client, input, slot, now), to };
  if (!when.now) {
    const sendAt = when.sendAt.toISOString();
    const message = await putMessage({ ...base, status: 'scheduled', sendAt });
    return {
      status: 'scheduled',
      sendAt,
      timeZone: when.timeZone,
      message: toMessageActivity(message),
      client: toClient(client),
    };
  }
  const message = await putMessage({ ...base, status: 'sending' });
  const outcome = await transmitText(message, slot, now, { agentTimeZone: agent.timeZone, client });
  if (outcome.status !== 'sent') return textRefusal(outcome);
  return { status: 'sent', message: toMessageActivity(outcome.message), client: toClient(outcome.client ?? client) };
}

/** The client's number as E.164, or why no text can go to it. */
export async function textDestinationOf(
  agent: UserItem,
  client: ClientItem,
  now: Date,
): Promise<string | TextDestinationRefusal> {
  if (client.smsOptedOut) return { kind: 'opted-out', channel: 'sms' };
  const { smsAllowedCountries } = config();
  const destination = textDestination(client.phone, smsAllowedCountries);
  if (!destination.ok && destination.reason === 'unreadable') return { kind: 'no-phone' };
  if (!destination.ok) return { kind: 'sms-country-not-allowed', allowedCountries: smsAllowedCountries };
  if (!(await smsConfigured())) return { kind: 'sms-unavailable' };
  const stops = await destinationStops(agent.id, 'sms', destination.to);
  if (stops.platform || stops.agentMark) {
    // So the number's own START finds this client (if it still exists) and lifts the mark again.
    if (await optOutClient(agent.id, client.id, 'sms', now))
      await rememberRefusedPhone(destination.to, agent.id, client.id, now);
    return { kind: 'opted-out', channel: 'sms' };
  }
  if (!textsAllowed(client)) return { kind: 'no-sms-consent' };
  return destination.to;
}

function newMessage(agent: UserItem, client: ClientItem, input: MessageInput, slot: SendSlot, now: Date) {
  return {
    id: randomId(),
    agentId: agent.id,
    clientId: client.id,
    channel: input.channel,
    ...(input.occasion ? { occasion: input.occasion } : {}),
    ...(input.channel === 'email' && input.subject ? { subject: input.subject } : {}),
    body: input.body,
    slotDay: slot.day,
    createdAt: now.toISOString(),
  };
}

/** A message that left, and its client as the send left it (undefined: the client is gone). */
type Sent = { message: MessageItem; client: ClientItem | undefined };

type TextOutcome = ({ status: 'sent' } & Sent) | { status: 'opted-out' } | { status: 'failed'; problem: string };

/** A text that did not leave, as what the agent sending it is told. */
const textRefusal = (outcome: Exclude<TextOutcome, { status: 'sent' }>): OptedOut<'sms'> | SendFailed<'sms'> =>
  outcome.status === 'opted-out' ? { kind: 'opted-out', channel: 'sms' } : { kind: 'send-failed', channel: 'sms' };

/**
 * Sends a text held in status `sending`: checks the provider's opt-out list, adds the STOP notice
 * to the first text to this client, sends, remembers the number (so a STOP reply finds the client),
 * marks it sent and advances the client's last contact. What does not leave gives its slot back. `client`, the client
 * as the caller read it, moves Last Contact without reading it again.
 */
async function transmitText(
  message: MessageItem,
  slot: SendSlot,
  now: Date,
  { agentTimeZone, unsent = giveUp, client }: { agentTimeZone?: string; unsent?: Unsent; client?: ClientItem } = {},
): Promise<TextOutcome> {
  // Until the provider is asked, an error of ours leaves nothing sent; after, the text may have left.
  let handedOver = false;
  try {
    if (await providerOptedOut(message.to)) {
      await markTextOptOut(message, now, 'sns');
      await giveUp(message, slot, 'the number opted out of text messages');
      return { status: 'opted-out' };
    }
    const first = !(await hasTextedPhone(message.to, message.agentId, message.clientId));
    handedOver = true;
    await sendSms(message.to, composeText(message.body, first));
  } catch (error) {
    if (!(error instanceof SmsError)) {
      await (handedOver ? giveUp : unsent)(message, slot, NOT_SENT);
      throw error;
    }
    if (error.optedOut) await markTextOptOut(message, now, 'twilio');
    await giveUp(
      message,
      slot,
      error.optedOut ? 'the number opted out of text messages' : 'the text service refused the message',
    );
    return error.optedOut ? { status: 'opted-out' } : { status: 'failed', problem: error.reason };
  }
  await rememberTextedPhone(message.to, message.agentId, message.clientId, now);
  return { status: 'sent', ...(await markSent(message, now, agentTimeZone, client)) };
}

async function markTextOptOut(message: MessageItem, now: Date, source: 'twilio' | 'sns'): Promise<void> {
  await markPhoneOptedOut(message.to, source, now);
  await optOutClient(message.agentId, message.clientId, 'sms', now);
}

/**
 * `agentTimeZone` when the caller has the agent (a job that has only the message reads it for the counters); `client`
 * when it has the client as it read it (Last Contact then moves without reading it again).
 */
async function markSent(message: MessageItem, now: Date, agentTimeZone?: string, client?: ClientItem): Promise<Sent> {
  const sentAt = now.toISOString();
  const sent = await changeMessageStatus(message.clientId, message.id, {
    from: 'sending',
    to: 'sent',
    set: { sentAt },
  });
  // What the sending review judges: e-mails that left, not the slots reserved for them.
  if (message.channel === 'email') await countSentEmail(message.agentId, now);
  // What the send weighs in the relationship: one the agent wrote to this client, or an automatic or broadcast one.
  const touch = message.automatic || message.broadcastId ? 'automatic' : 'personal';
  let latest = await advanceLastContact(message.agentId, message.clientId, sentAt, { known: client, touch });
  // A monthly home update counts toward its cadence when it leaves (functions/domain/home-update.ts).
  if (message.occasion === 'home-update' && message.automatic)
    latest = clientAfter(
      await changeClient(
        message.agentId,
        message.clientId,
        { kind: 'home-update-sent', month: sentAt.slice(0, 7) },
        { known: latest },
      ),
    );
  // The message left: a failure to move the conversation is logged, never the send's failure.
  await noteConversationMessage(message.agentId, message.clientId, {
    direction: 'outbound',
    channel: message.channel,
    excerpt: excerptOf(message.subject ? `${message.subject}: ${message.body}` : message.body),
    at: sentAt,
  }).catch((error: unknown) => createLogger({ component: 'messages' }).warn('conversation not moved', { error }));
  await countSent(message, now, agentTimeZone);
  return { message: sent ?? { ...message, status: 'sent', sentAt }, client: latest };
}

const KEY_DATE_OCCASIONS: ReadonlySet<string> = new Set(['birthday', 'anniversary', 'home-anniversary']);

/**
 * The agent's insights: a message of its channel, manual or automatic, and the client's key date of the year handled
 * (once).
 */
async function countSent(message: MessageItem, now: Date, knownTimeZone?: string): Promise<void> {
  // Counters never fail the send that happened (functions/data/insights.ts): the zone falls back to UTC.
  const timeZone = knownTimeZone ?? (await agentTimeZone(message.agentId).catch(() => undefined)) ?? 'UTC';
  const deltas: MonthDeltas = { [`${message.channel}${message.automatic ? 'Auto' : 'Manual'}`]: 1 };
  if (message.occasion && KEY_DATE_OCCASIONS.has(message.occasion)) {
    const year = monthIn(timeZone, now).slice(0, 4);
    if (await markOccasionHandled(message.agentId, message.clientId, message.occasion, year, now))
      deltas.occasionsMessaged = 1;
  }
  await countInsights(message.agentId, deltas, now, timeZone);
}

/** The message did not leave: it is marked failed with the reason and its cap slot is given back. */
async function giveUp(message: MessageItem, slot: SendSlot, problem: string): Promise<void> {
  await changeMessageStatus(message.clientId, message.id, { from: 'sending', to: 'failed', set: { problem } });
  await releaseSend(slot);
}

/** Why a held message did not leave once the agent had started closing the account. */
export const ACCOUNT_CLOSING_PROBLEM = 'the agent is closing the account: nothing more is sent';

export type ScheduledDelivery = 'sent' | 'not-due' | 'already-claimed' | 'opted-out' | 'failed' | 'no-client';

/**
 * Delivers one scheduled message when it is due (the hourly job): a text held for the client's
 * 8:00, or an automatic message for its rule's time. The claim (scheduled → sending, leaving the
 * due-send index) is a conditional write: of two runs that find the same message, one sends and the
 * other finds it claimed. A crash after the claim leaves it `sending`: never sent twice, at the cost
 * of at most one message that never leaves.
 */
export async function deliverScheduledText(item: MessageItem, now = new Date()): Promise<ScheduledDelivery> {
  if (!item.sendAt || Date.parse(item.sendAt) > now.getTime()) return 'not-due';
  const claimed = await changeMessageStatus(item.clientId, item.id, {
    from: 'scheduled',
    to: 'sending',
    leaveDueIndex: true,
  });
  if (!claimed) return 'already-claimed';
  const slot: SendSlot = { agentId: claimed.agentId, channel: claimed.channel, day: claimed.slotDay };
  const client = await getClient(claimed.agentId, claimed.clientId);
  if (!client) {
    await giveUp(claimed, slot, 'the client was deleted');
    return 'no-client';
  }
  const agent = await getUserById(claimed.agentId);
  // Held before the agent's sending was paused: it does not leave either, and says why.
  if (agent?.sendingPause) {
    await giveUp(claimed, slot, SENDING_PAUSED_MESSAGES[agent.sendingPause.reason]);
    return 'failed';
  }
  // The agent started closing the account since it was written: nothing more leaves in their name.
  if (agent?.closingAt) {
    await giveUp(claimed, slot, ACCOUNT_CLOSING_PROBLEM);
    return 'failed';
  }
  // The client wrote back after this was scheduled: an automatic message does not leave on its own.
  const replied = claimed.automatic ? replyPause(client, now) : null;
  if (replied) {
    await giveUp(claimed, slot, SKIP_REASONS.replied(replied));
    return 'failed';
  }
  if (claimed.channel === 'email') return deliverScheduledEmail(claimed, client, slot, now, agent);
  // Checked again now: what the client did since it was written, and the client's clock.
  const verdict = heldTextVerdict(claimed, client, agent?.timeZone, config().smsAllowedCountries, now);
  if (!verdict.go && 'later' in verdict) {
    const sendAt = verdict.later.toISOString();
    await changeMessageStatus(claimed.clientId, claimed.id, { from: 'sending', to: 'scheduled', set: { sendAt } });
    return 'not-due';
  }
  if (!verdict.go) {
    await giveUp(claimed, slot, verdict.problem);
    return verdict.optedOut ? 'opted-out' : 'failed';
  }
  if (await isPhoneOptedOut(claimed.to)) {
    await giveUp(claimed, slot, HELD_TEXT_PROBLEMS.optedOut);
    return 'opted-out';
  }
  const outcome = await transmitText(claimed, slot, now);
  return outcome.status;
}

async function deliverScheduledEmail(
  message: MessageItem,
  client: ClientItem,
  slot: SendSlot,
  now: Date,
  agent: UserItem | undefined,
): Promise<ScheduledDelivery> {
  if (!agent) {
    await giveUp(message, slot, 'the agent account is gone');
    return 'failed';
  }
  const to = await emailDestination(client);
  if (isRefusal(to)) {
    await giveUp(message, slot, emailProblem(to));
    return 'opted-out';
  }
  // The client's address as it is now, recorded before it leaves: it may have changed since this was written.
  const addressed =
    to === message.to
      ? message
      : ((await changeMessageStatus(message.clientId, message.id, { from: 'sending', to: 'sending', set: { to } })) ?? {
          ...message,
          to,
        });
  return isRefusal(await transmitEmail(agent, addressed, slot, now, { client })) ? 'failed' : 'sent';
}

/**
 * An automatic message the agent approved (held in `sending` with its slot): sent like one written by hand, or why it
 * did not leave. A send that stops on an error before the provider has the message puts it back in the agent's queue,
 * waiting for approval again with its slot given back: never left `sending`, and approving it again sends it.
 * `client`, the client as the approval read it, moves Last Contact without reading it again.
 */
export async function sendApproved(
  agent: UserItem,
  message: MessageItem,
  slot: SendSlot,
  now = new Date(),
  client?: ClientItem,
): Promise<MessageItem | OptedOut<'sms'> | SendFailed> {
  const unsent = backToApproval;
  if (message.channel === 'email') {
    const sent = await transmitEmail(agent, message, slot, now, { unsent, client });
    return isRefusal(sent) ? sent : sent.message;
  }
  const outcome = await transmitText(message, slot, now, { agentTimeZone: agent.timeZone, unsent, client });
  return outcome.status === 'sent' ? outcome.message : textRefusal(outcome);
}

/** An approved message that did not leave, waiting for approval again; its slot goes back. */
async function backToApproval(message: MessageItem, slot: SendSlot): Promise<void> {
  const back = await changeMessageStatus(message.clientId, message.id, { from: 'sending', to: 'awaiting-approval' });
  if (back) await releaseSend(slot);
}
