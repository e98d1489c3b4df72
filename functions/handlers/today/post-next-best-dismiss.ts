// POST /api/today/next-best/{clientId}/dismiss { reason }: not-relevant (left out for the client's rhythm),
// contacted-elsewhere (a touch is logged now), wrong-cadence (left out today; the web app asks for the new rhythm).
// Another agent's client: 404.
import { dismissSchema } from '@shared/next-best-requests';
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { dismissNextBest } from '../../services/next-best';

const REFUSALS = refusalAnswers<RefusalOf<typeof dismissNextBest>>({ 'not-found': () => notFound('Client not found') });

export const handler = defineRecordHandler(
  'today/post-next-best-dismiss',
  { body: dismissSchema, refusals: REFUSALS, param: 'clientId' },
  (user, clientId, { reason }) => dismissNextBest(user, clientId, reason),
);
