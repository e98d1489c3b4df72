// Reading the check-in index (`CHECKIN#<agentId>` / `<due date>#<clientId>`, written with the client's other entries:
// functions/data/client-lists.ts): the clients due for a check-in on a day are the entries with sk up to that day's
// end, oldest due first. A page is one Query with a Limit and one BatchGet of its clients, checked against the items
// read back (a stale entry is left out), so its cost grows with the page, not with the book.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientItem } from './clients';
import { callsFor, hydrate, idOf, InvalidCursorError } from './client-lists';
import { decodeCursor, encodeCursor } from './cursors';
import { countQuery, db, table } from './db';
import { checkInPartition } from './keys/clients';

export type CheckInPage = { clients: ClientItem[]; nextCursor: string | null };

/** A day's entries end before `<day>$` ('$' sorts after '#'). */
const endOf = (today: string) => `${today}$`;

/**
 * One page of the agent's clients due for a check-in on `today` (the agent's `YYYY-MM-DD`), longest due first.
 * `cursor`: the previous page's nextCursor (InvalidCursorError when it is not one of this list's).
 */
export async function dueForCheckInPage(
  agentId: string,
  { today, limit, cursor }: { today: string; limit: number; cursor?: string },
): Promise<CheckInPage> {
  const pk = checkInPartition(agentId);
  const start = decodeCursor(cursor, { names: ['pk', 'sk'], check: (k) => k.pk === pk && k.sk! < endOf(today) });
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk < :end',
      ExpressionAttributeValues: { ':pk': pk, ':end': endOf(today) },
      ProjectionExpression: 'pk, sk',
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  const entries = (out.Items ?? []) as Array<{ pk: string; sk: string }>;
  const clients = await hydrate(
    agentId,
    entries.map((entry) => idOf(entry.sk)),
  );
  const due = entries.flatMap((entry) => {
    const client = clients.get(idOf(entry.sk));
    return client && callsFor(client, entry) ? [client] : [];
  });
  return { clients: due, nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** How many of the agent's clients are due on `today`: a count of the due entries (it grows with them only). */
export function countDueForCheckIn(agentId: string, today: string): Promise<number> {
  return countQuery({
    KeyConditionExpression: 'pk = :pk AND sk < :end',
    ExpressionAttributeValues: { ':pk': checkInPartition(agentId), ':end': endOf(today) },
  });
}

export { InvalidCursorError };
