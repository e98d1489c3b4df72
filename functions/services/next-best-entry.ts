// One client's entry on the agent's stored list of the day (functions/data/next-best.ts), ranked again after a change
// that should show today rather than tomorrow: a referral just credited puts its referrer on the list with the
// thank-you owed. The day's full computation is functions/services/next-best.ts.
import type { ClientItem } from '../data/clients';
import { getNextBestDay, putNextBestEntry } from '../data/next-best';
import { rankClient } from '../domain/next-best';

/** Ranks the client for the stored day and puts the entry there; nothing without a stored list or an entry. */
export async function rankOnTodaysList(client: ClientItem, now = new Date()): Promise<boolean> {
  const day = await getNextBestDay(client.agentId);
  if (!day) return false;
  const entry = rankClient(client, { today: day.date, now });
  return entry ? putNextBestEntry(client.agentId, day.date, entry) : false;
}
