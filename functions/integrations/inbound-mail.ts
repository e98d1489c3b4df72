// The raw client replies SES stores in the uploads bucket under inbound-email/ (its receipt rule's S3 action names
// each object by SES's message id): read by jobs/inbound-email, kept for the agent to open, deleted when dropped.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { s3 } from './storage';

/**
 * Where SES's receipt rule stores each received reply (the uploads bucket), named by its message id: the rule and the
 * bucket's lifecycle (infra/constructs/jobs.ts, data.ts) and the local runtime's SES read it from here.
 */
export const INBOUND_EMAIL_PREFIX = 'inbound-email/';
/** SES's message ids, and the local runtime's: letters, digits and a few marks. */
const MESSAGE_ID = /^[A-Za-z0-9._-]{1,200}$/;
/** SES stores mail up to 40 MB; more than this is not read (the reply is dropped with a log line). */
export const INBOUND_EMAIL_MAX_BYTES = 40 * 1024 * 1024;
export const ORIGINAL_LINK_SECONDS = 5 * 60;

/** The object key of a received mail, or null for an id SES would not make. */
export const inboundEmailKey = (messageId: string): string | null =>
  MESSAGE_ID.test(messageId) && !messageId.startsWith('.') ? `${INBOUND_EMAIL_PREFIX}${messageId}` : null;

export const isInboundEmailKey = (key: string): boolean =>
  key.startsWith(INBOUND_EMAIL_PREFIX) && inboundEmailKey(key.slice(INBOUND_EMAIL_PREFIX.length)) === key;

/** The raw mail, or undefined when there is no such object. */
export async function readInboundEmail(key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    if (Number(out.ContentLength ?? 0) > INBOUND_EMAIL_MAX_BYTES) return undefined;
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (error) {
    if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return undefined;
    throw error;
  }
}

/** Stores a raw mail as SES's S3 action does (the local runtime's stand-in for SES). */
export async function storeInboundEmail(key: string, raw: Buffer): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: raw, ContentType: 'message/rfc822' }),
  );
}

export async function deleteInboundEmail(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
}

/** A short-lived link that downloads the original as `reply.eml`. */
export async function inboundEmailLink(key: string, now: Date): Promise<{ url: string; expiresAt: string }> {
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config().uploadsBucket,
      Key: key,
      ResponseContentType: 'message/rfc822',
      ResponseContentDisposition: 'attachment; filename="reply.eml"',
    }),
    { expiresIn: ORIGINAL_LINK_SECONDS },
  );
  return { url, expiresAt: new Date(now.getTime() + ORIGINAL_LINK_SECONDS * 1000).toISOString() };
}
