// Search on the admin lists: a case-insensitive substring of the words shown in each row.
import type { AdminAgent, AdminClient } from '@shared/api-types';

/** The items one of whose words contains `query` (any case); every item for an empty query. */
function searchWords<T>(
  items: readonly T[],
  query: string,
  wordsOf: (item: T) => ReadonlyArray<string | null | undefined>,
): readonly T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return items;
  return items.filter((item) => wordsOf(item).some((word) => word?.toLocaleLowerCase().includes(needle)));
}

export const filterAdminClients = (clients: readonly AdminClient[], query: string): readonly AdminClient[] =>
  searchWords(clients, query, (c) => [c.name, c.email, c.phone, c.agentUsername]);

export const filterAgents = (agents: readonly AdminAgent[], query: string): readonly AdminAgent[] =>
  searchWords(agents, query, (a) => [a.username, a.fullName, a.phone]);
