// Client milestones: each type awarded once (a conditional put), remembered on the client so later
// writes only try the new ones.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientMilestone } from '@shared/api-types';
import { dueMilestones } from '../domain/milestones';
import { changeClient } from './client-record';
import type { ClientItem } from './clients';
import { queryAll, table, writeIf } from './db';
import { MILESTONE_PREFIX, milestoneIndexKeys, milestoneKey, milestonePartition } from './keys';

/** Awards the milestones that became true; returns the ones awarded now. */
export async function awardDueMilestones(
  client: ClientItem,
  today: string,
  now = new Date(),
): Promise<ClientMilestone[]> {
  const already = new Set(client.awardedMilestones ?? []);
  const due = dueMilestones(client, today).filter((m) => !already.has(m.type));
  const awarded: ClientMilestone[] = [];
  for (const milestone of due) {
    const { achievedOn, ...shown } = milestone;
    // A dated milestone at noon UTC of its day, so every time zone shows that day.
    const item: ClientMilestone = {
      ...shown,
      achievedAt: achievedOn ? `${achievedOn}T12:00:00.000Z` : now.toISOString(),
    };
    const put = new PutCommand({
      TableName: table(),
      Item: {
        ...milestoneKey(client.id, milestone.type),
        ...milestoneIndexKeys(item.achievedAt, client.id, milestone.type),
        type: 'milestone',
        milestoneType: milestone.type,
        clientId: client.id,
        name: item.name,
        description: item.description,
        icon: item.icon,
        achievedAt: item.achievedAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    if (await writeIf(put)) awarded.push(item);
  }
  if (due.length > 0) {
    // Remembered on the client only once every award landed (a deleted client stays deleted).
    await changeClient(
      client.agentId,
      client.id,
      { kind: 'milestones-awarded', types: due.map((m) => m.type) },
      { now },
    );
  }
  return awarded;
}

/**
 * Awards due milestones after a write that has already succeeded (a client created or registered):
 * a failure here must not turn that success into an error the retry cannot repeat. Nothing is lost:
 * `awardedMilestones` is only recorded once every award landed, so the client's next change (or the
 * daily job, for homeowner years) awards what is missing.
 */
export async function awardDueMilestonesAfterWrite(
  client: ClientItem,
  today: string,
  log: { warn(message: string, fields?: Record<string, unknown>): void },
): Promise<void> {
  try {
    await awardDueMilestones(client, today);
  } catch (error) {
    log.warn('milestones deferred to the next change', { clientId: client.id, error });
  }
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
