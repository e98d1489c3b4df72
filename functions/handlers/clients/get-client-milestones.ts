// GET /api/clients/{id}/milestones: the achievements of one of the agent's clients.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { clientMilestones } from '../../services/milestones';

const REFUSALS = refusalAnswers<RefusalOf<typeof clientMilestones>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler(
  'clients/get-client-milestones',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const milestones = await clientMilestones(user, params.id ?? '');
    return isRefusal(milestones) ? milestones : { body: milestones };
  },
);
