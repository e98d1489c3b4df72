// A client's consent to texts, set only through the client record (the change 'sms-consent', whose rules are
// functions/domain/sms-consent.ts), then kept in the client's activity (functions/data/sms-consent.ts): who, how, when
// and the words, the record TCPA asks an agent to keep. The history entry is written after the client: a crash between
// the two loses an entry, never a consent.
import { changeClient } from '../client-record/record';
import type { ClientItem } from '../data/clients';
import { recordConsentChange } from '../data/sms-consent';
import type { ConsentRequest } from '../domain/sms-consent';
import type { NotFound, OptedOut } from '../domain/refusals';

export type SmsConsentOutcome = { client: ClientItem; changed: boolean } | NotFound<'client'> | OptedOut<'sms'>;

/**
 * Gives, attests or takes back the client's consent to texts at `at`, and adds it to the client's history. Refused
 * ('opted-out') when the client revoked it and the request is not their own keyword.
 */
export async function setSmsConsent(
  agentId: string,
  clientId: string,
  consent: ConsentRequest,
  at: Date,
  options: { known?: ClientItem; timeZone?: string } = {},
): Promise<SmsConsentOutcome> {
  const outcome = await changeClient(agentId, clientId, { kind: 'sms-consent', consent }, { ...options, now: at });
  switch (outcome.kind) {
    case 'changed':
      await recordConsentChange(outcome.after);
      return { client: outcome.after, changed: true };
    case 'unchanged':
      return { client: outcome.client, changed: false };
    case 'opted-out':
      return { kind: 'opted-out', channel: 'sms' };
    default:
      return { kind: 'not-found', what: 'client' };
  }
}
