// POST /api/video-testimonials/{id}/complete: the browser says its upload finished. The server
// looks at what S3 really holds (HeadObject: present, a video, within 200 MB), then records the
// testimonial and marks the client. Repeating it is harmless.
import type { Testimonial } from '../../../shared/api-types';
import { MAX_VIDEO_BYTES, REGISTRATION_MESSAGES, videoUploadCompleteSchema } from '../../../shared/client-registration';
import { getPendingUpload, markClientHasTestimonial, recordTestimonial } from '../../data/testimonials';
import { requireClientUploadToken } from '../../http/client-upload-token';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { deleteUpload, headUpload } from '../../integrations/video-uploads';

export const handler = definePublicHandler('video-testimonials/post-video-testimonial-complete', { body: videoUploadCompleteSchema }, async ({ body, params, log }) => {
  const { clientId, agentId } = await requireClientUploadToken(body.clientToken, body.clientId);
  const uploadId = params.id ?? '';
  const upload = /^[A-Za-z0-9_-]{1,64}$/.test(uploadId) ? await getPendingUpload(uploadId) : undefined;
  if (!upload || upload.clientId !== clientId || upload.agentId !== agentId) throw notFound('Upload not found');

  const found = await headUpload(upload.key);
  if (!found) throw new HttpError(409, 'Your video has not arrived yet. Please upload it again.', { code: 'UPLOAD_MISSING' });
  if (found.size < 1 || found.size > MAX_VIDEO_BYTES || !found.contentType.startsWith('video/')) {
    await deleteUpload(upload.key);
    log.warn('uploaded object refused', { uploadId, size: found.size, contentType: found.contentType });
    throw badRequest(found.size > MAX_VIDEO_BYTES ? REGISTRATION_MESSAGES.videoTooLarge : REGISTRATION_MESSAGES.videoOnly, undefined, 'UPLOAD_REJECTED');
  }
  if (!(await markClientHasTestimonial(agentId, clientId))) {
    await deleteUpload(upload.key);
    throw notFound('We could not find your registration. Please register again.');
  }
  const testimonial = await recordTestimonial(upload, found);
  log.info('testimonial recorded', { agentId, clientId, testimonialId: testimonial.id, size: testimonial.size });
  const answer: Omit<Testimonial, 'url' | 'urlExpiresAt'> = {
    id: testimonial.id,
    contentType: testimonial.contentType,
    size: testimonial.size,
    uploadedAt: testimonial.uploadedAt,
  };
  return { status: 201, body: answer };
});
