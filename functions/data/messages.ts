// A client's activity (messages sent or scheduled, touches logged by hand) under the client's own partition, the
// agent's queue of waiting messages and the due-send index, and SES's message ids. Every status change is a
// conditional write on the status it leaves, so a scheduled text is claimed, and so sent, by one worker only. The
// numbers texted are texted-phones.ts'; a client's opt-outs and Last Contact are the client record's
// (functions/services/client-contact.ts). A send scheduled, or scheduled no more, marks the agent's Google Calendar
// (calendar-out.ts): the app's calendar shows each scheduled send.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DraftEngine, MessageActivity, MessageStatus, TouchActivity } from '@shared/api-types';
import type { MessageChannel, TouchKind } from '@shared/messages';
import { markCalendarOutDue } from './calendar-out';
import { db, queryAll, sendIf, table, writeIf } from './db';
import type { ConsentItem } from './sms-consent';
import {
  ACTIVITY_PREFIX,
  activityKey,
  activityPartition,
  dueSendIndexKeys,
  dueSendPartition,
  OUTGOING_DONE,
  OUTGOING_WAITING,
  outgoingIndexKeys,
  outgoingPartition,
  sesMessageKey,
} from './keys/messages';
import { GSI1, GSI2, ownerIndexKeys } from './keys/table';

export type MessageItem = {
  pk: string;
  sk: string;
  type: 'message';
  id: string;
  agentId: string;
  clientId: string;
  channel: MessageChannel;
  /** A message the client sent (`received`), or one sent to the client; items written before replies are outbound. */
  direction?: 'inbound' | 'outbound';
  /** An inbound message: when it arrived, the address or number it came from, and where its raw original is kept. */
  receivedAt?: string;
  from?: string;
  rawKey?: string;
  occasion?: string;
  subject?: string;
  /** The agent's text, as written. */
  body: string;
  /** What the client receives for a text (the body, and the STOP notice on the first one). */
  text?: string;
  /** The address or E.164 number it went (or goes) to. */
  to: string;
  status: MessageStatus;
  sentAt?: string;
  sendAt?: string;
  engine?: DraftEngine;
  problem?: string;
  /** Written by an automation rule: exactly one per client, occasion and year (its id says which). */
  automatic?: boolean;
  /** Why an automatic message waits for approval. */
  note?: string;
  /** A waiting message the agent snoozed stays out of the queue until then (ISO instant). */
  snoozedUntil?: string;
  /** Made by a broadcast (functions/services/broadcasts.ts): its id. */
  broadcastId?: string;
  /** The UTC day whose daily-cap slot this message took (given back if it never leaves). */
  slotDay: string;
  createdAt: string;
  gsi1pk?: string;
  gsi1sk?: string;
  /** In the agent's queue (awaiting approval or scheduled): GET /api/outgoing. */
  gsi2pk?: string;
  gsi2sk?: string;
};

export type TouchItem = {
  pk: string;
  sk: string;
  type: 'touch';
  id: string;
  agentId: string;
  clientId: string;
  kind: TouchKind;
  note?: string;
  date: string;
  createdAt: string;
};

export type NewMessage = Omit<MessageItem, 'pk' | 'sk' | 'type' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'>;

/** The statuses a message waits in, and so sits in the agent's queue. */
export const QUEUED_STATUSES: readonly MessageStatus[] = ['awaiting-approval', 'scheduled'];

export function toMessageActivity(item: MessageItem): MessageActivity {
  return {
    type: 'message',
    id: item.id,
    direction: item.direction ?? 'outbound',
    at: messageTime(item),
    channel: item.channel,
    occasion: item.occasion ?? null,
    subject: item.subject ?? null,
    body: item.body,
    status: item.status,
    sentAt: item.sentAt ?? null,
    sendAt: item.sendAt ?? null,
    engine: item.engine ?? null,
    problem: item.problem ?? null,
    automatic: item.automatic === true,
    note: item.note ?? null,
    createdAt: item.createdAt,
  };
}

