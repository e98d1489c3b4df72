// POST /api/clients: adds a client within the agent's plan (free: 10 at most, enforced atomically).
// `tags`: shared/tags.ts (at most 20, one of each, as first written).
// Admin mode: an administrator sending `agentId` adds the client for that agent, within that agent's plan.
import { clientSchema } from '@shared/client-schema';
import { tagsSchema } from '@shared/tags';
import { toClient } from '../../data/clients';
import { isRefusal, type InvalidInput, type RefusalOf } from '../../domain/refusals';
import { ACTING_AGENT_ANSWERS } from '../../http/acting-agent-refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { clientWriteErrorFor } from '../../http/client-errors';
import { invalidInputAnswer } from '../../http/request-refusals';
import { actingAgent, agentIdSchema } from '../../services/acting-agent';
import { addClient } from '../../services/clients';

const schema = clientSchema.shape({ agentId: agentIdSchema.optional(), tags: tagsSchema });
const REFUSALS = refusalAnswers<RefusalOf<typeof actingAgent> | InvalidInput>({
  ...ACTING_AGENT_ANSWERS,
  'invalid-input': invalidInputAnswer(),
});

export const handler = defineHandler(
  'clients/post-clients',
  { body: schema, errors: CLIENT_WRITE_ERRORS, refusals: REFUSALS },
  async ({ user, body, log }) => {
    const { agentId, tags, ...input } = body;
    const agent = await actingAgent(user, agentId);
    if (isRefusal(agent)) return agent;
    const created = await addClient(agent, input, tags, log).catch(clientWriteErrorFor(user, agent));
    if (isRefusal(created)) return created;
    return { status: 201, body: { ...toClient(created.client), remainingFreeSlots: created.remainingFreeSlots } };
  },
);
