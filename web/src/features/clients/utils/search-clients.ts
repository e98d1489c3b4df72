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
