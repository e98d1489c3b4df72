// POST /api/clients: adds a client within the agent's plan (free: 10 at most, enforced atomically).
import { clientSchema } from '../../../shared/client-schema';
import { todayIn } from '../../../shared/dates';
import { createClient, toClient } from '../../data/clients';
import { awardDueMilestones } from '../../data/milestones';
import { defineHandler } from '../../http/handler';
import { clientWriteError } from '../../http/client-errors';

export const handler = defineHandler('clients/post-clients', { body: clientSchema }, async ({ user, body }) => {
  const created = await createClient(user.id, body).catch(clientWriteError);
  await awardDueMilestones(created.client, todayIn(user.timeZone));
  return { status: 201, body: { ...toClient(created.client), remainingFreeSlots: created.remainingFreeSlots } };
});
