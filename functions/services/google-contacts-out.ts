// What Hearthside writes to the agent's Google contacts, in each contacts sync (services/google-contacts-sync.ts):
// - The agent's edits: a linked client's e-mail or phone the agent changed here since the last sync is written to its
//   contact, on the etag just read: Google's edits of the same field since make a conflict (the agent's value stays
//   here, the agent chooses: google-contacts-conflicts.ts); a contact that changed in Google between the read and the
//   write (Google refuses the etag) is read again, the rules applied again, written once more, then kept as a conflict.
// - The "Hearthside clients" group, when the agent turned it on: made once (or found by its name), each client not
//   linked yet created as a contact in it (name, e-mail, phone, birthday: caller ID and the phone's own birthday
//   reminders work) and linked, each linked client's contact added to it, and each member that is no client (one
//   deleted here) taken out of it. Nothing is ever deleted in Google.
import { changeClient } from '../client-record/record';
import type { ClientItem } from '../data/clients';
import type { ContactsGroupStatus } from '@shared/api-types';
import { getConnection, recordFeatureSync, type GoogleFeatureItem } from '../data/google-connections';
import {
  agentEdits,
  mergeContact,
  personFieldOf,
  personOf,
  syncedValuesOf,
  withFirstValue,
  type ContactConflict,
  type SyncedValues,
} from '../domain/google-contacts';
import type { GoogleFeatureOff, GoogleNotConnected } from '../domain/refusals';
import {
  createContact,
  createContactGroup,
  getContact,
  GooglePeopleError,
  GROUP_MODIFY_MAX,
  groupMembers,
  listContactGroups,
  modifyGroupMembers,
  updateContact,
} from '../integrations/google-people';

/** The group's name in the agent's Google contacts. */
export const GROUP_NAME = 'Hearthside clients';
/** Contacts one sync creates at most (Google takes a user's contact writes one at a time); the next sync goes on. */
export const CREATES_PER_SYNC = 200;
/** The most members the group is read with. */
const MEMBERS_READ_MAX = 100_000;

/** Where a sync keeps the conflicts it finds for the agent. */
export type KeepConflicts = (clientId: string, found: ContactConflict[]) => void;

const valuesOf = (client: ClientItem): SyncedValues => ({ email: client.email, phone: client.phone });

/**
 * Writes the agent's edit of one linked client to its contact; whether it wrote. Conflicts (Google's edits of the
 * same fields, or a contact that changed again between the read and the write twice) go to `keep`.
 */
async function pushEdit(
  accessToken: string,
  agentId: string,
  client: ClientItem,
  keep: KeepConflicts,
): Promise<boolean> {
  const link = client.googleContact!;
  const edits = agentEdits(link.base, valuesOf(client));
  let google: SyncedValues = { email: '', phone: '' };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const person = await getContact(accessToken, link.resourceName);
    // Deleted in Google: the next read unlinks the client.
    if (!person?.etag) return false;
    google = syncedValuesOf(person);
    const merged = mergeContact(link.base, google, valuesOf(client));
    const writes = edits.filter((f) => !merged.conflicts.some((c) => c.field === f) && google[f] !== client[f]);
    let etag = person.etag;
    if (writes.length > 0) {
      const written = writes.reduce((p, field) => withFirstValue(p, field, client[field], google[field]), person);
      try {
        etag = (await updateContact(accessToken, { ...written, etag }, writes.map(personFieldOf))).etag ?? etag;
      } catch (error) {
        if (!(error instanceof GooglePeopleError) || error.reason !== 'etag-conflict') throw error;
        continue;
      }
    }
    const googleAfter = { ...google, ...Object.fromEntries(writes.map((f) => [f, client[f]])) };
    await changeClient(
      agentId,
      client.id,
      { kind: 'google-synced', etag, changes: merged.changes, base: { ...merged.base, google: googleAfter } },
      { known: client },
    );
    keep(client.id, merged.conflicts);
    return writes.length > 0;
  }
  keep(
    client.id,
    edits.map((field) => ({ field, google: google[field], client: client[field] })),
  );
  return false;
}