/** When the message arrived (inbound), left, or is due to leave; when it was made if neither. */
export function messageTime(item: MessageItem): string {
  return item.receivedAt ?? item.sentAt ?? item.sendAt ?? item.createdAt;
}

export function toTouchActivity(item: Omit<TouchItem, 'pk' | 'sk' | 'type'>): TouchActivity {
  return {
    type: 'touch',
    id: item.id,
    kind: item.kind,
    note: item.note ?? null,
    date: item.date,
    createdAt: item.createdAt,
  };
}

/**
 * The first hourly scheduler run at or after `sendAt` (`2026-11-24T13:00Z`): a half-hour zone's 8:00 is never sent
 * early.
 */
export function dueHour(sendAt: string): string {
  const hour = 3_600_000;
  return new Date(Math.ceil(Date.parse(sendAt) / hour) * hour).toISOString().slice(0, 13);
}

function messageItem(message: NewMessage): MessageItem {
  return {
    ...activityKey(message.clientId, message.id),
    type: 'message',
    ...message,
    ...(message.status === 'scheduled' && message.sendAt
      ? dueSendIndexKeys(dueHour(message.sendAt), message.sendAt, message.id)
      : {}),
    ...(QUEUED_STATUSES.includes(message.status) ? outgoingIndexKeys(message.agentId, message.id) : {}),
  };
}

/**
 * Writes a new message; a scheduled one is put in the due-send index of its hour, a waiting one in the agent's queue.
 */
export async function putMessage(message: NewMessage): Promise<MessageItem> {
  const item = messageItem(message);
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  if (item.status === 'scheduled') await markCalendarOutDue(item.agentId, new Date());
  return item;
}

/**
 * Writes a message under an id that names it (an automatic one: its client, occasion and year); undefined when that id
 * is taken, so it is written once.
 */
