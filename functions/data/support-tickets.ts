// Support requests: one item each, in the agent's own partition (their Help page reads only there),
// indexed for the administrators on gsi1 (open ones in the order they are answered, closed ones
// newest first) and by id on gsi2. A reply and closing are conditional updates on the status read
// with them, so two administrators never both close a request or add a reply to a closed one.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SupportReply, SupportStatus, SupportTicket } from '@shared/api-types';
import { SUPPORT_REPLIES_MAX } from '@shared/support';
import { db, lastItems, queryAll, sendIf, table } from './db';
import {
  closedSupportIndexKeys,
  openSupportIndexKeys,
  SUPPORT_CLOSED_PARTITION,
  SUPPORT_OPEN_PARTITION,
  SUPPORT_PREFIX,
  supportTicketIndexKeys,
  supportTicketKey,
} from './keys/support';
import { agentPartition, GSI1, GSI2 } from './keys/table';

export type SupportReplyItem = { id: string; authorId: string; authorName: string; text: string; createdAt: string };

/** The request as stored: the API's shape, with its keys, and the replies with their authors' ids. */
export type SupportTicketItem = Omit<SupportTicket, 'closedAt' | 'replies'> & {
  pk: string;
  sk: string;
  type: 'support-ticket';
  closedAt?: string;
  replies: SupportReplyItem[];
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk: string;
  gsi2sk: string;
};

export type NewSupportTicket = Pick<
  SupportTicketItem,
  'id' | 'agentId' | 'agentName' | 'agentEmail' | 'priority' | 'subject' | 'message' | 'createdAt'
>;

export type TicketKey = { pk: string; sk: string };

export function toSupportTicket(item: SupportTicketItem): SupportTicket {
  return {
    id: item.id,
    agentId: item.agentId,
    agentName: item.agentName,
    agentEmail: item.agentEmail,
    priority: item.priority,
    subject: item.subject,
    message: item.message,
    status: item.status,
    createdAt: item.createdAt,
    closedAt: item.closedAt ?? null,
    replies: item.replies.map((reply): SupportReply => ({
      id: reply.id,
      author: reply.authorName,
      text: reply.text,
      createdAt: reply.createdAt,
    })),
  };
}

/** Writes a new open request, in the open index by its priority. */
export async function putSupportTicket(ticket: NewSupportTicket): Promise<SupportTicketItem> {
  const item: SupportTicketItem = {
    ...supportTicketKey(ticket.agentId, ticket.createdAt, ticket.id),
    type: 'support-ticket',
    ...ticket,
    status: 'open',
    replies: [],
    ...openSupportIndexKeys(ticket.priority === 'pro', ticket.createdAt, ticket.id),
    ...supportTicketIndexKeys(ticket.id),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

/** The agent's most recent requests, newest first: their own partition only. */
export async function listAgentTickets(agentId: string, limit: number): Promise<SupportTicketItem[]> {
  return lastItems<SupportTicketItem>(agentPartition(agentId), SUPPORT_PREFIX, { limit });
}

/**
 * One page of the administrators' list, in the index's own order: open requests Pro first then
 * oldest first; closed ones newest first. `more`: requests remain past `limit`.
 */
export async function listTicketsByStatus(
  status: SupportStatus,
  limit: number,
): Promise<{ items: SupportTicketItem[]; more: boolean }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': status === 'open' ? SUPPORT_OPEN_PARTITION : SUPPORT_CLOSED_PARTITION },
      ScanIndexForward: status === 'open',
      // One more than the page, to know whether there is more without a second read.
      Limit: limit + 1,
    }),
  );
  const items = (out.Items ?? []) as SupportTicketItem[];
  return { items: items.slice(0, limit), more: items.length > limit };
}

/** Where a request's item is, by its id (gsi2, eventually consistent: read or write the item by these keys). */
export async function findTicketKey(ticketId: string): Promise<TicketKey | undefined> {
  const { gsi2pk, gsi2sk } = supportTicketIndexKeys(ticketId);
  const [entry] = await queryAll<TicketKey>({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :sk',
    ExpressionAttributeValues: { ':pk': gsi2pk, ':sk': gsi2sk },
    ProjectionExpression: 'pk, sk',
  });
  return entry;
}

export async function getSupportTicket(key: TicketKey): Promise<SupportTicketItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true }),
  );
  return out.Item?.type === 'support-ticket' ? (out.Item as SupportTicketItem) : undefined;
}

export type TicketChange = {
  /** Appended to the replies. */
  reply?: SupportReplyItem;
  /** Closes the request: out of the open index, into the closed one. */
  close?: boolean;
  now: string;
};

/**
 * Adds the reply and/or closes the request, only while it is open (and, with a reply, has room for
 * it); the request as it is now, or undefined when the condition refused it and nothing was written.
 */
export async function changeOpenTicket(
  key: TicketKey,
  ticketId: string,
  change: TicketChange,
): Promise<SupportTicketItem | undefined> {
  const sets: string[] = [];
  const values: Record<string, unknown> = { ':open': 'open' };
  let condition = 'attribute_exists(pk) AND #status = :open';
  if (change.reply) {
    sets.push('replies = list_append(replies, :reply)');
    values[':reply'] = [change.reply];
    values[':maxReplies'] = SUPPORT_REPLIES_MAX;
    condition += ' AND size(replies) < :maxReplies';
  }
  if (change.close) {
    const index = closedSupportIndexKeys(change.now, ticketId);
    sets.push('#status = :closed', 'closedAt = :now', 'gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
    Object.assign(values, {
      ':closed': 'closed',
      ':now': change.now,
      ':gsi1pk': index.gsi1pk,
      ':gsi1sk': index.gsi1sk,
    });
  }
  if (!sets.length) throw new Error('changeOpenTicket needs a reply or close');
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: key.pk, sk: key.sk },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out?.Attributes as SupportTicketItem | undefined;
}
