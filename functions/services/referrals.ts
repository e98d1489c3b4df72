// Referrals: a client names another client of the same agent as their referrer (the client form's "Referred by", or the
// referrer's personal link to the directory registration). The referrer is credited once the referred person is a
// client (added by the agent, or a directory registration confirmed): one more referral (their tier follows:
// functions/domain/relationship.ts tierOf) and a thank-you owed, which puts them on Today's next best touch with a
// "thank the referrer" draft until a personal touch (at once: services/next-best-entry.ts). A referrer changed or
// cleared on the form takes the credit back.
import { CLIENT_MESSAGES } from '@shared/client-schema';
import { changeClient } from '../client-record/record';
import { getClient, type ClientItem } from '../data/clients';
import type { InvalidInput } from '../domain/refusals';
import { rankOnTodaysList } from './next-best-entry';

const NOT_A_REFERRER: InvalidInput = {
  kind: 'invalid-input',
  problem: CLIENT_MESSAGES.referredBy,
  field: 'referredBy',
};

/**
 * Whether `referrerId` may refer a client of `agentId` (`selfId`: the client being edited): another of the agent's
 * clients, not a pending directory registration. The refusal to answer otherwise.
 */
export async function checkReferrer(
  agentId: string,
  referrerId: string | null | undefined,
  selfId?: string,
): Promise<InvalidInput | undefined> {
  if (!referrerId) return undefined;
  if (referrerId === selfId) return NOT_A_REFERRER;
  const referrer = await getClient(agentId, referrerId);
  return referrer && !referrer.registrationPendingAt ? undefined : NOT_A_REFERRER;
}

/** The referrer named by a directory registration's link, when it is one of the agent's clients (else none). */
export async function referrerFromLink(agentId: string, ref: string | undefined): Promise<string | null> {
  if (!ref) return null;
  return (await checkReferrer(agentId, ref)) ? null : ref;
}

/**
 * Credits the referrer of `referred` (a client now in the book), and takes the credit from `previous` (the referrer
 * the client had before an edit). Nothing when the referrer did not change, or the client is a pending registration.
 */
export async function creditReferral(
  referred: Pick<ClientItem, 'agentId' | 'id' | 'name' | 'referredBy' | 'registrationPendingAt'>,
  previous: string | null | undefined,
  now = new Date(),
): Promise<void> {
  const referrer = referred.registrationPendingAt ? null : (referred.referredBy ?? null);
  if ((previous ?? null) === referrer) return;
  const at = now.toISOString();
  if (previous) await changeClient(referred.agentId, previous, { kind: 'referral-withdrawn', referredId: referred.id });
  if (referrer) {
    const credit = { kind: 'referral-credited', referred: { id: referred.id, name: referred.name }, at } as const;
    const credited = await changeClient(referred.agentId, referrer, credit, { now });
    // The thank-you owed shows on Today now, not with tomorrow's list.
    if (credited.kind === 'changed') await rankOnTodaysList(credited.after, now);
  }
}
