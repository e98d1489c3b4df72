// The rules of a client's consent to texts, as plain values: what a client's consent is (a STOP recorded before
// consent was is a revocation), whether a requested change applies, and whether a text may go.
import type { SmsConsent, SmsConsentSource, SmsConsentStatus } from '@shared/api-types';
import { NO_SMS_CONSENT } from '@shared/sms-consent';

/** The consent fields of a client item (every one may be missing on an item stored before it existed). */
export type ConsentFields = { smsConsent?: SmsConsent; smsOptedOut?: boolean; smsOptedOutAt?: string | null };

export type ConsentRequest = {
  status: SmsConsentStatus;
  source: SmsConsentSource;
  words?: string;
  /** The number (E.164) the client's keyword or YES came from: it applies only to a client at that number. */
  from?: string;
};

/** The client's consent: an opt-out (a STOP, the carrier's list) is a revocation whatever was recorded before it. */
export function currentSmsConsent(client: ConsentFields): SmsConsent {
  const recorded = client.smsConsent ?? NO_SMS_CONSENT;
  if (client.smsOptedOut === true && recorded.status !== 'revoked') {
    return { status: 'revoked', source: 'keyword', at: client.smsOptedOutAt ?? recorded.at };
  }
  return recorded;
}

export type ConsentStep = { kind: 'set'; consent: SmsConsent } | { kind: 'unchanged' } | { kind: 'opted-out' };

/**
 * What a requested consent does to the current one. A revocation always applies; once revoked, only the client's own
 * keyword (START) gives consent again: the agent, a form or an import is refused ('opted-out'). The keyword gives back
 * only what a keyword took: it changes nothing on a consent the agent took back, revoked or never had. The number's
 * YES (`form-confirmed`) confirms only a consent pending from the directory form, with the words the box stood
 * beside; a pending consent never takes the place of one that counts. Asking for what is already recorded, from the
 * same source, changes nothing.
 */
export function nextSmsConsent(current: SmsConsent, request: ConsentRequest, at: string): ConsentStep {
  if (request.source === 'form-confirmed') {
    if (current.status !== 'pending' || request.status !== 'granted') return { kind: 'unchanged' };
    const consent: SmsConsent = { status: 'granted', source: 'form-confirmed', at };
    if (current.words) consent.words = current.words;
    return { kind: 'set', consent };
  }
  const revokedByKeyword = current.status === 'revoked' && current.source === 'keyword';
  if (request.source === 'keyword' && request.status === 'granted' && !revokedByKeyword) return { kind: 'unchanged' };
  if (current.status === 'revoked' && request.status !== 'revoked' && request.source !== 'keyword') {
    return { kind: 'opted-out' };
  }
  if (request.status === 'pending' && current.status === 'granted') return { kind: 'unchanged' };
  if (current.status === request.status && current.source === request.source && current.words === request.words) {
    return { kind: 'unchanged' };
  }
  const consent: SmsConsent = { status: request.status, source: request.source, at };
  if (request.words) consent.words = request.words;
  return { kind: 'set', consent };
}

/** Whether a text may go to the client. */
export const textsAllowed = (client: ConsentFields): boolean => currentSmsConsent(client).status === 'granted';
