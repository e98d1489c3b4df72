// Search on the admin lists: a case-insensitive substring of the words shown in each row.
import type { AdminAgent, AdminClient } from '@shared/api-types';

const normalize = (value: string) => value.trim().toLocaleLowerCase();

export function filterAdminClients(clients: readonly AdminClient[], query: string): readonly AdminClient[] {
  const needle = normalize(query);
  if (!needle) return clients;
  return clients.filter(
    (c) =>
      c.name.toLocaleLowerCase().includes(needle) ||
      c.email.toLocaleLowerCase().includes(needle) ||
      c.phone.includes(needle) ||
      (c.agentUsername ?? '').toLocaleLowerCase().includes(needle),
  );
}

export function filterAgents(agents: readonly AdminAgent[], query: string): readonly AdminAgent[] {
  const needle = normalize(query);
  if (!needle) return agents;
  return agents.filter(
    (a) =>
      a.username.toLocaleLowerCase().includes(needle) ||
      a.fullName.toLocaleLowerCase().includes(needle) ||
      (a.phone ?? '').includes(needle),
  );
}
