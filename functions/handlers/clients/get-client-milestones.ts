// GET /api/clients/{id}/milestones: the achievements of one of the agent's clients.
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { clientMilestones } from '../../services/milestones';

const REFUSALS = refusalAnswers<RefusalOf<typeof clientMilestones>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineRecordHandler('clients/get-client-milestones', { refusals: REFUSALS }, clientMilestones);