/**
 * The agent's edits of linked clients written to their contacts: how many contacts were written, and how many clients
 * were looked at (each one's sync state changed: read them again before reading Google's changes).
 */
export async function pushAgentEdits(
  accessToken: string,
  agentId: string,
  clients: readonly ClientItem[],
  keep: KeepConflicts,
): Promise<{ written: number; visited: number }> {
  const edited = clients.filter(
    (client) => client.googleContact && agentEdits(client.googleContact.base, valuesOf(client)).length > 0,
  );
  let written = 0;
  for (const client of edited) if (await pushEdit(accessToken, agentId, client, keep)) written += 1;
  return { written, visited: edited.length };
}

export type GroupCounts = { created: number; added: number; removed: number; capped: number };

/** The group's resource name: the one kept, else the one of that name, else a new one (kept for the next sync). */
async function groupOf(accessToken: string, agentId: string, feature: GoogleFeatureItem, fresh: boolean) {
  const kept = feature.group?.resourceName;
  if (kept && !fresh) return kept;
  const found = (await listContactGroups(accessToken)).find((group) => group.name === GROUP_NAME);
  const resourceName = found?.resourceName ?? (await createContactGroup(accessToken, GROUP_NAME)).resourceName;
  await recordFeatureSync(agentId, 'contacts', feature.enabledAt, { group: { resourceName } });
  return resourceName;
}

/** Keeps the "Hearthside clients" group: the clients in it (created as contacts when not linked), no one else. */
export async function keepClientsGroup(
  accessToken: string,
  agentId: string,
  feature: GoogleFeatureItem,
  clients: readonly ClientItem[],
): Promise<GroupCounts> {
  let group = await groupOf(accessToken, agentId, feature, false);
  let members = await groupMembers(accessToken, group, MEMBERS_READ_MAX);
  // The agent deleted the group in Google: made again.
  if (!members) {
    group = await groupOf(accessToken, agentId, feature, true);
    members = [];
  }
  const counts: GroupCounts = { created: 0, added: 0, removed: 0, capped: 0 };
  const unlinked = clients.filter((client) => !client.googleContact);
  counts.capped = Math.max(0, unlinked.length - CREATES_PER_SYNC);
  for (const client of unlinked.slice(0, CREATES_PER_SYNC)) {
    const made = await createContact(accessToken, personOf(client, group));
    await changeClient(
      agentId,
      client.id,
      {
        kind: 'google-linked',
        link: { resourceName: made.resourceName, etag: made.etag ?? '' },
        fill: {},
        google: valuesOf(client),
      },
      { known: client },
    );
    counts.created += 1;
  }
  const inGroup = new Set(members);
  const linked = new Set(
    clients.flatMap((client) => (client.googleContact ? [client.googleContact.resourceName] : [])),
  );
  const add = [...linked].filter((name) => !inGroup.has(name));
  const remove = members.filter((name) => !linked.has(name));
  for (let i = 0; i < Math.max(add.length, remove.length); i += GROUP_MODIFY_MAX)
    await modifyGroupMembers(accessToken, group, {
      add: add.slice(i, i + GROUP_MODIFY_MAX),
      remove: remove.slice(i, i + GROUP_MODIFY_MAX),
    });
  counts.added = add.length;
  counts.removed = remove.length;
  return counts;
}

/**
 * Turns the "Hearthside clients" group on (the next sync makes or finds it and fills it) or off (the group stays in
 * Google as it is, no longer kept); or why not: Google not connected, or Contacts off.
 */
export async function setClientsGroup(
  agentId: string,
  enabled: boolean,
): Promise<ContactsGroupStatus | GoogleNotConnected | GoogleFeatureOff> {
  const connection = await getConnection(agentId);
  if (!connection) return { kind: 'google-not-connected' };
  const feature = connection.contactsFeature;
  if (!feature) return { kind: 'google-feature-off', feature: 'contacts' };
  const group = enabled ? (feature.group ?? { resourceName: null }) : null;
  if (!(await recordFeatureSync(agentId, 'contacts', feature.enabledAt, { group })))
    return { kind: 'google-feature-off', feature: 'contacts' };
  return { enabled };
}
