// A client's e-mail reply as it arrived (raw RFC 5322, what SES stores), reduced to what joins the client's
// activity: the reply token of the address it was sent to, who wrote, the subject, and only the new text (the quoted
// history and the signature cut off, an HTML-only mail turned into text), plus the ids that thread it and whether a
// machine sent it (an out-of-office answer is never a reply). MIME by mailparser; the new text by reply-text.ts, in
// time linear in the mail's size.
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';
import { replyTokenOf } from './reply-address';
import { replyText } from './reply-text';

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
  const token = replyTokenIn([...envelopeRecipients, ...headerRecipients], domain);
  const from = addressesOf(mail.from)[0]?.toLowerCase() ?? null;
  // mailparser makes `text` from the HTML part when the mail has no text part.
  const body = mail.text ?? '';
  return {
    token,
    from,
    subject: oneLine(mail.subject ?? '').slice(0, SUBJECT_MAX),
    text: replyText(body).slice(0, INBOUND_TEXT_MAX),
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    autoSubmitted: isAutomatic(mail.headers, mail.subject ?? '', from),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
  };
}

/** The checks SES ran on a received mail's sender, by name, with the verdict each gave. */
export type SenderVerdicts = { spf?: string; dkim?: string; dmarc?: string };

/**
 * Why a reply by e-mail may not be the client's, in words for the thread, or undefined when nothing says so: it came
 * from another address than the client's, or SES's SPF, DKIM or DMARC check failed on it. Such a reply is shown marked
 * and does not pause the client's automatic messages.
 */
export function replySenderProblem(
  from: string,
  clientEmail: string | null | undefined,
  verdicts: SenderVerdicts = {},
): string | undefined {
  const failed = (['spf', 'dkim', 'dmarc'] as const).filter((check) => verdicts[check]?.toUpperCase() === 'FAIL');
  if (failed.length > 0)
    return `This reply failed the sender checks (${failed.map((c) => c.toUpperCase()).join(', ')}): it may not be from the client.`;
  if (!clientEmail || from.trim().toLowerCase() !== clientEmail.trim().toLowerCase())
    return `This reply did not come from the client's address (it came from ${from}).`;
  return undefined;
}

/** The reply token of the first of these addresses that is a reply address at our inbound domain. */
export function replyTokenIn(addresses: readonly string[], domain: string): string | null {
  for (const address of addresses) {
    const token = replyTokenOf(address, domain);
    if (token !== null) return token;
  }
  return null;
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
