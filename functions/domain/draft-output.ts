// What a model wrote, checked in code before an agent sees it: it must be the JSON asked for, fit
// the channel, leave no placeholder, and hold no link or domain but the ones the code gave it (the
// review link). A model can be talked into anything by text in a client's record, so this check,
// not the prompt, is what keeps a hostile link out of a message sent in the agent's name.
import { DRAFT_SMS_SEGMENTS, smsSegments } from '@shared/drafts';
import type { ComposedDraft } from './draft-composer';
import type { DraftFacts } from './draft-facts';
import { defang } from './message-text';

export const DRAFT_LIMITS = { subject: 120, emailBody: 2000 } as const;

export type DraftCheck = { ok: true; draft: ComposedDraft } | { ok: false; reason: string };

// {{name}}, {name}, [Name], [Client Name], <NAME>, <your name>, __NAME__: what templates and models leave behind.
const PLACEHOLDER = /\{\{|\}\}|\{[A-Za-z_ ]+\}|\[[A-Za-z][A-Za-z .'_-]*\]|<[A-Za-z_ ]+>|__[A-Z]+__/;

/** The JSON object in a model's answer (some wrap it in a ```json fence). */
function parseObject(raw: string): Record<string, unknown> | null {
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Line breaks kept, other control and format characters (zero-width, bidi overrides) removed. */
const clean = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]|\p{Cf}/gu, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Whether anything in `text` reads as a URL, a scheme or a domain once the allowed links are taken out. */
function hasForeignLink(text: string, allowed: readonly string[]): boolean {
  const rest = allowed.reduce((t, link) => t.split(link).join(' '), text);
  return defang(rest) !== rest;
}

const EMAIL_ADDRESS = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g;
/** Seven digits or more, with the separators numbers are written with. */
const PHONE_NUMBER = /\+?\(?\d[\d\s().-]{5,}\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Whether `text` holds an e-mail address or a phone number other than the agent's: a model told by a client's record
 * to "ask them to call 555-…" would put a stranger's number in the agent's message.
 */
export function hasForeignContact(text: string, agent: DraftFacts['agentContacts']): boolean {
  const email = agent.email?.trim().toLowerCase();
  if ((text.match(EMAIL_ADDRESS) ?? []).some((found) => found.toLowerCase().replace(/[.]+$/, '') !== email))
    return true;
  const phone = agent.phone ? digitsOf(agent.phone) : '';
  return (text.match(PHONE_NUMBER) ?? []).some((found) => {
    const digits = digitsOf(found);
    if (digits.length < 7 || ISO_DATE.test(found.trim())) return false;
    // The agent's number, written with or without its country code.
    return !(phone.length >= 7 && (phone.endsWith(digits) || digits.endsWith(phone)));
  });
}

export function checkModelDraft(raw: string, facts: DraftFacts): DraftCheck {
  const object = parseObject(raw);
  if (!object || typeof object.body !== 'string') return { ok: false, reason: 'it was not the JSON asked for' };
  let body = clean(object.body);
  const subject =
    facts.channel === 'email' && typeof object.subject === 'string' ? clean(object.subject).replace(/\s+/g, ' ') : null;
  if (!body) return { ok: false, reason: 'it was empty' };
  if (facts.channel === 'email' && !subject) return { ok: false, reason: 'it had no subject' };
  const allowed = facts.reviewLink ? [facts.reviewLink] : [];
  if (hasForeignLink(`${subject ?? ''}\n${body}`, allowed))
    return { ok: false, reason: 'it contained a link we did not give it' };
  if (PLACEHOLDER.test(`${subject ?? ''}\n${body}`)) return { ok: false, reason: 'it left a placeholder in' };
  if (hasForeignContact(`${subject ?? ''}\n${body}`, facts.agentContacts))
    return { ok: false, reason: 'it contained a phone number or e-mail address other than yours' };
  // The review link is the point of a review request: put it in when the model left it out.
  if (facts.reviewLink && !body.includes(facts.reviewLink))
    body = `${body}${facts.channel === 'sms' ? ' ' : '\n\n'}${facts.reviewLink}`;
  if (subject && subject.length > DRAFT_LIMITS.subject) return { ok: false, reason: 'its subject was too long' };
  if (facts.channel === 'sms' ? smsSegments(body) > DRAFT_SMS_SEGMENTS : body.length > DRAFT_LIMITS.emailBody)
    return { ok: false, reason: 'it was too long' };
  return { ok: true, draft: { subject, body } };
}
