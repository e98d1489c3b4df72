// An agent's saved segments (a name and a client filter), AGENT#<agentId> / SEGMENT#<id>, at most
// SEGMENTS_PER_AGENT_MAX: a counter item is taken before a segment is written (a conditional ADD, so two requests at
// once cannot pass the cap) and given back when one is deleted.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SEGMENTS_PER_AGENT_MAX, type ClientFilter } from '@shared/api-types';
import { randomId } from '../domain/signed-tokens';
import { db, queryAll, sendIf, table, updateIf, writeIf } from './db';
import { SEGMENT_PREFIX, segmentCountKey, segmentKey } from './keys/clients';
import { agentPartition } from './keys/table';

export type SegmentItem = {
  pk: string;
  sk: string;
  type: 'segment';
  id: string;
  agentId: string;
  name: string;
  filter: ClientFilter;
  createdAt: string;
};

/** Takes one of the agent's segment slots; false when they have SEGMENTS_PER_AGENT_MAX already. */
async function takeSegmentSlot(agentId: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: segmentCountKey(agentId),
      UpdateExpression: 'ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':max': SEGMENTS_PER_AGENT_MAX },
    }),
  );
}

async function giveBackSegmentSlot(agentId: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: segmentCountKey(agentId),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Saves a segment; undefined when the agent has as many as they may. */
export async function createSegment(
  agentId: string,
  name: string,
  filter: ClientFilter,
  now = new Date(),
): Promise<SegmentItem | undefined> {
  if (!(await takeSegmentSlot(agentId))) return undefined;
  const id = randomId(12);
  const item: SegmentItem = {
    ...segmentKey(agentId, id),
    type: 'segment',
    id,
    agentId,
    name,
    filter,
    createdAt: now.toISOString(),
  };
  try {
    await db().send(new PutCommand({ TableName: table(), Item: item }));
  } catch (error) {
    await giveBackSegmentSlot(agentId);
    throw error;
  }
  return item;
}

/** The agent's segments, oldest first. */
export async function listSegments(agentId: string): Promise<SegmentItem[]> {
  const items = await queryAll<SegmentItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': SEGMENT_PREFIX },
  });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Renames one of the agent's segments: the segment as it is now, or undefined when they have none by that id. */
export async function setSegmentName(
  agentId: string,
  segmentId: string,
  name: string,
): Promise<SegmentItem | undefined> {
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: segmentKey(agentId, segmentId),
      UpdateExpression: 'SET #name = :name',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes ? (attributes as SegmentItem) : undefined;
}

/** Deletes one of the agent's segments; false when they have none by that id. */
export async function deleteSegment(agentId: string, segmentId: string): Promise<boolean> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: segmentKey(agentId, segmentId),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!out?.Attributes) return false;
  await giveBackSegmentSlot(agentId);
  return true;
}
