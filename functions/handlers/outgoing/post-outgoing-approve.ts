// POST /api/outgoing/{id}/approve (optionally with the edited subject and body): sends the waiting
// message now, or schedules a text for 8:00 in the client's zone, as a message written by hand
// would go (verified sender, opt-outs, daily caps). Repeated, it answers what became of it.
import { approveSchema } from '@shared/automations';
import { approveOutgoing } from '../../services/outgoing';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'outgoing/post-outgoing-approve',
  { body: approveSchema },
  async ({ user, params, body }) => ({
    body: await approveOutgoing(user, params.id ?? '', body ?? {}),
  }),
);
