// Duplicates and merging. The scan reads the agent's book once (one paginated Query of their partition, only the
// fields the rules read) and groups it (functions/domain/duplicates.ts): a screen the agent opens, not a list page.
// A merge keeps one client, fills its empty fields from the other, unites tags and custom dates, moves the other's
// whole history to it and deletes the other through the client record (its plan slot freed, the counters moved); a
// record of both clients as they were and of every moved item lets the agent undo it for ten minutes.
import { agentActor, clientFor } from '../data/client-access';
import { getClientsByIds, IDENTITY_FIELDS, listClientFields, toClient, type ClientItem } from '../data/clients';
import { changeClient, clientAfter, deleteClient, restoreClient } from '../client-record/record';
import {
  deleteMovedRecords,
  getClientMerge,
  lockClients,
  type ClientMergeItem,
  moveHistory,
  putClientMerge,
  restoreHistory,
  setMergeState,
  unlockClients,
} from '../data/client-merges';
import { putClientTombstone } from '../data/client-tombstones';
import { emailOptOutMark, rememberClientOptOuts } from '../data/opt-out-marks';
import { findDuplicateGroups, mergedFields } from '../domain/duplicates';
import type {
  AlreadyUndone,
  MergeInProgress,
  MergeUnfinished,
  NotFound,
  RegistrationPending,
  UndoExpired,
} from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import type { Client, ClientMerge, ClientMergeUndone, DuplicateGroups } from '@shared/api-types';

/** How long a merge can be undone. */
export const MERGE_UNDO_MS = 10 * 60_000;

const SCAN_FIELDS = [...IDENTITY_FIELDS, 'createdAt', 'registrationPendingAt'] as const;

/**
 * The agent's likely duplicates, and those clients. A directory registration not yet confirmed is left out: it cannot
 * be merged until it is.
 */
export async function findDuplicates(agentId: string): Promise<DuplicateGroups> {
  const book = await listClientFields(agentId, SCAN_FIELDS);
  const groups = findDuplicateGroups(book.filter((client) => !client.registrationPendingAt));
  const ids = [...new Set(groups.flatMap((group) => group.clientIds))];
  const clients = await getClientsByIds(agentId, ids);
  return {
    groups: groups.filter((group) => group.clientIds.every((id) => clients.has(id))),
    clients: ids.flatMap((id) => (clients.has(id) ? [toClient(clients.get(id)!)] : [])),
  };
}

/** What a merge or its undo refuses (the kinds are functions/domain/refusals.ts'). */
export type MergeRefusal =
  NotFound<'client' | 'merge'> | RegistrationPending | AlreadyUndone | UndoExpired | MergeUnfinished | MergeInProgress;

/** The two clients of a merge, each read through the access rule: another agent's client is not found. */
const bothClients = (agentId: string, keepId: string, mergeId: string) =>
  Promise.all([clientFor(agentActor(agentId), keepId), clientFor(agentActor(agentId), mergeId)]);

/**
 * What the kept client takes from the other (mergedFields), a text opt-out with its consent and the time the other
 * opted out (the merge's, for one written before that time was kept): the same at the merge and at its undo, which puts
 * back those of them nothing changed since.
 */
function absorbedFields(kept: ClientItem, merged: ClientItem, at: string): Partial<ClientItem> {
  const fields = mergedFields(kept, merged) as Partial<ClientItem>;
  if (fields.smsOptedOut) {
    Object.assign(fields, { smsOptedOutAt: merged.smsOptedOutAt ?? at, smsConsent: merged.smsConsent });
  }
  return fields;
}

/** Merges `mergeId` into `keepId`, both the agent's: the kept client as it is now, and the merge's id for its undo. */
export async function mergeClients(
  agentId: string,
  keepId: string,
  mergeId: string,
  now = new Date(),
): Promise<ClientMerge | MergeRefusal> {
  const [kept, merged] = await bothClients(agentId, keepId, mergeId);
  if (!kept || !merged) return { kind: 'not-found', what: 'client' };
  for (const client of [kept, merged]) {
    if (client.registrationPendingAt) return { kind: 'registration-pending', clientId: client.id };
  }
  const id = randomId();
  // A second request for the same clients (a double click, the reverse merge) is refused while this one runs.
  if (!(await lockClients(agentId, [keepId, mergeId], id, now))) return { kind: 'merge-in-progress' };
  try {
    return await mergeLocked(agentId, id, keepId, mergeId, now);
  } finally {
    await unlockClients(agentId, [keepId, mergeId], id);
  }
}

