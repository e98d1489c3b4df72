// A text a client sent to our number, however it came (Twilio's webhook, or the SNS topic of an AWS End User
// Messaging number): one path. A keyword acts on the number for every agent who texted it (STOP opts it out, START
// gives back what a STOP took, HELP gets one answer); a YES answering our last text to the number, when that text
// asked it to confirm the consent ticked on the directory form, confirms it; any other text is a reply on the client
// of the one agent who texted that number within REPLY_WINDOW_DAYS. The number is shared by every agent, so when
// several did, the text goes to none of them until the person answers which agent it is for
// (functions/domain/shared-number.ts): they are asked once, and their answer takes the held texts, and the later ones,
// to that agent. A text nobody can be found for is logged and dropped, never stored.
import { choose, getSmsChoice, holdForChoice, type HeldText, type SmsChoiceOption } from '../data/sms-choices';
import {
  answerOptInRequest,
  clientsTextedAt,
  lastTextAskedOptIn,
  textersSince,
  type Texter,
} from '../data/texted-phones';
import { clearPhoneOptOut, markPhoneOptedOut } from '../data/opt-out-marks';
import { getUserById } from '../data/users';
import { CHOICES_MAX, choiceQuestion, pickedChoice } from '../domain/shared-number';
import { classifyText, helpReply, isConfirmation } from '../domain/sms-keywords';
import { createLogger } from '../observability/logger';
import { optOutClient } from './client-contact';
import { recordInboundReply, ReplyClientNotFoundError } from './inbound-replies';
import { setSmsConsent } from './sms-consent';

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
  /** `clients`: those whose consent the keyword gave back (a STOP had taken it). */
  | { kind: 'opted-in'; clients: number }
  /** The number's YES to our request confirmed the consent this client ticked on the directory form. */
  | { kind: 'consent-confirmed'; agentId: string; clientId: string }
  /** `reply`: the one answer, for the caller to send back (TwiML, or the SMS port). */
  | { kind: 'help'; reply: string }
  | { kind: 'reply'; agentId: string; clientId: string; messageId: string }
  /** Several agents texted the number: held for the person's answer; `reply`, the question, only the first time. */
  | { kind: 'held'; reply?: string }
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
    // The client's own keyword gives back (source "keyword", lifting the client's opt-out) only a consent a keyword
    // took, on a client still at this number: one the agent took back or revoked, or never given, stays as it is.
    let regranted = 0;
    for (const { agentId, clientId } of texted) {
      const keyword = { status: 'granted', source: 'keyword', from: text.from } as const;
      const set = await setSmsConsent(agentId, clientId, keyword, text.at);
      if ('changed' in set && set.changed) regranted += 1;
    }
    log.info('text opt-in received', { texted: texted.length, clients: regranted, agentMarks: cleared.agents });
    return { kind: 'opted-in', clients: regranted };
  }
  if (isConfirmation(text.body)) {
    const confirmed = await confirmOptIn(text, log);
    if (confirmed) return confirmed;
  }
  const texters = await textersSince(text.from, new Date(text.at.getTime() - REPLY_WINDOW_DAYS * DAY_MS));
  if (kind === 'help') {
    // Which agent writes, only when one does: a shared number never tells one agent's client about another agent.
    const agent = texters.length === 1 ? await getUserById(texters[0]!.agentId) : undefined;
    return { kind: 'help', reply: helpReply(agent) };
  }
  if (texters.length === 0) {
    log.info('inbound text dropped: no agent texted this number recently');
    return { kind: 'dropped', reason: 'unknown-number' };
  }
  if (!text.body.trim()) return { kind: 'dropped', reason: 'empty' };
  const held: HeldText = {
    body: text.body,
    at: text.at.toISOString(),
    ...(text.sourceId ? { sourceId: text.sourceId } : {}),
  };
  if (texters.length === 1) return deliver(texters[0]!, held, text, log);
  return routeOnSharedNumber(texters, held, text, log);
}

/**
 * A YES: when the last text to the number asked it to confirm a consent ticked on the directory form, and that consent
 * still waits (pending, the client at this number), it is confirmed and the request answered. Otherwise undefined: the
 * YES is a reply like any other.
 */
async function confirmOptIn(
  text: InboundText,
  log: ReturnType<typeof createLogger>,
): Promise<InboundTextOutcome | undefined> {
  const request = await lastTextAskedOptIn(text.from);
  if (!request) return undefined;
  const confirm = { status: 'granted', source: 'form-confirmed', from: text.from } as const;
  const set = await setSmsConsent(request.agentId, request.clientId, confirm, text.at);
  if (!('changed' in set) || !set.changed) return undefined;
  await answerOptInRequest(text.from, request);
  log.info('text consent confirmed by YES', { agentId: request.agentId });
  return { kind: 'consent-confirmed', agentId: request.agentId, clientId: request.clientId };
}

/** A text from a number several agents texted: to the agent the person chose, else held and the person asked. */
async function routeOnSharedNumber(
  texters: readonly Texter[],
  held: HeldText,
  text: InboundText,
  log: ReturnType<typeof createLogger>,
): Promise<InboundTextOutcome> {
  const offered = (option: SmsChoiceOption | undefined) =>
    option && texters.some((texter) => texter.agentId === option.agentId) ? option : undefined;
  const choice = await getSmsChoice(text.from);
  const chosen = offered(choice?.chosen);
  if (chosen) return deliver(chosen, held, text, log);
  const picked = choice && !choice.chosen ? offered(pickedChoice(text.body, choice.options)) : undefined;
  if (picked) {
    const waiting = await choose(text.from, picked, text.at);
    log.info('shared number: the person chose an agent', { agentId: picked.agentId, held: waiting.length });
    let last: InboundTextOutcome = { kind: 'held' };
    for (const one of waiting) last = await deliver(picked, one, text, log);
    return last;
  }
  const options = texters.slice(0, CHOICES_MAX).map(({ agentId, clientId }) => ({ agentId, clientId }));
  const expires = new Date(text.at.getTime() + REPLY_WINDOW_DAYS * DAY_MS);
  const { asked, held: kept } = await holdForChoice(text.from, options, held, text.at, expires);
  log.info('shared number: text held for the person to say which agent it is for', { asked, kept });
  if (!asked) return { kind: 'held' };
  const agents = await Promise.all(options.map((option) => getUserById(option.agentId)));
  const named = agents.flatMap((agent, i) => (agent ? [{ ...agent, agentId: options[i]!.agentId }] : []));
  return { kind: 'held', reply: choiceQuestion(named) };
}

/** Adds a text to the conversation of this agent's client. */
async function deliver(
  to: SmsChoiceOption,
  held: HeldText,
  text: InboundText,
  log: ReturnType<typeof createLogger>,
): Promise<InboundTextOutcome> {
  try {
    const { messageId } = await recordInboundReply({
      agentId: to.agentId,
      clientId: to.clientId,
      channel: 'sms',
      body: held.body,
      at: new Date(held.at),
      from: text.from,
      ...(held.sourceId ? { sourceId: `${text.provider}:${held.sourceId}` } : {}),
    });
    log.info('text reply received', { agentId: to.agentId });
    return { kind: 'reply', agentId: to.agentId, clientId: to.clientId, messageId };
  } catch (error) {
    if (!(error instanceof ReplyClientNotFoundError)) throw error;
    log.info('inbound text dropped: the client is gone');
    return { kind: 'dropped', reason: 'no-client' };
  }
}
