// One client's entry on the agent's stored list of the day (functions/data/next-best.ts), ranked again after a change
// that should show today rather than tomorrow: a referral just credited puts its referrer on the list with the
// thank-you owed. The day's full computation is functions/services/next-best.ts.
import type { ClientItem, RankedFields } from '../data/clients';
import { getNextBestDay, putNextBestEntry } from '../data/next-best';
import { rankClient, type RankedClient } from '../domain/next-best';
import { currentSmsConsent } from '../domain/sms-consent';

/** The client as the ranking reads it: its relationship fields and the state of its consent to texts. */
export const rankedOf = (client: RankedFields): RankedClient => ({
  ...client,
  smsConsentStatus: currentSmsConsent(client).status,
});

/** Ranks the client for the stored day and puts the entry there; nothing without a stored list or an entry. */
export async function rankOnTodaysList(client: ClientItem, now = new Date()): Promise<boolean> {
  const day = await getNextBestDay(client.agentId);
  if (!day) return false;
  const entry = rankClient(rankedOf(client), { today: day.date, now });
  return entry ? putNextBestEntry(client.agentId, day.date, entry) : false;
}
