// Video files in the uploads bucket: the browser sends them straight to S3 with a presigned POST
// whose policy bounds the type and size and fixes the key; the server then checks what arrived
// and hands the agent a short-lived presigned GET to watch it.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { deleteObjectsUnder, s3 } from './storage';

export type PresignedPost = { url: string; fields: Record<string, string> };

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

/** The "folder" holding every video of one client, confirmed or not. */
export function clientVideosPrefix(agentId: string, clientId: string): string {
  return `testimonials/${agentId}/${clientId}/`;
}

/** The key of a testimonial video, always made here: under the agent's and the client's prefix. */
export function testimonialObjectKey(agentId: string, clientId: string, uploadId: string, contentType: string): string {
  return `${clientVideosPrefix(agentId, clientId)}${uploadId}.${EXTENSIONS[contentType] ?? 'video'}`;
}

/** Deletes all of a client's videos, including uploads that were never confirmed; returns how many. */
export function deleteClientVideos(agentId: string, clientId: string): Promise<number> {
  return deleteObjectsUnder(config().uploadsBucket, clientVideosPrefix(agentId, clientId));
}

export async function presignVideoPost(input: { key: string; contentType: string; maxBytes: number; expiresSeconds: number }): Promise<PresignedPost> {
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: config().uploadsBucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', 1, input.maxBytes],
      ['starts-with', '$Content-Type', 'video/'],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: input.expiresSeconds,
  });
  return { url, fields };
}

/** What S3 holds under the key, or undefined when nothing arrived. */
export async function headUpload(key: string): Promise<{ size: number; contentType: string } | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return { size: Number(out.ContentLength ?? 0), contentType: (out.ContentType ?? '').toLowerCase() };
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return undefined;
    throw error;
  }
}

export async function deleteUpload(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
}

export async function presignVideoGet(key: string, expiresSeconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, ResponseContentDisposition: 'inline' }), { expiresIn: expiresSeconds });
}
