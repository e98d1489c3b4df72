// A client's e-mail reply as it arrived (raw RFC 5322, what SES stores), reduced to what joins the client's
// activity: the reply token of the address it was sent to, who wrote, the subject, and only the new text (the quoted
// history and the signature cut off, an HTML-only mail turned into text), plus the ids that thread it and whether a
// machine sent it (an out-of-office answer is never a reply). MIME by mailparser, quotes by email-reply-parser, with
// the attributions those miss (a wrapped Gmail "On … wrote:", Outlook's "From: … Sent: …" block) cut here.
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';
import { replyTokenOf } from './reply-address';

export type InboundEmail = {
  /** The reply token of the first recipient at our inbound domain (SES's envelope recipients first). */
  token: string | null;
  /** The sender's address, lower case. */
  from: string | null;
  subject: string;
  /** The new text only. */
  text: string;
  messageId: string | null;
  inReplyTo: string | null;
  /** Sent by a machine (Auto-Submitted other than `no`, an out-of-office or vacation answer, a bounce). */
  autoSubmitted: boolean;
  /** The Date header, when it is one. */
  date: Date | null;
};

/** Longest reply text kept in the activity (the original stays whole in S3). */
export const INBOUND_TEXT_MAX = 10_000;
const SUBJECT_MAX = 300;

export async function parseInboundEmail(
  raw: Buffer | string,
  domain: string,
  envelopeRecipients: readonly string[] = [],
): Promise<InboundEmail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const headerRecipients = [mail.to, mail.cc]
    .flatMap((field) => addressesOf(field))
    .concat(textHeader(mail.headers.get('delivered-to')) ?? []);
  const token =
    [...envelopeRecipients, ...headerRecipients].map((a) => replyTokenOf(a, domain)).find((t) => t !== null) ?? null;
  const from = addressesOf(mail.from)[0]?.toLowerCase() ?? null;
  // mailparser makes `text` from the HTML part when the mail has no text part.
  const body = mail.text ?? '';
  return {
    token,
    from,
    subject: oneLine(mail.subject ?? '').slice(0, SUBJECT_MAX),
    text: newText(body).slice(0, INBOUND_TEXT_MAX),
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    autoSubmitted: isAutomatic(mail.headers, mail.subject ?? '', from),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
  };
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .flatMap((entry) => (entry.address ? [entry.address] : []));
}

function textHeader(value: HeaderValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  return undefined;
}

const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** Where quoted history starts, for what email-reply-parser misses. */
const HISTORY_STARTS: readonly RegExp[] = [
  // Gmail wraps a long attribution: "On Tue, … Jane <\nr-…@…> wrote:".
  /^On\b[^\n]{0,200}(\n[^\n]{0,200})?\bwrote:\s*$/m,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/im,
  // Outlook: a rule of underscores, or none, then From: and Sent: (or Date:) on the next lines.
  /^_{10,}\s*\n(?=From:)/m,
  /^\*?From:\*?\s[^\n]*\n(\*?(To|Cc):\*?\s[^\n]*\n)*\*?(Sent|Date):\*?\s/m,
  /^Sent from my (iPhone|iPad|Android|mobile)[^\n]*$/im,
];

function newText(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ');
  const cut = HISTORY_STARTS.reduce((end, pattern) => {
    const found = pattern.exec(lines);
    return found && found.index < end ? found.index : end;
  }, lines.length);
  const reply = new EmailReplyParser().parseReply(lines.slice(0, cut));
  return reply
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const AUTO_SUBJECT =
  /^(automatic reply|auto(matic)?[- ]?reply|auto:|out of (the )?office|away from (the )?office|vacation|abwesenheitsnotiz|r[ée]ponse automatique)\b/i;

function isAutomatic(headers: Map<string, HeaderValue>, subject: string, from: string | null): boolean {
  const value = (name: string) => textHeader(headers.get(name))?.trim().toLowerCase();
  const autoSubmitted = value('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (value('x-autoreply') || value('x-autorespond') || value('x-auto-reply')) return true;
  if (['auto_reply', 'bulk', 'junk', 'list'].includes(value('precedence') ?? '')) return true;
  if (value('return-path') === '<>' || !from || /^(mailer-daemon|postmaster)@/.test(from)) return true;
  return AUTO_SUBJECT.test(subject.trim());
}
