// What the admin export reads: each gsi1 partition (AGENTS, CLIENTS, INVITATIONS, MILESTONES,
// TESTIMONIALS) walked a page at a time, so memory holds one page however large the platform is.
// Reading everything is this export's job; no request-time list does it.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminAgent, AdminClient } from '../../shared/api-types';
import type { InvitationRow, MilestoneRow, TestimonialRow } from '../domain/export-columns';
import { toAdminAgent } from './agents';
import { toClient, type ClientItem } from './clients';
import { db, table } from './db';
import { AGENTS_PARTITION, CLIENTS_PARTITION, GSI1, INVITATIONS_PARTITION, MILESTONES_PARTITION, TESTIMONIALS_PARTITION } from './keys';

/** The pages of one gsi1 partition, oldest first, only the named attributes (never a secret). */
export async function* gsi1Pages<T>(partition: string, fields: readonly string[], pageSize = 500): AsyncGenerator<T[]> {
  let startKey: Record<string, unknown> | undefined;
  const names = Object.fromEntries(fields.map((f, i) => [`#p${i}`, f]));
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: GSI1,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { ...names, '#pk': 'gsi1pk' },
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: Object.keys(names).join(', '),
        Limit: pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    startKey = out.LastEvaluatedKey;
    if (out.Items?.length) yield out.Items as T[];
  } while (startKey);
}

const AGENT_FIELDS = ['id', 'username', 'fullName', 'phone', 'signupDate', 'lastLoginDate', 'isPro', 'isAdmin', 'clientCount', 'businessName', 'businessLocation'];
const CLIENT_FIELDS = [
  'id', 'agentId', 'name', 'email', 'phone', 'address', 'birthday', 'anniversary', 'purchaseDate', 'lastContactDate',
  'reviewStatus', 'reviewRequestedAt', 'reviewSubmittedAt', 'hasTestimonial', 'createdAt', 'updatedAt',
];
const INVITATION_FIELDS = ['agentId', 'name', 'email', 'createdAt', 'expiresAt', 'usedAt', 'clientId'];
const MILESTONE_FIELDS = ['clientId', 'milestoneType', 'name', 'description', 'icon', 'achievedAt'];
const TESTIMONIAL_FIELDS = ['id', 'agentId', 'clientId', 'contentType', 'size', 'uploadedAt'];

export async function* agentPages(): AsyncGenerator<AdminAgent[]> {
  for await (const page of gsi1Pages<Record<string, unknown>>(AGENTS_PARTITION, AGENT_FIELDS)) yield page.map(toAdminAgent);
}

/** Clients with their agent's username, from a map the caller built from the agents pages. */
export async function* clientPages(usernames: ReadonlyMap<string, string>): AsyncGenerator<AdminClient[]> {
  for await (const page of gsi1Pages<ClientItem>(CLIENTS_PARTITION, CLIENT_FIELDS)) {
    yield page.map((c) => ({ ...toClient(c), agentUsername: usernames.get(c.agentId) ?? null }));
  }
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
