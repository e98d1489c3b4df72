// POST /api/video-testimonials/{id}/complete: the browser says its upload finished. The server
// looks at what S3 really holds (HeadObject: present, a video, within 200 MB), moves it out of
// pending/ to its final key, then records the testimonial and marks the client, or, for a
// registration submission, records it there until the client confirms. Repeating it is harmless.
import type { Testimonial } from '@shared/api-types';
import { MAX_VIDEO_BYTES, REGISTRATION_MESSAGES, videoUploadCompleteSchema } from '@shared/client-registration';
import { isId } from '@shared/schemas';
import { addSubmissionUpload, getSubmission } from '../../data/client-registrations';
import { attachTestimonial, getPendingUpload, type PendingUploadItem } from '../../data/testimonials';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { verifyClientUploadToken } from '../../services/client-upload-token';
import { UPLOAD_TOKEN_ANSWERS } from '../../http/client-errors';
import { badRequest, HttpError, notFound, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { deleteUpload, headUpload, moveToClientVideos, moveUpload } from '../../integrations/video-uploads';

type Recorded = Omit<Testimonial, 'url' | 'urlExpiresAt'>;

const registrationGone = () => notFound('We could not find your registration. Please register again.');
const uploadMissing = () =>
  new HttpError(409, 'Your video has not arrived yet. Please upload it again.', { code: 'UPLOAD_MISSING' });

export const handler = definePublicHandler(
  'video-testimonials/post-video-testimonial-complete',
  {
    body: videoUploadCompleteSchema,
    refusals: refusalAnswers<RefusalOf<typeof verifyClientUploadToken>>(UPLOAD_TOKEN_ANSWERS),
  },
  async ({ body, params, log }) => {
    const token = await verifyClientUploadToken(body.clientToken, body.clientId);
    if (isRefusal(token)) return token;
    const { clientId, agentId } = token;
    const uploadId = params.id ?? '';
    const upload = isId(uploadId) ? await getPendingUpload(uploadId) : undefined;
    if (!upload || upload.clientId !== clientId || upload.agentId !== agentId) throw notFound('Upload not found');

    // Not in pending/ any more when an earlier confirmation moved it (and then failed or was repeated).
    const found = (await headUpload(upload.key)) ?? (await headUpload(upload.finalKey));
    if (!found) throw uploadMissing();
    if (found.size < 1 || found.size > MAX_VIDEO_BYTES || !found.contentType.startsWith('video/')) {
      await deleteUpload(upload.key);
      log.warn('uploaded object refused', { uploadId, size: found.size, contentType: found.contentType });
      throw badRequest(
        found.size > MAX_VIDEO_BYTES ? REGISTRATION_MESSAGES.videoTooLarge : REGISTRATION_MESSAGES.videoOnly,
        undefined,
        'UPLOAD_REJECTED',
      );
    }
    const stored = await moveUpload(upload.key, upload.finalKey);
    if (!stored) throw uploadMissing();

    const answer =
      upload.owner === 'submission'
        ? await recordForSubmission(upload, stored)
        : await recordForClient(upload, upload.finalKey, stored);
    log.info('testimonial recorded', {
      agentId,
      clientId,
      testimonialId: answer.id,
      size: answer.size,
      owner: upload.owner,
    });
    return { status: 201, body: answer };
  },
);

async function recordForClient(
  upload: PendingUploadItem,
  key: string,
  stored: { size: number; contentType: string },
  clientId = upload.clientId,
): Promise<Recorded> {
  const testimonial = await attachTestimonial({ id: upload.id, agentId: upload.agentId, clientId, key }, stored);
  if (!testimonial) {
    await deleteUpload(key);
    throw registrationGone();
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
): Promise<Recorded> {
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
    throw registrationGone();
  }
  const moved = await moveToClientVideos(submission.agentId, submission.clientId, video);
  if (!moved) throw uploadMissing();
  return recordForClient(upload, moved.key, moved, submission.clientId);
}
