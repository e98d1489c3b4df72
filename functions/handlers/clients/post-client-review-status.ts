// POST /api/clients/{id}/review-status: pending, requested or submitted, stamping the dates.
import * as yup from 'yup';
import { toClient } from '../../data/clients';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { setClientReviewStatus } from '../../services/clients';

const schema = yup.object({
  status: yup
    .string()
    .required('Status is required')
    .oneOf(['pending', 'requested', 'submitted'] as const, 'Status must be pending, requested or submitted'),
});

const REFUSALS = refusalAnswers<RefusalOf<typeof setClientReviewStatus>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler(
  'clients/post-client-review-status',
  { body: schema, refusals: REFUSALS },
  async ({ user, params, body }) => {
    const client = await setClientReviewStatus(user, params.id ?? '', body.status);
    return isRefusal(client) ? client : { body: toClient(client) };
  },
);
