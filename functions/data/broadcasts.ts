// An agent's broadcasts (AGENT#<agentId> / BROADCAST#<id>: the request, its status and total) and their recipients
// (AGENT#<agentId> / BCASTTO#<id>#<clientId>: the message made for the client, or why none was), both in the agent's
// partition, so they go with the account.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  BroadcastChannel,
  BroadcastMode,
  BroadcastOccasion,
  BroadcastSkipReason,
  ClientFilter,
} from '@shared/api-types';
import { db, getItem, queryAll, table } from './db';
import { BROADCAST_PREFIX, broadcastKey, broadcastRecipientKey, broadcastRecipientPrefix } from './keys/messages';
import { agentPartition } from './keys/table';

export type BroadcastItem = {
  pk: string;
  sk: string;
  type: 'broadcast';
  id: string;
  agentId: string;
  filter: ClientFilter;
  channel: BroadcastChannel;
  occasion: BroadcastOccasion;
  instructions?: string;
  mode: BroadcastMode;
  status: 'queued' | 'drafting' | 'done';
  total?: number;
  createdAt: string;
};

export type RecipientItem = {
  pk: string;
  sk: string;
  type: 'broadcast-recipient';
  clientId: string;
  messageId: string;
  /** No message was made: why. */
  skipped?: BroadcastSkipReason;
};

export async function putBroadcast(item: Omit<BroadcastItem, 'pk' | 'sk' | 'type'>): Promise<BroadcastItem> {
  const full: BroadcastItem = { ...broadcastKey(item.agentId, item.id), type: 'broadcast', ...item };
  await db().send(new PutCommand({ TableName: table(), Item: full, ConditionExpression: 'attribute_not_exists(pk)' }));
  return full;
}

export async function getBroadcast(agentId: string, id: string): Promise<BroadcastItem | undefined> {
  return getItem<BroadcastItem>(broadcastKey(agentId, id), { consistent: true });
}

/** The agent's broadcasts, newest first, at most `limit`. */
export async function listBroadcasts(agentId: string, limit: number): Promise<BroadcastItem[]> {
  const items = await queryAll<BroadcastItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': BROADCAST_PREFIX },
  });
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

export async function setBroadcastStatus(
  agentId: string,
  id: string,
  status: BroadcastItem['status'],
  total?: number,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: broadcastKey(agentId, id),
      UpdateExpression: total === undefined ? 'SET #status = :status' : 'SET #status = :status, #total = :total',
      ExpressionAttributeNames: { '#status': 'status', ...(total === undefined ? {} : { '#total': 'total' }) },
      ExpressionAttributeValues: { ':status': status, ...(total === undefined ? {} : { ':total': total }) },
    }),
  );
}

export async function getRecipient(
  agentId: string,
  broadcastId: string,
  clientId: string,
): Promise<RecipientItem | undefined> {
  return getItem<RecipientItem>(broadcastRecipientKey(agentId, broadcastId, clientId));
}

/** Records what the client got (written after the message, so a run cut between the two writes it again alike). */
export async function putRecipient(
  agentId: string,
  broadcastId: string,
  recipient: Pick<RecipientItem, 'clientId' | 'messageId' | 'skipped'>,
): Promise<void> {
  const item: RecipientItem = {
    ...broadcastRecipientKey(agentId, broadcastId, recipient.clientId),
    type: 'broadcast-recipient',
    ...recipient,
  };
  await db().send(new PutCommand({ TableName: table(), Item: item }));
}

export function listRecipients(agentId: string, broadcastId: string): Promise<RecipientItem[]> {
  return queryAll<RecipientItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': broadcastRecipientPrefix(broadcastId) },
  });
}
