// GET /api/clients/{id}/testimonials: the videos one of the agent's clients left, each with a
// presigned GET valid a few minutes (the bucket stays private).
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { clientTestimonials } from '../../services/testimonials';

const REFUSALS = refusalAnswers<RefusalOf<typeof clientTestimonials>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler(
  'clients/get-client-testimonials',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const testimonials = await clientTestimonials(user, params.id ?? '');
    return isRefusal(testimonials) ? testimonials : { body: testimonials };
  },
);
