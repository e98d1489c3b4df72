// Video testimonials. Handing out a presigned POST records a pending upload (the keys, type and
// size the server chose); confirming it, once the object is in S3, records the testimonial under
// the client's partition (so deleting the client deletes it); the client's flag is the client record's
// (functions/services/testimonials.ts). An upload for a registration submission is recorded on the submission instead,
// until the client confirms it.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, table, writeIf } from './db';
import {
  pendingUploadKey,
  TESTIMONIAL_PREFIX,
  testimonialIndexKeys,
  testimonialKey,
  testimonialPartition,
} from './keys/clients';
import { ownerIndexKeys } from './keys/table';

export type PendingUploadItem = {
  pk: string;
  sk: string;
  type: 'pending-upload';
  /** The owner index (keys/table.ts `ownerIndexKeys`): found when the account or the client is erased. */
  gsi2pk?: string;
  gsi2sk?: string;
  id: string;
  agentId: string;
  /** The id the upload token names: a client's, or a registration submission's when `owner` says so. */
  clientId: string;
  owner: 'client' | 'submission';
  /** Where the browser uploads (under pending/). */
  key: string;
  /** Where the video lives once confirmed. */
  finalKey: string;
  contentType: string;
  size: number;
  createdAt: string;
  expiresAt: string;
  ttl: number;
};

export type TestimonialItem = {
  pk: string;
  sk: string;
  type: 'testimonial';
  id: string;
  agentId: string;
  clientId: string;
  key: string;
  contentType: string;
  size: number;
  uploadedAt: string;
};

export async function createPendingUpload(
  input: Omit<PendingUploadItem, 'pk' | 'sk' | 'type' | 'ttl' | 'createdAt'>,
  now = new Date(),
): Promise<PendingUploadItem> {
  const item: PendingUploadItem = {
    ...pendingUploadKey(input.id),
    ...ownerIndexKeys(input.agentId, pendingUploadKey(input.id), input.owner === 'client' ? input.clientId : undefined),
    type: 'pending-upload',
    ...input,
    createdAt: now.toISOString(),
    ttl: Math.floor(Date.parse(input.expiresAt) / 1000) + 24 * 3600,
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

export async function getPendingUpload(id: string): Promise<PendingUploadItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: pendingUploadKey(id), ConsistentRead: true }));
  return out.Item as PendingUploadItem | undefined;
}

/** Records the testimonial once: a repeated confirmation returns the first record. */
export async function recordTestimonial(
  upload: Pick<TestimonialItem, 'id' | 'agentId' | 'clientId' | 'key'>,
  found: { size: number; contentType: string },
  now = new Date(),
): Promise<TestimonialItem> {
  const item: TestimonialItem = {
    ...testimonialKey(upload.clientId, upload.id),
    ...testimonialIndexKeys(now.toISOString(), upload.id),
    type: 'testimonial',
    id: upload.id,
    agentId: upload.agentId,
    clientId: upload.clientId,
    key: upload.key,
    contentType: found.contentType,
    size: found.size,
    uploadedAt: now.toISOString(),
  };
  if (
    await writeIf(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }))
  )
    return item;
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: testimonialKey(upload.clientId, upload.id), ConsistentRead: true }),
  );
  return out.Item as TestimonialItem;
}

/** A client's testimonials, newest first. */
export async function listTestimonials(clientId: string): Promise<TestimonialItem[]> {
  const items = await queryAll<TestimonialItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': testimonialPartition(clientId), ':prefix': TESTIMONIAL_PREFIX },
  });
  return items.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}
