// What a send or a reply changes on the client, through the client record: Last Contact moves forward, and a channel
// the client stopped (an unsubscribe link, a STOP, a refused text) is marked opted out, a text opt-out revoking the
// consent to texts and joining the client's consent history (sms-consent.ts).
import { changeClient, clientAfter } from '../client-record/record';
import type { ClientItem } from '../data/clients';
import type { SendChannel } from '../data/outbound-caps';
import type { TouchWeight } from '../domain/relationship';
import { setSmsConsent } from './sms-consent';

/**
 * Moves the client's Last Contact to `at` (YYYY-MM-DD or ISO) if that is newer: concurrent sends never move it back.
 * With `touch`, the relationship's strength takes the touch (functions/domain/relationship.ts). The client as it stands
 * after (moved or not), or undefined when there is none.
 */
export async function advanceLastContact(
  agentId: string,
  clientId: string,
  at: string,
  { touch, ...options }: { known?: ClientItem; touch?: TouchWeight } = {},
): Promise<ClientItem | undefined> {
  const change = { kind: 'contacted', on: at, ...(touch ? { touch } : {}) } as const;
  return clientAfter(await changeClient(agentId, clientId, change, options));
}

/** Marks the client opted out of a channel (idempotent; counted in insights the first time); false: no such client. */
export async function optOutClient(
  agentId: string,
  clientId: string,
  channel: SendChannel,
  now = new Date(),
): Promise<boolean> {
  if (channel === 'sms') {
    // A text opt-out revokes the consent, and the revocation joins the client's consent history.
    const revoked = await setSmsConsent(agentId, clientId, { status: 'revoked', source: 'keyword' }, now);
    return !('kind' in revoked && revoked.kind === 'not-found');
  }
  return (await changeClient(agentId, clientId, { kind: 'opt-out', channel }, { now })).kind !== 'not-found';
}
