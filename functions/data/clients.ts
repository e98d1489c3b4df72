// Clients, always reached through their agent's partition (tenancy by construction: an id from a
// URL is never enough to reach another agent's client). The items only: a create, update or delete
// with its e-mail lock, plan slot and counters is a use case (functions/services/clients.ts).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, ReviewStatus } from '@shared/api-types';
import { CLEARABLE_CLIENT_FIELDS as OPTIONAL_FIELDS, type ClientInput } from '@shared/client-schema';
import { batchDelete, batchGet, db, isConditionalCheckFailed, queryAll, sendIf, table, writeIf } from './db';
import { addListEntries, removeListEntries } from './client-lists';
import { adjustBook, countInsights, type MonthDeltas } from './insights';
import {
  agentPartition,
  CLIENT_PREFIX,
  clientIndexKeys,
  clientKey,
  contactIndexKeys,
  milestonePartition,
} from './keys';
import { addToStats } from './stats';

export type ClientItem = Client & {
  pk: string;
  sk: string;
  type: 'client';
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk: string;
  gsi2sk: string;
  awardedMilestones?: Iterable<string>;
};

export function toClient(item: ClientItem): Client {
  return {
    id: item.id,
    agentId: item.agentId,
    name: item.name,
    email: item.email,
    phone: item.phone,
    address: item.address ?? null,
    birthday: item.birthday ?? null,
    anniversary: item.anniversary ?? null,
    purchaseDate: item.purchaseDate ?? null,
    lastContactDate: item.lastContactDate ?? null,
    timeZone: item.timeZone ?? null,
    emailOptedOut: item.emailOptedOut === true,
    smsOptedOut: item.smsOptedOut === true,
    automationsPaused: item.automationsPaused === true,
    reviewStatus: item.reviewStatus ?? 'pending',
    reviewRequestedAt: item.reviewRequestedAt ?? null,
    reviewSubmittedAt: item.reviewSubmittedAt ?? null,
    hasTestimonial: item.hasTestimonial === true,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** Every client of one agent: one Query, paginated through to the end. */
export function listClients(agentId: string): Promise<ClientItem[]> {
  return queryAll<ClientItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_PREFIX },
  });
}

export async function getClient(agentId: string, clientId: string): Promise<ClientItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: clientKey(agentId, clientId), ConsistentRead: true }),
  );
  return out.Item as ClientItem | undefined;
}

/** These clients of the agent (those that exist), by id: one consistent BatchGet per 100. */
export async function getClientsByIds(agentId: string, clientIds: readonly string[]): Promise<Map<string, ClientItem>> {
  const items = clientIds.length
    ? await batchGet<ClientItem>(
        [...new Set(clientIds)].map((id) => clientKey(agentId, id)),
        { ConsistentRead: true },
      )
    : [];
  return new Map(items.map((client) => [client.id, client]));
}

export type ClientChanges = Partial<Record<keyof ClientInput, string | null>> & {
  lastContactDate?: string | null;
  automationsPaused?: boolean;
};

/**
 * Sets the review status. The update is conditional on the status it read, so concurrent changes
 * count each transition into or out of `submitted` exactly once in the review counters.
 */
