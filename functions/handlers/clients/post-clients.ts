// POST /api/clients: adds a client within the agent's plan (free: 10 at most, enforced atomically).
// Admin mode: an administrator sending `agentId` adds the client for that agent, within that agent's plan.
import { clientSchema } from '@shared/client-schema';
import { todayIn } from '@shared/dates';
import { toClient } from '../../data/clients';
import { createClient } from '../../data/client-record';
import { awardDueMilestonesAfterWrite } from '../../data/milestones';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { defineHandler } from '../../http/handler';
import { clientWriteErrorFor } from '../../http/client-errors';
import { actingAgent, agentIdSchema } from '../../services/acting-agent';

const schema = clientSchema.shape({ agentId: agentIdSchema.optional() });

export const handler = defineHandler(
  'clients/post-clients',
  { body: schema, errors: CLIENT_WRITE_ERRORS },
  async ({ user, body, log }) => {
    const { agentId, ...input } = body;
    const agent = await actingAgent(user, agentId);
    const created = await createClient(agent.id, input).catch(clientWriteErrorFor(user, agent));
    await awardDueMilestonesAfterWrite(created.client, todayIn(agent.timeZone), log);
    return { status: 201, body: { ...toClient(created.client), remainingFreeSlots: created.remainingFreeSlots } };
  },
);