async function mergeLocked(
  agentId: string,
  id: string,
  keepId: string,
  mergeId: string,
  now: Date,
): Promise<ClientMerge | MergeRefusal> {
  // Read again now that this merge holds both: a merge of the same pair that finished meanwhile took one away.
  const [kept, merged] = await bothClients(agentId, keepId, mergeId);
  if (!kept || !merged) return { kind: 'not-found', what: 'client' };
  const undoUntil = new Date(now.getTime() + MERGE_UNDO_MS).toISOString();
  // The record first: a merge cut halfway is still described, its moved items recorded one by one.
  await putClientMerge({
    id,
    agentId,
    keepId,
    mergeId,
    kept,
    merged,
    state: 'moving',
    createdAt: now.toISOString(),
    undoUntil,
  });
  await moveHistory(agentId, id, mergeId, keepId, now);
  const fields = absorbedFields(kept, merged, now.toISOString());
  const change = await changeClient(agentId, keepId, { kind: 'merge-absorb', fields }, { now });
  // An opt-out of the merged client's outlives it, as when a client is deleted; its unsubscribe links stop the kept
  // one (its tombstone, 30 days).
  await rememberClientOptOuts(merged, now);
  const emailMark = await emailOptOutMark(merged.email);
  await putClientTombstone({ agentId, clientId: mergeId, emailMark, survivorId: keepId }, now);
  await deleteClient(agentId, mergeId, now);
  await setMergeState(agentId, id, 'moving', 'merged');
  const after = clientAfter(change) ?? kept;
  return { id, client: toClient(after), mergedId: mergeId, undoUntil };
}

/**
 * Undoes the agent's merge within its ten minutes: the merged client comes back with its id and fields (within the
 * plan, and only while no other client took its e-mail), its history moves back, and what the kept client took from it
 * goes back to what the kept client had; what the agent or the client changed since stays (an opt-out, a request).
 */
export async function undoMerge(
  agentId: string,
  id: string,
  now = new Date(),
): Promise<ClientMergeUndone | MergeRefusal> {
  const merge = await getClientMerge(agentId, id);
  if (!merge) return { kind: 'not-found', what: 'merge' };
  if (merge.state === 'undone' || merge.state === 'undoing') return { kind: 'already-undone' };
  if (merge.state !== 'merged') return { kind: 'merge-unfinished' };
  if (now.toISOString() > merge.undoUntil) return { kind: 'undo-expired', undoUntil: merge.undoUntil };
  const clientIds = [merge.keepId, merge.mergeId];
  if (!(await lockClients(agentId, clientIds, id, now))) return { kind: 'merge-in-progress' };
  try {
    return await undoLocked(agentId, merge, now);
  } finally {
    await unlockClients(agentId, clientIds, id);
  }
}

async function undoLocked(
  agentId: string,
  merge: ClientMergeItem,
  now: Date,
): Promise<ClientMergeUndone | MergeRefusal> {
  const { id } = merge;
  if (!(await setMergeState(agentId, id, 'merged', 'undoing'))) return { kind: 'already-undone' };
  let restored: ClientItem;
  try {
    restored = await restoreClient(agentId, merge.merged, now);
  } catch (error) {
    // The plan filled up or the address was taken since: the merge stands, and can be undone once that is fixed.
    await setMergeState(agentId, id, 'undoing', 'merged');
    throw error;
  }
  await restoreHistory(agentId, id);
  const absorbed = absorbedFields(merge.kept, merge.merged, merge.createdAt);
  const change = await changeClient(agentId, merge.keepId, { kind: 'restore', item: merge.kept, absorbed }, { now });
  await setMergeState(agentId, id, 'undoing', 'undone', { undoneAt: now.toISOString() });
  await deleteMovedRecords(id);
  const clients: Client[] = [toClient(restored)];
  if (change.kind === 'changed') clients.unshift(toClient(change.after));
  else if (change.kind === 'unchanged') clients.unshift(toClient(change.client));
  return { clients };
}
