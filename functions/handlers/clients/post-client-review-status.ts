// POST /api/clients/{id}/review-status: pending, requested or submitted, stamping the dates.
import * as yup from 'yup';
import { todayIn } from '@shared/dates';
import { actorOf, clientFor } from '../../data/client-access';
import { toClient } from '../../data/clients';
import { setReviewStatus } from '../../data/client-record';
import { awardDueMilestones } from '../../data/milestones';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

const schema = yup.object({
  status: yup
    .string()
    .required('Status is required')
    .oneOf(['pending', 'requested', 'submitted'] as const, 'Status must be pending, requested or submitted'),
});

export const handler = defineHandler(
  'clients/post-client-review-status',
  { body: schema },
  async ({ user, params, body }) => {
    const client = await clientFor(actorOf(user), params.id ?? '');
    if (!client) throw notFound('Client not found');
    const result = await setReviewStatus(client.agentId, client.id, body.status, new Date(), {
      known: client,
      timeZone: user.timeZone,
    });
    if (!result) throw notFound('Client not found');
    await awardDueMilestones(result.after, todayIn(user.timeZone));
    return { body: toClient(result.after) };
  },
);
