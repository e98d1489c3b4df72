// Reading the home update index (`HOMEUPDATE#<agentId>` / `<DD>#<clientId>`): a past client with a ZIP code and a
// purchase date has one entry under their day of the month (functions/domain/home-update.ts), written with the
// client's other entries by the client record (functions/data/client-lists.ts homeUpdateEntries). The monthly update
// reads a day's entries with one Query, then its clients with one BatchGet, checked against the entries (a stale one
// is left out): the cost follows the day's clients, not the book.
import type { ClientItem } from './clients';
import { currentClients, type Entry } from './client-lists';
import { queryAll } from './db';
import { homeUpdatePartition } from './keys/clients';

/** The clients whose update falls on this day of the month (1–28; the 29th to the 31st have none). */
export async function homeUpdateClientsOn(agentId: string, day: number): Promise<ClientItem[]> {
  if (day > 28) return [];
  const entries = await queryAll<Entry>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
    ExpressionAttributeValues: { ':pk': homeUpdatePartition(agentId), ':day': `${String(day).padStart(2, '0')}#` },
    ProjectionExpression: 'pk, sk',
  });
  return currentClients(agentId, entries);
}
