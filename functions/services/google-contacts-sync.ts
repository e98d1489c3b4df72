// Keeping the agent's clients in step with their Google contacts (POST /api/google/contacts/sync), once a Google
// contacts import started it (the import keeps Google's sync token and the label it read: google-contacts-import.ts).
// Each sync reads what changed in Google since the last one (the People API's sync token), and:
// - a contact deleted in Google unlinks its client, which is never deleted;
// - a linked contact's e-mail and phone edited in Google update the client, unless the agent edited that field in
//   Hearthside since the last sync: then the agent's value stays and the conflict is kept for the agent
//   (functions/domain/google-contacts.ts mergeContact);
// - a new contact (of the label the import read, if it read one) is matched and linked, or becomes a client, exactly
//   as the import does it (importJobBatch), so no sync makes a second client of anyone.
// A sync token Google no longer takes (7 days unused: 410 EXPIRED_SYNC_TOKEN) is followed by a full read of the
// contacts, which changes only what differs and, matching as above, creates no duplicate.
import type { ContactsSyncResult } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { changeClient } from '../client-record/record';
import { listClients, type ClientItem } from '../data/clients';
import {
  CONFLICTS_KEPT,
  getConnection,
  type GoogleConnectionItem,
  type GoogleFeatureItem,
  recordFeatureSync,
  type ContactsSyncCounts,
  type ContactsSyncState,
} from '../data/google-connections';
import { ClientEmailTakenError } from '../domain/client-errors';
import {
  clientMatcher,
  inContactGroup,
  matchClient,
  mergeContact,
  personDraft,
  syncedValuesOf,
  withClientBlanks,
  type ContactConflict,
  type GooglePerson,
} from '../domain/google-contacts';
import { importedClientId, validateDraft } from '../domain/import-rows';
import type { ContactsNotImported, GoogleFeatureOff, GoogleNotConnected } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { GoogleBusinessError } from '../integrations/google-business';
import { GooglePeopleError, listConnections } from '../integrations/google-people';
import { forEachLimited } from '../lib/concurrency';
import { importJobBatch, type JobRow } from './client-import';
import { keepClientsGroup, pushAgentEdits, type KeepConflicts } from './google-contacts-out';
import { accessTokenOf } from './google-reviews';

export type ContactsSyncRefusal = GoogleNotConnected | GoogleFeatureOff | ContactsNotImported;

/** Clients changed at once by a sync. */
const SYNC_CONCURRENCY = 4;

/** What changed in Google since `syncToken` (or everything, when Google no longer takes it), and the next token. */
async function readChanges(
  accessToken: string,
  syncToken: string,
): Promise<{ people: GooglePerson[]; nextSyncToken: string | null; full: boolean }> {
  const read = async (token: string | undefined) => {
    const people: GooglePerson[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const page = await listConnections(accessToken, {
        ...(token ? { syncToken: token } : {}),
        ...(pageToken ? { pageToken } : {}),
      });
      people.push(...page.people);
      if (!page.nextPageToken) return { people, nextSyncToken: page.nextSyncToken ?? null };
      pageToken = page.nextPageToken;
    }
  };
  try {
    return { ...(await read(syncToken)), full: false };
  } catch (error) {
    if (!(error instanceof GooglePeopleError) || error.reason !== 'expired-sync-token') throw error;
    return { ...(await read(undefined)), full: true };
  }
}

/**
 * Runs one contacts sync for the agent; or why not: Google not connected, Contacts off, or never imported (the import
 * chooses what the sync follows). Google's failures are kept as the sync's last error, then thrown.
 */
export async function syncGoogleContacts(
  agent: { id: string; timeZone: string; isPro?: boolean },
  now = new Date(),
): Promise<ContactsSyncResult | ContactsSyncRefusal> {
  const connection = await getConnection(agent.id);
  if (!connection) return { kind: 'google-not-connected' };
  const state = connection.contactsFeature;
  if (!state) return { kind: 'google-feature-off', feature: 'contacts' };
  if (!state.syncToken) return { kind: 'contacts-not-imported' };
  const following = { ...state, syncToken: state.syncToken };

  try {
    return await runSync(agent, connection, following, now);
  } catch (error) {
    if (error instanceof GoogleBusinessError)
      await recordFeatureSync(agent.id, 'contacts', state.enabledAt, { lastError: error.reason });
    throw error;
  }
}

