// POST /api/video-testimonials/{id}/complete: the browser says its upload finished. The server
// looks at what S3 really holds (HeadObject: present, a video, within 200 MB), moves it out of
// pending/ to its final key, then records the testimonial and marks the client, or, for a
// registration submission, records it there until the client confirms. Repeating it is harmless.
import { REGISTRATION_MESSAGES, videoUploadCompleteSchema } from '@shared/client-registration';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { REGISTRATION_GONE, UPLOAD_TOKEN_ANSWERS } from '../../http/client-errors';
import { badRequest, HttpError, notFound, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { completeVideoUpload } from '../../services/video-testimonials';

const REFUSALS = refusalAnswers<RefusalOf<typeof completeVideoUpload>>({
  ...UPLOAD_TOKEN_ANSWERS,
  'not-found': ({ what }) => notFound(what === 'upload' ? 'Upload not found' : REGISTRATION_GONE),
  'upload-missing': () =>
    new HttpError(409, 'Your video has not arrived yet. Please upload it again.', { code: 'UPLOAD_MISSING' }),
  'video-rejected': ({ reason }) =>
    badRequest(
      reason === 'too-large' ? REGISTRATION_MESSAGES.videoTooLarge : REGISTRATION_MESSAGES.videoOnly,
      undefined,
      'UPLOAD_REJECTED',
    ),
});

export const handler = definePublicHandler(
  'video-testimonials/post-video-testimonial-complete',
  { body: videoUploadCompleteSchema, refusals: REFUSALS },
  async ({ body, params, log }) => {
    const recorded = await completeVideoUpload({ ...body, uploadId: params.id ?? '' }, log);
    return isRefusal(recorded) ? recorded : { status: 201, body: recorded };
  },
);