export async function putMessageOnce(message: NewMessage): Promise<MessageItem | undefined> {
  const item = messageItem(message);
  const written = await writeIf(
    new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  if (written && item.status === 'scheduled') await markCalendarOutDue(item.agentId, new Date());
  return written ? item : undefined;
}

type StatusChange = {
  from: MessageStatus | readonly MessageStatus[];
  to: MessageStatus;
  set?: Partial<
    Pick<MessageItem, 'sentAt' | 'problem' | 'sendAt' | 'subject' | 'body' | 'slotDay' | 'to' | 'note' | 'snoozedUntil'>
  >;
  leaveDueIndex?: boolean;
};

/**
 * Moves a message from one status (or any of several) to the next; undefined (nothing written) when
 * it was not in `from`. A message leaves the agent's queue when its new status is not a waiting one;
 * one that becomes `scheduled` with a `sendAt` enters the due-send index of its hour.
 */
export async function changeMessageStatus(
  clientId: string,
  messageId: string,
  change: StatusChange,
): Promise<MessageItem | undefined> {
  const froms = typeof change.from === 'string' ? [change.from] : change.from;
  const sets = ['#status = :newStatus'];
  const removes: string[] = [];
  const values: Record<string, unknown> = {
    ':newStatus': change.to,
    ...Object.fromEntries(froms.map((from, i) => [`:oldStatus${i}`, from])),
  };
  const names: Record<string, string> = { '#status': 'status' };
  for (const [field, value] of Object.entries(change.set ?? {})) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (change.to === 'scheduled' && change.set?.sendAt) {
    const keys = dueSendIndexKeys(dueHour(change.set.sendAt), change.set.sendAt, messageId);
    sets.push('gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
    Object.assign(values, { ':gsi1pk': keys.gsi1pk, ':gsi1sk': keys.gsi1sk });
  } else if (change.leaveDueIndex) {
    removes.push('gsi1pk', 'gsi1sk');
  }
  // Handled: out of the waiting part of the queue (a message never queued gets a key that indexes nothing); a message
  // held again (a due text put off to the client's 8:00) is back in it.
  if (!QUEUED_STATUSES.includes(change.to)) {
    sets.push('gsi2sk = :handled');
    values[':handled'] = `${OUTGOING_DONE}${messageId}`;
  } else if (froms.some((from) => !QUEUED_STATUSES.includes(from))) {
    sets.push('gsi2sk = :waiting');
    values[':waiting'] = `${OUTGOING_WAITING}${messageId}`;
  }
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: activityKey(clientId, messageId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: froms.map((_, i) => `#status = :oldStatus${i}`).join(' OR '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  const changed = out?.Attributes as MessageItem | undefined;
  // A send that leaves its time (sending it is keeping it) or gets one: the calendar shows scheduled sends.
  if (changed && (change.to === 'scheduled' || (froms.includes('scheduled') && change.to !== 'sending')))
    await markCalendarOutDue(changed.agentId, new Date());
  return changed;
}

/** The agent's queue: messages awaiting approval and messages scheduled, one Query of gsi2 by prefix. */
export function listOutgoing(agentId: string): Promise<MessageItem[]> {
  return queryAll<MessageItem>({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :waiting)',
    ExpressionAttributeValues: { ':pk': outgoingPartition(agentId), ':waiting': OUTGOING_WAITING },
  });
}

/**
 * A message that is or was in the agent's queue, by its id, read afresh from its item; undefined
 * when this agent's queue never had it (another agent's message is not found).
 */
export async function findOutgoing(agentId: string, messageId: string): Promise<MessageItem | undefined> {
  for (const prefix of [OUTGOING_WAITING, OUTGOING_DONE]) {
    const [entry] = await queryAll<{ clientId: string }>({
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :sk',
      ExpressionAttributeValues: { ':pk': outgoingPartition(agentId), ':sk': `${prefix}${messageId}` },
      ProjectionExpression: 'clientId',
    });
    if (!entry) continue;
    const item = await getMessage(entry.clientId, messageId);
    return item?.agentId === agentId ? item : undefined;
  }
  return undefined;
}

/** The scheduled texts whose first due run is `hour` (`YYYY-MM-DDTHH`), still waiting: one Query of the index. */
export function scheduledInHour(hour: string): Promise<MessageItem[]> {
  return queryAll<MessageItem>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': dueSendPartition(hour) },
  });
}

export async function getMessage(clientId: string, messageId: string): Promise<MessageItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: activityKey(clientId, messageId), ConsistentRead: true }),
  );
  return out.Item?.type === 'message' ? (out.Item as MessageItem) : undefined;
}

/** Stores a touch under its id; undefined when the client's activity has one with that id already. */
export async function putTouch(touch: Omit<TouchItem, 'pk' | 'sk' | 'type'>): Promise<TouchItem | undefined> {
  const item: TouchItem = { ...activityKey(touch.clientId, touch.id), type: 'touch', ...touch };
  const put = new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
  return (await writeIf(put)) ? item : undefined;
}

/** Every message, touch and consent change of the client (the caller has found the client in its agent's partition). */
export function listActivity(clientId: string): Promise<Array<MessageItem | TouchItem | ConsentItem>> {
  return queryAll<MessageItem | TouchItem | ConsentItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': activityPartition(clientId), ':prefix': ACTIVITY_PREFIX },
  });
}

export type SesMessageRef = { agentId: string; clientId: string; messageId: string };

/** SES's message id → our message, for its bounce and complaint events (kept 30 days). */
export async function rememberSesMessage(sesMessageId: string, ref: SesMessageRef, now = new Date()): Promise<void> {
  const ttl = Math.floor(now.getTime() / 1000) + 30 * 86_400;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...sesMessageKey(sesMessageId),
        ...ownerIndexKeys(ref.agentId, sesMessageKey(sesMessageId), ref.clientId),
        type: 'ses-message',
        ...ref,
        ttl,
      },
    }),
  );
}

export async function findSesMessage(sesMessageId: string): Promise<SesMessageRef | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: sesMessageKey(sesMessageId) }));
  return out.Item
    ? { agentId: String(out.Item.agentId), clientId: String(out.Item.clientId), messageId: String(out.Item.messageId) }
    : undefined;
}
