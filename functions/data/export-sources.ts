// What the exports read, a page at a time, so memory holds one page however much there is: for
// the admin export each gsi1 partition (AGENTS, CLIENTS, INVITATIONS, MILESTONES, TESTIMONIALS);
// for an agent's own export, that agent's clients (their partition). Reading everything is the
// admin export's job; no request-time list does it.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AdminAgent, AdminClient, Client } from '@shared/api-types';
import type { InvitationRow, MilestoneRow, TestimonialRow } from '../domain/export-columns';
import { AGENT_FIELDS, toAdminAgent } from './agents';
import { toClient, type ClientItem } from './clients';
import { db, table } from './db';
import {
  CLIENT_PREFIX,
  CLIENTS_PARTITION,
  INVITATIONS_PARTITION,
  MILESTONES_PARTITION,
  TESTIMONIALS_PARTITION,
} from './keys/clients';
import { agentPartition, GSI1 } from './keys/table';
import { AGENTS_PARTITION } from './keys/users';

type PagedQuery = Pick<
  QueryCommandInput,
  'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues' | 'Limit'
> & { keyNames: Record<string, string> };

/** The pages of one Query, in key order, only the named attributes (never a secret). */
async function* queryPages<T>(query: PagedQuery, fields: readonly string[]): AsyncGenerator<T[]> {
  const { keyNames, ...input } = query;
  let startKey: Record<string, unknown> | undefined;
  const names = Object.fromEntries(fields.map((f, i) => [`#p${i}`, f]));
  do {
    const out = await db().send(
      new QueryCommand({
        ...input,
        TableName: table(),
        ExpressionAttributeNames: { ...names, ...keyNames },
        ProjectionExpression: Object.keys(names).join(', '),
        ExclusiveStartKey: startKey,
      }),
    );
    startKey = out.LastEvaluatedKey;
    if (out.Items?.length) yield out.Items as T[];
  } while (startKey);
}

/** The pages of one gsi1 partition, oldest first, only the named attributes (never a secret). */
export function gsi1Pages<T>(partition: string, fields: readonly string[], pageSize = 500): AsyncGenerator<T[]> {
  return queryPages<T>(
    {
      IndexName: GSI1,
      KeyConditionExpression: '#pk = :pk',
      keyNames: { '#pk': 'gsi1pk' },
      ExpressionAttributeValues: { ':pk': partition },
      Limit: pageSize,
    },
    fields,
  );
}

/** What an export reads of a client item: every attribute toClient shows (a test holds them equal). */
export const CLIENT_FIELDS = [
  'id',
  'agentId',
  'name',
  'email',
  'phone',
  'address',
  'birthday',
  'anniversary',
  'purchaseDate',
  'postalCode',
  'purchasePrice',
  'lastContactDate',
  'timeZone',
  'emailOptedOut',
  'smsOptedOut',
  'automationsPaused',
  'reviewStatus',
  'reviewRequestedAt',
  'reviewSubmittedAt',
  'hasTestimonial',
  'smsConsent',
  'tags',
  'keyDates',
  'cadenceDays',
  'origin',
  'registeredThroughDirectoryAt',
  'registrationPendingAt',
  'reviewLinkOpenedAt',
  'createdAt',
  'updatedAt',
];
const INVITATION_FIELDS = ['agentId', 'name', 'email', 'createdAt', 'expiresAt', 'usedAt', 'clientId'];
const MILESTONE_FIELDS = ['clientId', 'milestoneType', 'name', 'description', 'icon', 'achievedAt'];
const TESTIMONIAL_FIELDS = ['id', 'agentId', 'clientId', 'contentType', 'size', 'uploadedAt'];

export async function* agentPages(): AsyncGenerator<AdminAgent[]> {
  for await (const page of gsi1Pages<Record<string, unknown>>(AGENTS_PARTITION, AGENT_FIELDS))
    yield page.map(toAdminAgent);
}

/** Clients with their agent's username, from a map the caller built from the agents pages. */
export async function* clientPages(usernames: ReadonlyMap<string, string>): AsyncGenerator<AdminClient[]> {
  for await (const page of gsi1Pages<ClientItem>(CLIENTS_PARTITION, CLIENT_FIELDS)) {
    yield page.map((c) => ({ ...toClient(c), agentUsername: usernames.get(c.agentId) ?? null }));
  }
}

/**
 * One agent's clients, by id: Query AGENT#<agentId>, sk begins_with CLIENT#, a page (1 MB unless `pageSize`) at a time;
 * never a scan.
 */
export async function* agentClientPages(agentId: string, pageSize?: number): AsyncGenerator<Client[]> {
  const query: PagedQuery = {
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    keyNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_PREFIX },
    Limit: pageSize,
  };
  for await (const page of queryPages<ClientItem>(query, CLIENT_FIELDS)) yield page.map(toClient);
}

export function invitationPages(): AsyncGenerator<InvitationRow[]> {
  return gsi1Pages<InvitationRow>(INVITATIONS_PARTITION, INVITATION_FIELDS);
}

export function milestonePages(): AsyncGenerator<MilestoneRow[]> {
  return gsi1Pages<MilestoneRow>(MILESTONES_PARTITION, MILESTONE_FIELDS);
}

export function testimonialPages(): AsyncGenerator<TestimonialRow[]> {
  return gsi1Pages<TestimonialRow>(TESTIMONIALS_PARTITION, TESTIMONIAL_FIELDS);
}
