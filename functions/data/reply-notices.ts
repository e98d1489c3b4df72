// The agent hears of a client's replies by e-mail at most once per client per window: one item per client
// (CLIENT#<clientId> / REPLYNOTICE, deleted with the client) holds when the last notice went and the replies that
// came since. Taking the window is one conditional write that also takes the waiting replies (so each reply is
// announced once); a reply inside the window is appended to them, for the next notice. Held replies are listed on gsi1
// by the hour their window ends in, so the hourly run sends them when no later reply does (releaseHeldNotice).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageChannel } from '@shared/messages';
import { queryAll, sendIf, table } from './db';
import { heldNoticePartition, replyNoticeKey } from './keys/messages';
import { GSI1 } from './keys/table';

/** The window between two notices about the same client. */
export const REPLY_NOTICE_WINDOW_MS = 15 * 60_000;
/** Replies kept for the next notice at most (the rest are in the conversation). */
const MAX_WAITING = 20;

export type NoticedReply = { messageId: string; channel: MessageChannel; excerpt: string; at: string };

/**
 * Claims the notice for this reply: `{ send: true, earlier }` when no notice went within the window (`earlier`: the
 * replies held since the last one, oldest first), or `{ send: false }` when one did (the reply waits for the next).
 */
export async function claimReplyNotice(
  agentId: string,
  clientId: string,
  reply: NoticedReply,
  now: Date,
): Promise<{ send: true; earlier: NoticedReply[] } | { send: false }> {
  const claimed = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: replyNoticeKey(clientId),
      UpdateExpression: 'SET #type = :type, agentId = :agent, lastNoticeAt = :now REMOVE waiting, gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_not_exists(lastNoticeAt) OR lastNoticeAt <= :cutoff',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'reply-notice',
        ':agent': agentId,
        ':now': now.toISOString(),
        ':cutoff': new Date(now.getTime() - REPLY_NOTICE_WINDOW_MS).toISOString(),
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (claimed) return { send: true, earlier: (claimed.Attributes?.waiting as NoticedReply[] | undefined) ?? [] };
  // Within the window: held for the next notice (dropped past MAX_WAITING; the conversation has them all), and listed
  // for the hourly run by the hour the window ends in at the latest (this reply's time plus the window).
  const due = new Date(now.getTime() + REPLY_NOTICE_WINDOW_MS).toISOString();
  await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: replyNoticeKey(clientId),
      UpdateExpression: 'SET waiting = list_append(if_not_exists(waiting, :none), :reply), gsi1pk = :pk, gsi1sk = :sk',
      ConditionExpression: 'attribute_not_exists(waiting) OR size(waiting) < :max',
      ExpressionAttributeValues: {
        ':none': [],
        ':reply': [reply],
        ':max': MAX_WAITING,
        ':pk': heldNoticePartition(due.slice(0, 13)),
        ':sk': `${due}#${clientId}`,
      },
    }),
  );
  return { send: false };
}

/** The clients whose notices hold replies with a window ending in this UTC hour (YYYY-MM-DDTHH). */
export async function heldNoticesInHour(hour: string): Promise<string[]> {
  const items = await queryAll<{ pk: string }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': heldNoticePartition(hour) },
  });
  return items.map((item) => item.pk.slice('CLIENT#'.length));
}

/**
 * Takes the replies a notice holds once its window has passed (one conditional write, so they are announced once):
 * the agent and the replies, oldest first, or null when there are none or the window is still open.
 */
export async function releaseHeldNotice(
  clientId: string,
  now: Date,
): Promise<{ agentId: string; waiting: NoticedReply[] } | null> {
  const released = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: replyNoticeKey(clientId),
      UpdateExpression: 'SET lastNoticeAt = :now REMOVE waiting, gsi1pk, gsi1sk',
      ConditionExpression: 'size(waiting) > :zero AND lastNoticeAt <= :cutoff',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':zero': 0,
        ':cutoff': new Date(now.getTime() - REPLY_NOTICE_WINDOW_MS).toISOString(),
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const old = released?.Attributes as { agentId?: string; waiting?: NoticedReply[] } | undefined;
  return old?.agentId && old.waiting?.length ? { agentId: old.agentId, waiting: old.waiting } : null;
}
