// Consent to texts (TCPA: prior express written consent), shared by the registration forms, the client form and the
// API, so the words a client sees beside the checkbox are the words stored with their consent.
import type { SmsConsent, SmsConsentSource, SmsConsentStatus } from './api-types';

/** What a client agrees to by ticking the box of the invitation or directory registration form. */
export const SMS_CONSENT_WORDS =
  'I agree to receive text messages from my realtor, sent through Hearthside, at the number I gave above: personal ' +
  'messages and automated greetings for my birthday and other key dates. Message frequency varies; message and data ' +
  'rates may apply. Consent is not a condition of any purchase. Reply STOP to opt out at any time, HELP for help.';

/** The consent of a client no one has asked yet (and of every client stored before consent was recorded). */
export const NO_SMS_CONSENT: SmsConsent = { status: 'none', source: null, at: null };

/** The values the agent may set in the client form (PATCH /api/clients/{id} { smsConsent }). */
export const ATTESTABLE_SMS_CONSENT = ['granted', 'none'] as const;
export type AttestableSmsConsent = (typeof ATTESTABLE_SMS_CONSENT)[number];

export const SMS_CONSENT_MESSAGES = {
  /** The attestation control's explanation in the client form. */
  attestation:
    'Tick this only if the client agreed, in writing, to receive text messages from you (for example on a signed ' +
    'form or by replying to you in writing). US law (TCPA) requires that consent for automated texts. Hearthside ' +
    'records that you attested it, and when.',
  attestationLabel: 'The client agreed in writing to receive text messages',
  attestationValue: 'smsConsent must be "granted" or "none"',
  registrationValue: 'smsConsent must be true or false',
  noConsent:
    'This client has not agreed to receive text messages. Record their consent in the client form first (only if they ' +
    'agreed in writing), or send an e-mail.',
  /** Beside the directory form's box: its consent counts once the number answers YES. */
  confirmByText: "We'll text this number once to confirm. Reply YES to that text to start getting messages.",
  optedOut: 'This client replied STOP to your texts. Only the client can opt back in, by texting START to your number.',
} as const;

const CONSENT_SOURCES: Record<SmsConsentSource, string> = {
  'client-form': 'the client ticked the box on their registration form',
  'form-confirmed': 'the client ticked the box on the directory form and confirmed it by replying YES to our text',
  'agent-attested': 'you attested it in the client form',
  keyword: 'the client texted a keyword (STOP or START)',
  import: 'the client was imported',
};

/** "Texts allowed: you attested it in the client form", for the client's consent and its history. */
export function smsConsentText(status: SmsConsentStatus, source: SmsConsentSource | null): string {
  const state = {
    granted: 'Texts allowed',
    pending: 'Waiting for the client to reply YES to our text',
    revoked: 'Texts stopped',
    none: 'No consent to texts',
  }[status];
  return source ? `${state}: ${CONSENT_SOURCES[source]}` : state;
}
