// POST /api/today/next-best/{clientId}/snooze { days: 1–30 }: the client leaves today's list and is back on it that
// many days from today (the agent's date). Another agent's client: 404.
import { snoozeSchema } from '@shared/next-best-requests';
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { snoozeNextBest } from '../../services/next-best';

const REFUSALS = refusalAnswers<RefusalOf<typeof snoozeNextBest>>({ 'not-found': () => notFound('Client not found') });

export const handler = defineRecordHandler(
  'today/post-next-best-snooze',
  { body: snoozeSchema, refusals: REFUSALS, param: 'clientId' },
  (user, clientId, { days }) => snoozeNextBest(user, clientId, days),
);
