// An agent's conversations: one item per client they exchanged messages with (CLIENT#<clientId> / CONVERSATION, so
// it goes with the client), indexed by the agent and the time of its last message (gsi1), and, while unread, in the
// agent's unread index (gsi2). The number of unread conversations is a counter moved by one ADD each time a
// conversation flips between read and unread (each flip a conditional write), so a page of the inbox and its badge
// cost the same for a book of ten clients or ten thousand.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageChannel } from '@shared/messages';
import { db, queryPage, sendIf, table } from './db';
import {
  CONVERSATION_SK,
  conversationKey,
  conversationSortKey,
  conversationsPartition,
  unreadConversationsPartition,
  unreadCounterKey,
} from './keys/messages';
import { GSI1, GSI2 } from './keys/table';

export type ConversationMessage = {
  direction: 'inbound' | 'outbound';
  channel: MessageChannel;
  excerpt: string;
  at: string;
};

export type ConversationItem = {
  pk: string;
  sk: string;
  type: 'conversation';
  agentId: string;
  clientId: string;
  lastMessage: ConversationMessage;
  lastAt: string;
  unread?: boolean;
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk?: string;
  gsi2sk: string;
};

/** How much of a message the inbox shows. */
export const EXCERPT_LENGTH = 140;

export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/**
 * Records a message on the client's conversation: it becomes the last message unless a later one is already there
 * (concurrent messages never move it back), and an inbound one marks the conversation unread (counted once).
 */
export async function noteConversationMessage(
  agentId: string,
  clientId: string,
  message: ConversationMessage,
): Promise<void> {
  const sortKey = conversationSortKey(message.at, clientId);
  await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: conversationKey(clientId),
      UpdateExpression:
        'SET #type = :type, agentId = :agent, clientId = :client, lastMessage = :message, lastAt = :at, ' +
        'gsi1pk = :gsi1pk, gsi1sk = :sortKey, gsi2sk = :sortKey',
      ConditionExpression:
        '(attribute_not_exists(lastAt) OR lastAt <= :at) AND (attribute_not_exists(agentId) OR agentId = :agent)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'conversation',
        ':agent': agentId,
        ':client': clientId,
        ':message': message,
        ':at': message.at,
        ':gsi1pk': conversationsPartition(agentId),
        ':sortKey': sortKey,
      },
    }),
  );
  if (message.direction === 'inbound') await markUnread(agentId, clientId);
}

/** Marks the conversation unread; the counter moves only when this write is the one that flipped it. */
async function markUnread(agentId: string, clientId: string): Promise<void> {
  const flipped = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: conversationKey(clientId),
      UpdateExpression: 'SET unread = :true, gsi2pk = :unreadPk',
      ConditionExpression: 'agentId = :agent AND (attribute_not_exists(unread) OR unread = :false)',
      ExpressionAttributeValues: {
        ':true': true,
        ':false': false,
        ':agent': agentId,
        ':unreadPk': unreadConversationsPartition(agentId),
      },
    }),
  );
  if (flipped) await addUnread(agentId, 1);
}

/** Marks the client's conversation read; false when it was not unread (or is not this agent's). */
export async function markConversationRead(agentId: string, clientId: string): Promise<boolean> {
  const flipped = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: conversationKey(clientId),
      UpdateExpression: 'SET unread = :false REMOVE gsi2pk',
      ConditionExpression: 'agentId = :agent AND unread = :true',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':agent': agentId },
    }),
  );
  if (flipped) await addUnread(agentId, -1);
  return flipped !== undefined;
}

/** Moves the agent's unread count (a merge's undo brings back an unread conversation it had set read). */
export async function addUnread(agentId: string, delta: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: unreadCounterKey(agentId),
      UpdateExpression: 'SET #type = :type ADD unread :delta',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'unread-conversations', ':delta': delta },
    }),
  );
}

/** How many of the agent's conversations are unread (never below zero, should the counter drift). */
export async function unreadConversations(agentId: string): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: unreadCounterKey(agentId) }));
  return Math.max(0, Number(out.Item?.unread ?? 0));
}

export async function getConversation(agentId: string, clientId: string): Promise<ConversationItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: conversationKey(clientId), ConsistentRead: true }),
  );
  const item = out.Item as ConversationItem | undefined;
  return item?.agentId === agentId ? item : undefined;
}

export type ConversationPage = { items: ConversationItem[]; nextCursor: string | null };

/**
 * A page of the agent's conversations, latest activity first (only the unread ones with `unreadOnly`): one Query of
 * an index by the agent. Throws InvalidCursorError for a cursor that is not a key of this list.
 */
export async function listConversations(
  agentId: string,
  { unreadOnly, cursor, limit }: { unreadOnly: boolean; cursor?: string; limit: number },
): Promise<ConversationPage> {
  const [index, pkName, skName, partition] = unreadOnly
    ? [GSI2, 'gsi2pk', 'gsi2sk', unreadConversationsPartition(agentId)]
    : [GSI1, 'gsi1pk', 'gsi1sk', conversationsPartition(agentId)];
  return queryPage<ConversationItem>(
    {
      IndexName: index,
      KeyConditionExpression: `${pkName} = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
    {
      names: ['pk', 'sk', pkName, skName],
      check: (key) => key[pkName] === partition && key.sk === CONVERSATION_SK && (key.pk ?? '').startsWith('CLIENT#'),
    },
  );
}
