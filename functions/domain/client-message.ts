// A message an agent writes to a client, as it leaves: the e-mail (our address with the agent's
// name, Reply-To the agent, the agent's business in the footer, a visible unsubscribe link and the
// RFC 8058 one-click headers) and the text (the STOP notice on the first one), and when a text may
// arrive (8:00–21:00 in the client's zone, TCPA quiet hours).
import { addDays } from '@shared/dates';
import { QUIET_HOURS, SMS_STOP_NOTICE } from '@shared/messages';
import { localTime } from './digest-schedule';
import { agentText, escapeHtml, messageBodyHtml, messageBodyText } from './message-text';
import { normalizeTimeZone } from './time-zone';

export type SendingAgent = {
  fullName: string;
  username: string;
  businessName?: string | null;
  businessLocation?: string | null;
};

export type ComposedEmail = {
  subject: string;
  text: string;
  html: string;
  fromName: string;
  replyTo: string;
  headers: Record<string, string>;
};

/** Why a message cannot go, as the agent reads it: in the API's answer, and on a held message that did not leave. */
export const SEND_MESSAGES = {
  emailOptedOut: 'This client unsubscribed from your e-mails.',
  smsOptedOut: 'This client opted out of text messages (replied STOP).',
  noEmail: 'This client has no e-mail address.',
  noPhone: 'This client has no phone number that can receive text messages.',
  suppressed: (reason: string) =>
    reason === 'complaint'
      ? 'This address marked an earlier e-mail as spam: we no longer send to it.'
      : 'E-mail to this address bounced: we no longer send to it.',
  smsUnavailable: 'Text messages are not set up on this server.',
  mailFailed: 'The e-mail could not be sent. Please try again in a moment.',
  smsFailed: 'The text message could not be sent. Please try again in a moment.',
} as const;

/** The display name on our sending address: "Jane Doe via Hearthside". */
export const agentDisplayName = (agent: Pick<SendingAgent, 'fullName'>): string =>
  `${agentText(agent.fullName)} via Hearthside`;

export function composeAgentEmail(
  agent: SendingAgent,
  subject: string,
  body: string,
  unsubscribeUrl: string,
  bodyHtml = messageBodyHtml(body),
): ComposedEmail {
  const footer = [agent.businessName ?? agent.fullName, agent.businessLocation]
    .filter(Boolean)
    .map((line) => agentText(line, 200));
  const why = `You receive this because you are a client of ${agentText(agent.fullName)}.`;
  const text = `${messageBodyText(body)}\n\n--\n${footer.join('\n')}\n${why}\nUnsubscribe: ${unsubscribeUrl}\n`;
  const html =
    bodyHtml +
    '<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">' +
    `<p style="font-size:12px;color:#555">${footer.map(escapeHtml).join('<br>')}<br>${escapeHtml(why)}<br>` +
    `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> from e-mails from ${escapeHtml(agentText(agent.fullName))}.</p>`;
  return {
    subject: messageBodyText(subject).replace(/\s+/g, ' '),
    text,
    html,
    fromName: agentDisplayName(agent),
    replyTo: agent.username,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The text as the client receives it: the first one to a client ends with the STOP notice. */
export function composeText(body: string, firstText: boolean): string {
  const text = messageBodyText(body);
  return firstText ? `${text}\n\n${SMS_STOP_NOTICE}` : text;
}

const MINUTE_MS = 60_000;

/** The instant of a wall-clock minute of `date` in `timeZone` (a minute a DST gap skips comes out an hour later). */
export function zonedInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  let t = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * MINUTE_MS;
  for (let i = 0; i < 3; i += 1) {
    const local = localTime(timeZone, new Date(t));
    const dayDiff = Math.round((Date.parse(`${local.date}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
    const diff = dayDiff * 1440 + local.minuteOfDay - minuteOfDay;
    if (diff === 0) break;
    t -= diff * MINUTE_MS;
  }
  return new Date(t);
}

/** Now, when it is 8:00–21:00 in the client's zone; otherwise the next 8:00 there. */
export function textDeliveryTime(
  timeZone: string | null | undefined,
  now: Date,
): { now: true } | { now: false; sendAt: Date; timeZone: string } {
  const zone = normalizeTimeZone(timeZone);
  const local = localTime(zone, now);
  const start = QUIET_HOURS.start * 60;
  if (local.minuteOfDay >= start && local.minuteOfDay < QUIET_HOURS.end * 60) return { now: true };
  const day = local.minuteOfDay < start ? local.date : addDays(local.date, 1);
  return { now: false, sendAt: zonedInstant(day, start, zone), timeZone: zone };
}

/**
 * When an automatic message for `date` goes out: its rule's wall-clock time there in the client's
 * zone, or now when that has passed (the agent's 8:00 can come after the client's 9:00); a text
 * that would then arrive outside 8:00–21:00 waits for the next 8:00.
 */
export function automaticSendAt(
  date: string,
  minuteOfDay: number,
  timeZone: string | null | undefined,
  channel: 'email' | 'sms',
  now: Date,
): Date {
  const zone = normalizeTimeZone(timeZone);
  const planned = zonedInstant(date, minuteOfDay, zone);
  if (planned.getTime() > now.getTime()) return planned;
  if (channel === 'email') return now;
  const when = textDeliveryTime(zone, now);
  return when.now ? now : when.sendAt;
}