async function runSync(
  agent: { id: string; timeZone: string; isPro?: boolean },
  connection: GoogleConnectionItem,
  state: GoogleFeatureItem & { syncToken: string },
  now: Date,
): Promise<ContactsSyncResult> {
  const accessToken = await accessTokenOf(connection);
  const counts: ContactsSyncCounts = {
    itemsIn: 0,
    itemsOut: 0,
    created: 0,
    linked: 0,
    updated: 0,
    unlinked: 0,
    conflicts: 0,
    capped: 0,
  };
  const conflicts: ContactsSyncState['conflicts'] = [];
  const keep = (clientId: string, found: ContactConflict[]) => {
    counts.conflicts += found.length;
    conflicts.push(...found.map((conflict) => ({ ...conflict, clientId, at: now.toISOString() })));
  };
  // The agent's edits first, on the contacts as Google has them: what is read next then agrees with them.
  let clients = await listClients(agent.id);
  const pushed = await pushAgentEdits(accessToken, agent.id, clients, keep);
  counts.itemsOut += pushed.written;
  if (pushed.visited > 0) clients = await listClients(agent.id);

  const changes = await readChanges(accessToken, state.syncToken);
  counts.itemsIn = changes.people.length;
  const linked = new Map(clients.flatMap((c) => (c.googleContact ? [[c.googleContact.resourceName, c] as const] : [])));
  const unlinkedPeople: GooglePerson[] = [];

  await forEachLimited(changes.people, SYNC_CONCURRENCY, async (person) => {
    const client = linked.get(person.resourceName);
    if (person.metadata?.deleted) {
      if (!client) return;
      const out = await changeClient(agent.id, client.id, {
        kind: 'google-unlinked',
        resourceName: person.resourceName,
      });
      if (out.kind === 'changed') counts.unlinked += 1;
      return;
    }
    if (client) {
      await syncLinked({ agentId: agent.id, now, counts, keep }, client, person);
      return;
    }
    if (state.label && !inContactGroup(person, state.label)) return;
    unlinkedPeople.push(person);
  });
  await addNewPeople(agent, unlinkedPeople, clients, now, counts);

  // The group last: the clients the read linked or made are in it too.
  if (state.group) {
    const group = await keepClientsGroup(accessToken, agent.id, state, await listClients(agent.id));
    counts.itemsOut += group.created + group.added + group.removed;
    counts.capped += group.capped;
  }

  await recordFeatureSync(agent.id, 'contacts', state.enabledAt, {
    syncToken: changes.nextSyncToken ?? state.syncToken,
    lastSuccessAt: now.toISOString(),
    lastError: null,
    lastRun: counts,
    conflicts: [...conflicts, ...(state.conflicts ?? [])].slice(0, CONFLICTS_KEPT),
  });
  return { ...counts, fullSync: changes.full };
}

/** A linked contact read again: Google's edits the agent did not make differently taken, conflicts kept. */
async function syncLinked(
  { agentId, now, counts, keep }: { agentId: string; now: Date; counts: ContactsSyncCounts; keep: KeepConflicts },
  client: ClientItem,
  person: GooglePerson,
): Promise<void> {
  const link = client.googleContact!;
  const merged = mergeContact(link.base, syncedValuesOf(person), { email: client.email, phone: client.phone });
  const etag = person.etag ?? link.etag;
  if (Object.keys(merged.changes).length === 0 && etag === link.etag && merged.conflicts.length === 0 && link.base)
    return;
  try {
    const out = await changeClient(
      agentId,
      client.id,
      { kind: 'google-synced', etag, changes: merged.changes, base: merged.base },
      { now, known: client },
    );
    if (out.kind === 'changed' && Object.keys(merged.changes).length > 0) counts.updated += 1;
    keep(client.id, merged.conflicts);
  } catch (error) {
    if (!(error instanceof ClientEmailTakenError)) throw error;
    // Google's new e-mail is another client's: the client keeps its own, and the agent hears of it.
    keep(client.id, [{ field: 'email', google: merged.changes.email ?? '', client: client.email }]);
  }
}

/** New contacts: matched and linked, or created within the plan, as the import does it. */
async function addNewPeople(
  agent: { id: string; timeZone: string; isPro?: boolean },
  people: readonly GooglePerson[],
  clients: readonly ClientItem[],
  now: Date,
  counts: ContactsSyncCounts,
): Promise<void> {
  if (people.length === 0) return;
  const today = todayIn(agent.timeZone);
  const matcher = clientMatcher(clients);
  const byId = new Map(clients.map((client) => [client.id, client]));
  const run = `sync-${randomId()}`;
  const byEmail = new Map<string, JobRow>();
  people.forEach((person, index) => {
    const read = personDraft(person, () => {});
    const checked = validateDraft(
      withClientBlanks(read, byId.get(matchClient(matcher, read.email, read.phone) ?? '')),
      today,
    );
    if ('error' in checked) return; // not a client yet (no e-mail…): a later edit in Google brings it
    const match = matchClient(matcher, checked.client.email, checked.client.phone);
    // Two new contacts with one e-mail make one client (the later one's, as in an import).
    byEmail.set(checked.client.email, {
      row: index + 1,
      client: checked.client,
      id: importedClientId(run, index + 1),
      google: { link: { resourceName: person.resourceName, etag: person.etag ?? '' }, ...(match ? { match } : {}) },
    });
  });
  const rows = [...byEmail.values()];
  const outcome = await importJobBatch(
    { id: agent.id, isPro: agent.isPro === true },
    rows,
    today,
    { capped: false },
    now,
  );
  counts.created += outcome.imported;
  counts.linked += outcome.updated;
  counts.capped += outcome.capped.length;
}