export async function setReviewStatus(
  agentId: string,
  clientId: string,
  status: ReviewStatus,
  now = new Date(),
): Promise<{ before: ClientItem; after: ClientItem } | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await getClient(agentId, clientId);
    if (!current) return undefined;
    const stamp = now.toISOString();
    const entering = status === 'submitted' && current.reviewStatus !== 'submitted';
    const leaving = status !== 'submitted' && current.reviewStatus === 'submitted';
    const sets = ['reviewStatus = :s', 'updatedAt = :now'];
    if (status === 'requested') sets.push('reviewRequestedAt = :now');
    if (entering) sets.push('reviewSubmittedAt = :now');
    const values: Record<string, unknown> = { ':s': status, ':now': stamp };
    // The list entries for the new status first (a crash leaves one too many, which readers skip).
    await addListEntries({ ...current, reviewStatus: status }, current);
    let condition = 'attribute_exists(pk) AND attribute_not_exists(reviewStatus)';
    if (current.reviewStatus) {
      condition = 'reviewStatus = :was';
      values[':was'] = current.reviewStatus;
    }
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: clientKey(agentId, clientId),
          UpdateExpression: `SET ${sets.join(', ')}${leaving ? ' REMOVE reviewSubmittedAt' : ''}`,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      const after = out.Attributes as ClientItem;
      await removeListEntries(current, after);
      await adjustBook(agentId, current, after);
      const requestedDays =
        entering && current.reviewRequestedAt
          ? Math.max(0, Math.floor((now.getTime() - Date.parse(current.reviewRequestedAt)) / 86_400_000))
          : undefined;
      const deltas: MonthDeltas = {
        ...(entering ? { reviewsSubmitted: 1 } : {}),
        ...(requestedDays !== undefined && Number.isFinite(requestedDays) ? { [`revd${requestedDays}`]: 1 } : {}),
        ...(status === 'requested' && current.reviewStatus !== 'requested' ? { reviewsRequested: 1 } : {}),
      };
      if (Object.keys(deltas).length > 0) await countInsights(agentId, deltas, now);
      if (entering) await addToStats({ reviews: 1 }, now);
      if (leaving && current.reviewSubmittedAt) await addToStats({ reviews: -1 }, new Date(current.reviewSubmittedAt));
      return { before: current, after };
    } catch (error) {
      // Deleted meanwhile (the next read says so), or changed meanwhile: read again and retry.
      if (!isConditionalCheckFailed(error) || attempt >= 4) throw error;
    }
  }
}

/** The item of a new client (not written yet), its e-mail lower-cased and review pending. */
export function newClientItem(agentId: string, id: string, input: ClientInput, now: Date): ClientItem {
  const stamp = now.toISOString();
  return {
    ...clientKey(agentId, id),
    ...clientIndexKeys(stamp, id),
    ...contactIndexKeys(agentId, null, id),
    type: 'client',
    id,
    agentId,
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    address: input.address ?? null,
    birthday: input.birthday ?? null,
    anniversary: input.anniversary ?? null,
    purchaseDate: input.purchaseDate ?? null,
    timeZone: input.timeZone ?? null,
    lastContactDate: null,
    emailOptedOut: false,
    smsOptedOut: false,
    automationsPaused: false,
    reviewStatus: 'pending',
    reviewRequestedAt: null,
    reviewSubmittedAt: null,
    hasTestimonial: false,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** Writes a new client's item; false when a client already has its id. */
export function putNewClient(item: ClientItem): Promise<boolean> {
  return writeIf(
    new PutCommand({ TableName: table(), Item: withoutNulls(item), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/**
 * Applies the changes to the client's item (null or '' removes an optional field); undefined when there is no such
 * client.
 */
export async function updateClientItem(
  agentId: string,
  clientId: string,
  changes: ClientChanges,
  now: Date,
): Promise<ClientItem | undefined> {
  const sets: string[] = ['updatedAt = :updatedAt'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':updatedAt': now.toISOString() };
  const names: Record<string, string> = {};
  if (changes.lastContactDate !== undefined) {
    // The client's place in the by-last-contact index (gsi3) moves with it.
    Object.assign(names, { '#gsi3pk': 'gsi3pk', '#gsi3sk': 'gsi3sk' });
    sets.push('#gsi3pk = :gsi3pk', '#gsi3sk = :gsi3sk');
    const index = contactIndexKeys(agentId, changes.lastContactDate, clientId);
    Object.assign(values, { ':gsi3pk': index.gsi3pk, ':gsi3sk': index.gsi3sk });
  }
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null || value === '') {
      if ((OPTIONAL_FIELDS as readonly string[]).includes(field) || field === 'lastContactDate')
        removes.push(`#${field}`);
    } else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: clientKey(agentId, clientId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out?.Attributes as ClientItem | undefined;
}

/** Deletes the client's item and returns it; undefined when there was no such client. */
export async function deleteClientItem(agentId: string, clientId: string): Promise<ClientItem | undefined> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: clientKey(agentId, clientId),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out?.Attributes as ClientItem | undefined;
}

/**
 * Everything under CLIENT#<clientId>: its milestones and its testimonial records (the videos are S3's, see
 * delete-client).
 */
export async function deleteClientPartition(clientId: string): Promise<void> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': milestonePartition(clientId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
}

function withoutNulls<T extends Record<string, unknown>>(item: T): T {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null)) as T;
}
