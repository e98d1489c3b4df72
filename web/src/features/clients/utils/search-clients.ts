// The clients page search: a case-insensitive substring of the name or the e-mail.
import type { Client } from '../../../../../shared/api-types';

export function normalizeSearch(query: string): string {
  return query.trim().toLocaleLowerCase();
}

export function filterClients<T extends Pick<Client, 'name' | 'email'>>(clients: readonly T[], query: string): readonly T[] {
  const needle = normalizeSearch(query);
  if (!needle) return clients;
  return clients.filter((client) => client.name.toLocaleLowerCase().includes(needle) || client.email.toLocaleLowerCase().includes(needle));
}

/** The orders the clients list offers; the API sends clients by name. */
export const CLIENT_SORTS = { name: 'Name', 'last-contact': 'Last contact', created: 'Recently added' } as const;
export type ClientSort = keyof typeof CLIENT_SORTS;

/**
 * `clients` in the chosen order: by name as they come, most recently contacted first (clients never
 * contacted after them, by name), or newest first. Never reorders the array it is given.
 */
export function sortClients<T extends Pick<Client, 'lastContactDate' | 'createdAt'>>(clients: readonly T[], sort: ClientSort): readonly T[] {
  if (sort === 'name') return clients;
  const key = sort === 'last-contact' ? (c: T) => c.lastContactDate : (c: T) => c.createdAt;
  // A stable sort on the name-ordered list keeps ties (and the never-contacted) by name.
  return [...clients].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? 1 : -1;
  });
}
