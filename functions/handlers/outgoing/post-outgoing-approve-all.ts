// POST /api/outgoing/approve-all { broadcastId? }: approves every message waiting in the agent's queue (only one
// broadcast's when named), each as POST /api/outgoing/{id}/approve does; what the daily caps hold back is scheduled
// for the next days with room. Answers { sent, scheduled, heldBack, failed, lastSendDate }.
import * as yup from 'yup';
import { defineHandler } from '../../http/handler';
import { approveAll } from '../../services/broadcasts';

const body = yup
  .object({
    broadcastId: yup
      .string()
      .strict(true)
      .typeError('broadcastId must be a broadcast id')
      .matches(/^[A-Za-z0-9_-]{1,64}$/, 'broadcastId must be a broadcast id'),
  })
  .noUnknown(true, 'Only broadcastId may be sent');

export const handler = defineHandler('outgoing/post-outgoing-approve-all', { body }, async ({ user, body: sent }) => ({
  body: await approveAll(user, sent.broadcastId),
}));
