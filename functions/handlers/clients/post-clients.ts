// POST /api/clients: adds a client within the agent's plan (free: 10 at most, enforced atomically).
// `tags`: shared/tags.ts (at most 20, one of each, as first written).
// Admin mode: an administrator sending `agentId` adds the client for that agent, within that agent's plan.
import { clientSchema } from '@shared/client-schema';
import { todayIn } from '@shared/dates';
import { tagsSchema } from '@shared/tags';
import { config } from '../../config';
import { toClient } from '../../data/clients';
import { createClient } from '../../data/client-record';
import { rememberStoppedNumber } from '../../data/messages';
import { awardDueMilestonesAfterWrite } from '../../data/milestones';
import { carriedClientFields } from '../../data/opt-out-marks';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { ACTING_AGENT_ANSWERS } from '../../http/acting-agent-refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { clientWriteErrorFor } from '../../http/client-errors';
import { actingAgent, agentIdSchema } from '../../services/acting-agent';

const schema = clientSchema.shape({ agentId: agentIdSchema.optional(), tags: tagsSchema });
const REFUSALS = refusalAnswers<RefusalOf<typeof actingAgent>>(ACTING_AGENT_ANSWERS);

export const handler = defineHandler(
  'clients/post-clients',
  { body: schema, errors: CLIENT_WRITE_ERRORS, refusals: REFUSALS },
  async ({ user, body, log }) => {
    const { agentId, tags, ...input } = body;
    const agent = await actingAgent(user, agentId);
    if (isRefusal(agent)) return agent;
    // An address or number a deleted client stopped stays stopped.
    const carried = await carriedClientFields(agent.id, input);
    const fields = { ...carried, origin: 'added' as const, ...(tags?.length ? { tags } : {}) };
    const created = await createClient(agent.id, input, new Date(), undefined, fields).catch(
      clientWriteErrorFor(user, agent),
    );
    await rememberStoppedNumber(created.client, config().smsAllowedCountries);
    await awardDueMilestonesAfterWrite(created.client, todayIn(agent.timeZone), log);
    return { status: 201, body: { ...toClient(created.client), remainingFreeSlots: created.remainingFreeSlots } };
  },
);
