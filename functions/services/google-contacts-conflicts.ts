// The conflicts a contacts sync left for the agent (GET /api/google/contacts/conflicts), and the agent's choice for
// each (POST /api/google/contacts/conflicts/resolve): a field both sides changed since the last sync, where the client
// kept the agent's value. Keeping Google's sets it on the client; keeping Hearthside's writes it to the contact in
// Google, on the etag just read (a contact that changed in between is read again, the value applied again and written
// once more; changing again is the agent's to hear). Either way both sides agree after, so the next sync finds nothing.
import type { ContactConflicts, ContactConflictView } from '@shared/api-types';
import { changeClient } from '../client-record/record';
import { agentActor, clientFor } from '../data/client-access';
import { getClientsByIds } from '../data/clients';
import { getConnection, recordFeatureSync, type ContactsSyncState } from '../data/google-connections';
import { personFieldOf, withFirstValue, type SyncedField } from '../domain/google-contacts';
import type { ContactChangedAgain, GoogleFeatureOff, GoogleNotConnected, NotFound } from '../domain/refusals';
import { getContact, GooglePeopleError, updateContact } from '../integrations/google-people';
import { accessTokenOf } from './google-reviews';

export type ConflictsRefusal = GoogleNotConnected | GoogleFeatureOff;
export type ResolveRefusal = ConflictsRefusal | NotFound<'contact-conflict'> | ContactChangedAgain;
export type Resolution = { clientId: string; field: SyncedField; keep: 'google' | 'hearthside' };

type Kept = ContactsSyncState['conflicts'][number];

/** The conflicts of clients that are still there and still linked, newest first, with each side's value now. */
async function views(agentId: string, kept: readonly Kept[]): Promise<ContactConflictView[]> {
  const clients = await getClientsByIds(
    agentId,
    kept.map((c) => c.clientId),
  );
  return kept.flatMap((conflict) => {
    const client = clients.get(conflict.clientId);
    if (!client?.googleContact) return [];
    return [
      {
        clientId: client.id,
        clientName: client.name,
        field: conflict.field,
        google: conflict.google,
        hearthside: client[conflict.field],
        at: conflict.at,
      },
    ];
  });
}

export async function listContactConflicts(agentId: string): Promise<ContactConflicts | ConflictsRefusal> {
  const connection = await getConnection(agentId);
  if (!connection) return { kind: 'google-not-connected' };
  const state = connection.contactsFeature;
  if (!state) return { kind: 'google-feature-off', feature: 'contacts' };
  return { conflicts: await views(agentId, state.conflicts ?? []) };
}

/** Writes the client's value to the contact; its new etag, or null when it changed in Google twice meanwhile. */
async function writeToGoogle(
  accessToken: string,
  resourceName: string,
  field: SyncedField,
  value: string,
  replacing: string,
): Promise<string | null | undefined> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const person = await getContact(accessToken, resourceName);
    if (!person?.etag) return undefined;
    try {
      const written = await updateContact(
        accessToken,
        { ...withFirstValue(person, field, value, replacing), etag: person.etag },
        [personFieldOf(field)],
      );
      return written.etag ?? person.etag;
    } catch (error) {
      if (!(error instanceof GooglePeopleError) || error.reason !== 'etag-conflict') throw error;
    }
  }
  return null;
}

/** Applies the agent's choice for one conflict; the conflicts left. */
export async function resolveContactConflict(
  agentId: string,
  { clientId, field, keep }: Resolution,
): Promise<ContactConflicts | ResolveRefusal> {
  const connection = await getConnection(agentId);
  if (!connection) return { kind: 'google-not-connected' };
  const state = connection.contactsFeature;
  if (!state) return { kind: 'google-feature-off', feature: 'contacts' };
  const kept = state.conflicts ?? [];
  const conflict = kept.find((c) => c.clientId === clientId && c.field === field);
  const client = conflict ? await clientFor(agentActor(agentId), clientId) : undefined;
  const link = client?.googleContact;
  if (!conflict || !client || !link) return { kind: 'not-found', what: 'contact-conflict' };

  const value = keep === 'google' ? conflict.google : client[field];
  let etag = link.etag;
  if (keep === 'hearthside') {
    const written = await writeToGoogle(
      await accessTokenOf(connection),
      link.resourceName,
      field,
      value,
      conflict.google,
    );
    if (written === null) return { kind: 'contact-changed-again' };
    // The contact is gone from Google: the next sync unlinks the client; nothing to write.
    if (written === undefined) return forget(agentId, state, kept, conflict);
    etag = written;
  }
  const base = link.base ?? { google: { email: '', phone: '' }, client: { email: client.email, phone: client.phone } };
  await changeClient(
    agentId,
    client.id,
    {
      kind: 'google-synced',
      etag,
      changes: keep === 'google' ? { [field]: value } : {},
      base: { google: { ...base.google, [field]: value }, client: { ...base.client, [field]: value } },
    },
    { known: client },
  );
  return forget(agentId, state, kept, conflict);
}

async function forget(
  agentId: string,
  state: { enabledAt: string },
  kept: readonly Kept[],
  resolved: Kept,
): Promise<ContactConflicts> {
  const left = kept.filter((c) => !(c.clientId === resolved.clientId && c.field === resolved.field));
  await recordFeatureSync(agentId, 'contacts', state.enabledAt, { conflicts: left });
  return { conflicts: await views(agentId, left) };
}
