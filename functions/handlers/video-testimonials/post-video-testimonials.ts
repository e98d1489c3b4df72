// POST /api/video-testimonials: a registered client's browser asks to upload a video. The answer is
// a presigned POST straight to S3: video/* only, 200 MB at most, a key the server made under
// pending/ and the agent's prefix, valid 10 minutes. POST .../{id}/complete confirms it once the
// file is there. The token may name a registration submission waiting for its client's
// confirmation (see data/client-registrations.ts): its videos wait with it.
import { videoUploadSchema } from '@shared/client-registration';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { REGISTRATION_GONE, UPLOAD_TOKEN_ANSWERS } from '../../http/client-errors';
import { notFound, refusalAnswers, tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { startVideoUpload } from '../../services/video-testimonials';

const REFUSALS = refusalAnswers<RefusalOf<typeof startVideoUpload>>({
  ...UPLOAD_TOKEN_ANSWERS,
  'not-found': () => notFound(REGISTRATION_GONE),
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You can upload up to ${max} videos a day.`, retryAfterSeconds),
});

export const handler = definePublicHandler(
  'video-testimonials/post-video-testimonials',
  { body: videoUploadSchema, refusals: REFUSALS },
  async ({ body }) => {
    const upload = await startVideoUpload(body);
    return isRefusal(upload) ? upload : { status: 201, body: upload };
  },
);
