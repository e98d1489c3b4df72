// GET /api/clients/{id}/testimonials: the videos one of the agent's clients left, each with a
// presigned GET valid a few minutes (the bucket stays private).
import { actorOf, clientFor } from '../../data/client-access';
import type { Testimonial } from '@shared/api-types';
import { listTestimonials } from '../../data/testimonials';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { presignVideoGet } from '../../integrations/video-uploads';

export const TESTIMONIAL_URL_TTL_SECONDS = 10 * 60;

export const handler = defineHandler('clients/get-client-testimonials', {}, async ({ user, params }) => {
  const client = await clientFor(actorOf(user), params.id ?? '');
  if (!client) throw notFound('Client not found');
  const urlExpiresAt = new Date(Date.now() + TESTIMONIAL_URL_TTL_SECONDS * 1000).toISOString();
  const testimonials: Testimonial[] = await Promise.all(
    (await listTestimonials(client.id)).map(async (t) => ({
      id: t.id,
      contentType: t.contentType,
      size: t.size,
      uploadedAt: t.uploadedAt,
      url: await presignVideoGet(t.key, TESTIMONIAL_URL_TTL_SECONDS),
      urlExpiresAt,
    })),
  );
  return { body: testimonials };
});
