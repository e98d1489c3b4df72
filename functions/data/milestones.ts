// Client milestones, each type written once per client (a conditional put) under the client's partition. Which are
// due, and remembering them on the client, is the use case's (functions/services/milestones.ts).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientMilestone } from '@shared/api-types';
import type { Milestone } from '../domain/milestones';
import { queryAll, table, writeIf } from './db';
import { MILESTONE_PREFIX, milestoneIndexKeys, milestoneKey, milestonePartition } from './keys/clients';

/**
 * Writes the milestone for the client, once (a conditional put): the milestone as shown, or undefined when the client
 * already had it. A dated milestone is put at noon UTC of its day, so every time zone shows that day.
 */
export async function putMilestone(
  clientId: string,
  milestone: Milestone,
  now: Date,
): Promise<ClientMilestone | undefined> {
  const { achievedOn, ...shown } = milestone;
  const item: ClientMilestone = {
    ...shown,
    achievedAt: achievedOn ? `${achievedOn}T12:00:00.000Z` : now.toISOString(),
  };
  const put = new PutCommand({
    TableName: table(),
    Item: {
      ...milestoneKey(clientId, milestone.type),
      ...milestoneIndexKeys(item.achievedAt, clientId, milestone.type),
      type: 'milestone',
      milestoneType: milestone.type,
      clientId,
      name: item.name,
      description: item.description,
      icon: item.icon,
      achievedAt: item.achievedAt,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return (await writeIf(put)) ? item : undefined;
}

export async function listMilestones(clientId: string): Promise<ClientMilestone[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': milestonePartition(clientId), ':prefix': MILESTONE_PREFIX },
  });
  return items
    .map((i) => ({
      type: String(i.milestoneType),
      name: String(i.name),
      description: String(i.description),
      icon: i.icon as ClientMilestone['icon'],
      achievedAt: String(i.achievedAt),
    }))
    .sort(
      (a, b) => a.achievedAt.localeCompare(b.achievedAt) || a.type.localeCompare(b.type, undefined, { numeric: true }),
    );
}
