// POST /api/today/next-best/{clientId}/done: the agent made the touch; it is logged now (a note on the client's
// activity), which moves Last Contact and takes the client off today's list. Another agent's client: 404.
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { nextBestDone } from '../../services/next-best';

const REFUSALS = refusalAnswers<RefusalOf<typeof nextBestDone>>({ 'not-found': () => notFound('Client not found') });

export const handler = defineRecordHandler(
  'today/post-next-best-done',
  { refusals: REFUSALS, param: 'clientId' },
  (user, clientId) => nextBestDone(user, clientId),
);
