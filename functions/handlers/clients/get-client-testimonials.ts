// GET /api/clients/{id}/testimonials: the videos one of the agent's clients left, each with a
// presigned GET valid a few minutes (the bucket stays private).
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { clientTestimonials } from '../../services/testimonials';

const REFUSALS = refusalAnswers<RefusalOf<typeof clientTestimonials>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineRecordHandler(
  'clients/get-client-testimonials',
  { refusals: REFUSALS },
  clientTestimonials,
);
