// The raw client replies in the uploads bucket. SES's receipt rule stores each mail it receives under
// inbound-email/received/ (its S3 action names each object by SES's message id), where the bucket's lifecycle deletes
// it after 30 days; jobs/inbound-email keeps a reply it takes in under inbound-email/ (the agent opens it from the
// thread while the client exists) and deletes the received copy. Mail for no reply address is never read: it stays
// where SES put it until it expires.
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { s3 } from './storage';

/**
 * The replies kept (the uploads bucket), each named by its SES message id: the bucket's lifecycle and the job's grant
 * (infra/constructs/jobs.ts, data.ts) read it from here.
 */
export const INBOUND_EMAIL_PREFIX = 'inbound-email/';
/** Where SES's receipt rule stores each mail it receives; what is not taken in expires after this many days. */
export const INBOUND_EMAIL_RECEIVED_PREFIX = `${INBOUND_EMAIL_PREFIX}received/`;
export const INBOUND_EMAIL_RECEIVED_DAYS = 30;
/** SES's message ids, and the local runtime's: letters, digits and a few marks. */
const MESSAGE_ID = /^[A-Za-z0-9._-]{1,200}$/;
/** SES stores mail up to 40 MB; more than this is not read (the reply is dropped with a log line). */
export const INBOUND_EMAIL_MAX_BYTES = 40 * 1024 * 1024;
export const ORIGINAL_LINK_SECONDS = 5 * 60;

const isMessageId = (messageId: string) => MESSAGE_ID.test(messageId) && !messageId.startsWith('.');

/** The object key of a kept reply, or null for an id SES would not make. */
export const inboundEmailKey = (messageId: string): string | null =>
  isMessageId(messageId) ? `${INBOUND_EMAIL_PREFIX}${messageId}` : null;

/** The object key SES stored a received mail at, or null for an id SES would not make. */
export const receivedEmailKey = (messageId: string): string | null =>
  isMessageId(messageId) ? `${INBOUND_EMAIL_RECEIVED_PREFIX}${messageId}` : null;

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

/** Keeps a received mail as a reply's original (the received copy stays until the job deletes it). */
export async function keepInboundEmail(receivedKey: string, keptKey: string): Promise<void> {
  const bucket = config().uploadsBucket;
  await s3().send(
    new CopyObjectCommand({ Bucket: bucket, Key: keptKey, CopySource: `${bucket}/${encodeURI(receivedKey)}` }),
  );
}

export async function deleteInboundEmail(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
}

/**
 * A short-lived link that downloads the original as `reply.eml`; undefined, nothing signed, for a key that is not a
 * kept reply's (`inbound-email/<SES message id>`), whatever a message says: the route's role may read nothing else.
 */
export async function inboundEmailLink(
  key: string,
  now: Date,
): Promise<{ url: string; expiresAt: string } | undefined> {
  if (!isInboundEmailKey(key)) return undefined;
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
