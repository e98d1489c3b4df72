// POST /api/outgoing/approve-all { broadcastId?, after? }: approves every message waiting in the agent's queue (only
// one broadcast's when named), each as POST /api/outgoing/{id}/approve does; what the daily caps hold back is scheduled
// for the next days with room. It stops before the API's time limit: answers { sent, scheduled, heldBack, failed,
// lastSendDate, remaining, continueAfter }, and the same request with `after: continueAfter` approves the rest.
import * as yup from 'yup';
import { ID_PATTERN } from '@shared/schemas';
import { defineHandler } from '../../http/handler';
import { approveAll } from '../../services/broadcasts';

const body = yup
  .object({
    broadcastId: yup
      .string()
      .strict(true)
      .typeError('broadcastId must be a broadcast id')
      .matches(ID_PATTERN, 'broadcastId must be a broadcast id'),
    after: yup
      .string()
      .strict(true)
      .typeError('after must be the continueAfter of the previous answer')
      .matches(ID_PATTERN, 'after must be the continueAfter of the previous answer'),
  })
  .noUnknown(true, 'Only broadcastId and after may be sent');

export const handler = defineHandler(
  'outgoing/post-outgoing-approve-all',
  { body },
  async ({ user, body: sent, remainingMs }) => ({
    body: await approveAll(user, sent.broadcastId, new Date(), { after: sent.after, remainingMs }),
  }),
);
