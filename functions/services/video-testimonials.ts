// A registered client's browser sharing a video, with the clientToken its registration handed it: first a presigned
// POST straight to S3 (video/* only, MAX_VIDEO_BYTES at most, a key the server made under pending/ and the agent's
// prefix, valid 10 minutes), then, once the file is there, its completion: what S3 really holds is checked (present, a
// video, within the size), moved out of pending/ to its final key, and recorded for the client (the testimonial, the
// client marked) or, for a registration submission waiting for its client's confirmation, kept with the submission
// until the client confirms. Completing again is harmless.
import type { RecordedTestimonial, TestimonialUpload } from '@shared/api-types';
import { MAX_VIDEO_BYTES, VIDEO_UPLOADS_PER_CLIENT_PER_DAY } from '@shared/client-registration';
import { isId } from '@shared/schemas';
import { addSubmissionUpload, getOpenSubmission, getSubmission } from '../data/client-registrations';
import { getClient } from '../data/clients';
import { createPendingUpload, getPendingUpload, type PendingUploadItem } from '../data/testimonials';
import { hitLimit } from '../data/throttle';
import {
  isRefusal,
  type NotFound,
  type RateLimited,
  type RefusalOf,
  type UploadMissing,
  type VideoRejected,
} from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import {
  deleteUpload,
  headUpload,
  moveToClientVideos,
  moveUpload,
  pendingObjectKey,
  presignVideoPost,
  submissionObjectKey,
  testimonialObjectKey,
} from '../integrations/video-uploads';
import type { Logger } from '../observability/logger';
import { verifyClientUploadToken } from './client-upload-token';
import { attachTestimonial } from './testimonials';

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

/** What the browser sends with each step: the client it registered and the token that lets it upload for them. */
export type ClientCredentials = { clientId: string; clientToken: string };
type TokenRefusal = RefusalOf<typeof verifyClientUploadToken>;
/** Where the video was to go, gone meanwhile; or the object itself gone. */
type RecordRefusal = NotFound<'registration'> | UploadMissing;

/** A presigned POST for one video of `contentType` and about `size` bytes, and the upload's id for its completion. */
export async function startVideoUpload(
  request: ClientCredentials & { contentType: string; size: number },
): Promise<TestimonialUpload | TokenRefusal | NotFound<'registration'> | RateLimited<'video-uploads'>> {
  const token = await verifyClientUploadToken(request.clientToken, request.clientId);
  if (isRefusal(token)) return token;
  const { clientId, agentId } = token;
  const owner = await ownerOf(agentId, clientId);
  if (!owner) return { kind: 'not-found', what: 'registration' };
  const max = VIDEO_UPLOADS_PER_CLIENT_PER_DAY;
  const limit = await hitLimit({ scope: 'video-upload-client', id: clientId, max, windowSeconds: 24 * 3600 });
  if (limit.limited)
    return { kind: 'rate-limited', what: 'video-uploads', max, retryAfterSeconds: limit.retryAfterSeconds };

  const id = randomId();
  const finalKey = (owner === 'client' ? testimonialObjectKey : submissionObjectKey)(
    agentId,
    clientId,
    id,
    request.contentType,
  );
  const key = pendingObjectKey(finalKey);
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  await createPendingUpload({
    id,
    agentId,
    clientId,
    owner,
    key,
    finalKey,
    contentType: request.contentType,
    size: request.size,
    expiresAt,
  });
  const post = await presignVideoPost({
    key,
    contentType: request.contentType,
    maxBytes: MAX_VIDEO_BYTES,
    expiresSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return { uploadId: id, url: post.url, fields: post.fields, expiresAt };
}

async function ownerOf(agentId: string, id: string): Promise<PendingUploadItem['owner'] | undefined> {
  if (await getClient(agentId, id)) return 'client';
  return (await getOpenSubmission(agentId, id)) ? 'submission' : undefined;
}

/** The upload `uploadId` finished: the video recorded, or why not (an object refused is deleted). */
export async function completeVideoUpload(
  request: ClientCredentials & { uploadId: string },
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<RecordedTestimonial | TokenRefusal | NotFound<'upload' | 'registration'> | UploadMissing | VideoRejected> {
  const token = await verifyClientUploadToken(request.clientToken, request.clientId);
  if (isRefusal(token)) return token;
  const { clientId, agentId } = token;
  const { uploadId } = request;
  const upload = isId(uploadId) ? await getPendingUpload(uploadId) : undefined;
  if (!upload || upload.clientId !== clientId || upload.agentId !== agentId)
    return { kind: 'not-found', what: 'upload' };

  // Not in pending/ any more when an earlier confirmation moved it (and then failed or was repeated).
  const found = (await headUpload(upload.key)) ?? (await headUpload(upload.finalKey));
  if (!found) return { kind: 'upload-missing' };
  if (found.size < 1 || found.size > MAX_VIDEO_BYTES || !found.contentType.startsWith('video/')) {
    await deleteUpload(upload.key);
    log.warn('uploaded object refused', { uploadId, size: found.size, contentType: found.contentType });
    return { kind: 'video-rejected', reason: found.size > MAX_VIDEO_BYTES ? 'too-large' : 'not-a-video' };
  }
  const stored = await moveUpload(upload.key, upload.finalKey);
  if (!stored) return { kind: 'upload-missing' };

  const recorded =
    upload.owner === 'submission'
      ? await recordForSubmission(upload, stored)
      : await recordForClient(upload, upload.finalKey, stored);
  if (isRefusal(recorded)) return recorded;
  log.info('testimonial recorded', {
    agentId,
    clientId,
    testimonialId: recorded.id,
    size: recorded.size,
    owner: upload.owner,
  });
  return recorded;
}

async function recordForClient(
  upload: PendingUploadItem,
  key: string,
  stored: { size: number; contentType: string },
  clientId = upload.clientId,
): Promise<RecordedTestimonial | RecordRefusal> {
  const testimonial = await attachTestimonial({ id: upload.id, agentId: upload.agentId, clientId, key }, stored);
  if (!testimonial) {
    await deleteUpload(key);
    return { kind: 'not-found', what: 'registration' };
  }
  return {
    id: testimonial.id,
    contentType: testimonial.contentType,
    size: testimonial.size,
    uploadedAt: testimonial.uploadedAt,
  };
}

/** The video waits with the submission; if the client confirmed it meanwhile, it goes straight to the client. */
async function recordForSubmission(
  upload: PendingUploadItem,
  stored: { size: number; contentType: string },
): Promise<RecordedTestimonial | RecordRefusal> {
  const video = {
    id: upload.id,
    key: upload.finalKey,
    contentType: stored.contentType,
    size: stored.size,
    uploadedAt: new Date().toISOString(),
  };
  const recorded = await addSubmissionUpload(upload.clientId, video);
  if (recorded)
    return { id: recorded.id, contentType: recorded.contentType, size: recorded.size, uploadedAt: recorded.uploadedAt };
  const submission = await getSubmission(upload.agentId, upload.clientId);
  if (!submission?.usedAt) {
    await deleteUpload(upload.finalKey);
    return { kind: 'not-found', what: 'registration' };
  }
  const moved = await moveToClientVideos(submission.agentId, submission.clientId, video);
  if (!moved) return { kind: 'upload-missing' };
  return recordForClient(upload, moved.key, moved, submission.clientId);
}
