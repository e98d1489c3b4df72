// POST /api/video-testimonials: a registered client's browser asks to upload a video. The answer is
// a presigned POST straight to S3: video/* only, 200 MB at most, a key the server made under
// pending/ and the agent's prefix, valid 10 minutes. POST .../{id}/complete confirms it once the
// file is there. The token may name a registration submission waiting for its client's
// confirmation (see data/client-registrations.ts): its videos wait with it.
import type { TestimonialUpload } from '@shared/api-types';
import { MAX_VIDEO_BYTES, VIDEO_UPLOADS_PER_CLIENT_PER_DAY, videoUploadSchema } from '@shared/client-registration';
import { getOpenSubmission } from '../../data/client-registrations';
import { getClient } from '../../data/clients';
import { createPendingUpload, type PendingUploadItem } from '../../data/testimonials';
import { hitLimit } from '../../data/throttle';
import { randomId } from '../../domain/signed-tokens';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { verifyClientUploadToken } from '../../services/client-upload-token';
import { UPLOAD_TOKEN_ANSWERS } from '../../http/client-errors';
import { notFound, refusalAnswers, tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import {
  pendingObjectKey,
  presignVideoPost,
  submissionObjectKey,
  testimonialObjectKey,
} from '../../integrations/video-uploads';

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export const handler = definePublicHandler(
  'video-testimonials/post-video-testimonials',
  {
    body: videoUploadSchema,
    refusals: refusalAnswers<RefusalOf<typeof verifyClientUploadToken>>(UPLOAD_TOKEN_ANSWERS),
  },
  async ({ body }) => {
    const token = await verifyClientUploadToken(body.clientToken, body.clientId);
    if (isRefusal(token)) return token;
    const { clientId, agentId } = token;
    const owner = await ownerOf(agentId, clientId);
    if (!owner) throw notFound('We could not find your registration. Please register again.');
    const limit = await hitLimit({
      scope: 'video-upload-client',
      id: clientId,
      max: VIDEO_UPLOADS_PER_CLIENT_PER_DAY,
      windowSeconds: 24 * 3600,
    });
    if (limit.limited)
      throw tooManyRequests(
        `You can upload up to ${VIDEO_UPLOADS_PER_CLIENT_PER_DAY} videos a day.`,
        limit.retryAfterSeconds,
      );

    const id = randomId();
    const finalKey = (owner === 'client' ? testimonialObjectKey : submissionObjectKey)(
      agentId,
      clientId,
      id,
      body.contentType,
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
      contentType: body.contentType,
      size: body.size,
      expiresAt,
    });
    const post = await presignVideoPost({
      key,
      contentType: body.contentType,
      maxBytes: MAX_VIDEO_BYTES,
      expiresSeconds: UPLOAD_URL_TTL_SECONDS,
    });
    const answer: TestimonialUpload = { uploadId: id, url: post.url, fields: post.fields, expiresAt };
    return { status: 201, body: answer };
  },
);

async function ownerOf(agentId: string, id: string): Promise<PendingUploadItem['owner'] | undefined> {
  if (await getClient(agentId, id)) return 'client';
  return (await getOpenSubmission(agentId, id)) ? 'submission' : undefined;
}
