// Video files in the uploads bucket: the browser sends them straight to S3 with a presigned POST
// whose policy bounds the type and size and fixes the key under pending/; the server then checks
// what arrived, moves it to its final key and hands the agent a short-lived presigned GET to watch
// it. What is never confirmed is removed by the bucket's lifecycle rules (infra/constructs/data.ts).
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import {
  deleteEveryVersionUnder,
  deleteObjectsUnder,
  headObject,
  presignPost,
  s3,
  type PresignedPost,
} from './storage';

export type { PresignedPost };

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'video/mpeg': 'mpeg',
  'video/3gpp': '3gp',
  'video/x-m4v': 'm4v',
};

/** Key prefixes of the uploads bucket, each with its own lifecycle rule in the stack. */
export const UPLOAD_PREFIXES = {
  /** Where presigned uploads land; gone after a day unless confirmed (and moved). */
  pending: 'pending/',
  /** Confirmed videos of a registration waiting for the client's confirmation (7 days): kept a day longer. */
  submissions: 'registrations/',
  testimonials: 'testimonials/',
} as const;

/** The "folder" holding every confirmed video of one client. */
export function clientVideosPrefix(agentId: string, clientId: string): string {
  return `${UPLOAD_PREFIXES.testimonials}${agentId}/${clientId}/`;
}

const fileName = (uploadId: string, contentType: string) => `${uploadId}.${EXTENSIONS[contentType] ?? 'video'}`;

/** The key of a testimonial video, always made here: under the agent's and the client's prefix. */
export function testimonialObjectKey(agentId: string, clientId: string, uploadId: string, contentType: string): string {
  return `${clientVideosPrefix(agentId, clientId)}${fileName(uploadId, contentType)}`;
}

/** Where a video uploaded with a registration submission waits for the client's confirmation. */
export function submissionObjectKey(
  agentId: string,
  submissionId: string,
  uploadId: string,
  contentType: string,
): string {
  return `${submissionVideosPrefix(agentId, submissionId)}${fileName(uploadId, contentType)}`;
}

/** The "folder" of the videos uploaded with one registration submission. */
export function submissionVideosPrefix(agentId: string, submissionId: string): string {
  return `${UPLOAD_PREFIXES.submissions}${agentId}/${submissionId}/`;
}

/** Where the browser uploads a video that will live at `finalKey` once confirmed. */
export function pendingObjectKey(finalKey: string): string {
  return `${UPLOAD_PREFIXES.pending}${finalKey}`;
}

/**
 * Deletes every video under a folder, with the uploads to it that were never confirmed; returns how many.
 * `everyVersion`: their older versions and delete markers too (the bucket is versioned), where nothing may be left.
 */
async function deleteVideosUnder(prefix: string, { everyVersion = false } = {}): Promise<number> {
  const { uploadsBucket } = config();
  const deleteUnder = everyVersion ? deleteEveryVersionUnder : deleteObjectsUnder;
  return (await deleteUnder(uploadsBucket, prefix)) + (await deleteUnder(uploadsBucket, pendingObjectKey(prefix)));
}

/** Deletes all of a client's videos, including uploads that were never confirmed; returns how many. */
export function deleteClientVideos(agentId: string, clientId: string): Promise<number> {
  return deleteVideosUnder(clientVideosPrefix(agentId, clientId));
}

/** Deletes the videos that waited with a registration submission. */
export function deleteSubmissionVideos(agentId: string, submissionId: string): Promise<number> {
  return deleteVideosUnder(submissionVideosPrefix(agentId, submissionId));
}

/**
 * Deletes every video of an agent, each in every version it had: each client's, and each registration submission's
 * (the account is closing: nothing of theirs is left for the bucket's 30 days of old versions).
 */
export async function deleteAgentVideos(agentId: string): Promise<number> {
  return (
    (await deleteVideosUnder(`${UPLOAD_PREFIXES.testimonials}${agentId}/`, { everyVersion: true })) +
    (await deleteVideosUnder(`${UPLOAD_PREFIXES.submissions}${agentId}/`, { everyVersion: true }))
  );
}

export function presignVideoPost(input: {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresSeconds: number;
}): Promise<PresignedPost> {
  return presignPost(config().uploadsBucket, { ...input, typePrefix: 'video/' });
}

/** What S3 holds under the key, or undefined when nothing arrived. */
export function headUpload(key: string): Promise<{ size: number; contentType: string } | undefined> {
  return headObject(config().uploadsBucket, key);
}

export async function deleteUpload(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
}

/**
 * Moves an object (CopyObject, then DeleteObject). Safe to repeat: when `from` is gone because an
 * earlier run moved it, what `to` holds is answered. Undefined when neither key holds anything.
 */
export async function moveUpload(from: string, to: string): Promise<{ size: number; contentType: string } | undefined> {
  const { uploadsBucket } = config();
  try {
    // Keys are made here from [A-Za-z0-9_./-] only, so the copy source needs no encoding.
    await s3().send(new CopyObjectCommand({ Bucket: uploadsBucket, CopySource: `${uploadsBucket}/${from}`, Key: to }));
  } catch (error) {
    if (!(error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'))) throw error;
  }
  const moved = await headUpload(to);
  if (moved) await deleteUpload(from);
  return moved;
}

export async function presignVideoGet(key: string, expiresSeconds: number): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, ResponseContentDisposition: 'inline' }),
    { expiresIn: expiresSeconds },
  );
}

/**
 * Moves a video that waited with a registration submission to the client's testimonials; undefined when S3 no longer
 * holds it.
 */
export async function moveToClientVideos(
  agentId: string,
  clientId: string,
  video: { id: string; key: string; contentType: string },
): Promise<{ key: string; size: number; contentType: string } | undefined> {
  const key = testimonialObjectKey(agentId, clientId, video.id, video.contentType);
  const moved = await moveUpload(video.key, key);
  return moved && { key, ...moved };
}
