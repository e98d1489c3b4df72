// A client who goes (deleted, or merged into another) leaves a tombstone for 30 days, AGENT#<agentId> / GONE#<clientId>
// with DynamoDB's TTL, so the unsubscribe links in the mail they were sent keep working (functions/services/
// unsubscribe.ts): the keyed hash of their address, as the opt-out marks hash it (functions/data/opt-out-marks.ts), and
// for a merge the client they went into. Nothing else of theirs: no name, no address in clear. DynamoDB deletes an
// expired item within days, not at once, so a read ignores a tombstone past its time. A client restored by an undo is
// found alive before its tombstone is read; closing the account deletes the tombstones with the agent's partition.
import { getItem, putItem } from './db';
import { clientTombstoneKey } from './keys/clients';

/** How long an unsubscribe link of a client who went still stops mail. */
export const TOMBSTONE_DAYS = 30;

export type ClientTombstoneItem = {
  pk: string;
  sk: string;
  type: 'client-tombstone';
  agentId: string;
  clientId: string;
  /** The keyed hash of the client's address when it went (none when it had none). */
  emailMark?: string;
  /** The client it was merged into; absent for a deleted client. */
  survivorId?: string;
  goneAt: string;
  /** Epoch seconds: DynamoDB's TTL attribute. */
  ttl: number;
};

export async function putClientTombstone(
  tombstone: { agentId: string; clientId: string; emailMark?: string; survivorId?: string },
  now = new Date(),
): Promise<void> {
  const { agentId, clientId, emailMark, survivorId } = tombstone;
  await putItem({
    ...clientTombstoneKey(agentId, clientId),
    type: 'client-tombstone',
    agentId,
    clientId,
    ...(emailMark ? { emailMark } : {}),
    ...(survivorId ? { survivorId } : {}),
    goneAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + TOMBSTONE_DAYS * 86_400,
  } satisfies ClientTombstoneItem);
}

/** The agent's tombstone of the client, unless it has expired (DynamoDB may not have deleted it yet). */
export async function getClientTombstone(
  agentId: string,
  clientId: string,
  now = new Date(),
): Promise<ClientTombstoneItem | undefined> {
  const item = await getItem<ClientTombstoneItem>(clientTombstoneKey(agentId, clientId));
  return item && item.ttl > Math.floor(now.getTime() / 1000) ? item : undefined;
}
