// GET /api/agents: every agent for administrators (the agents index, read with a projection that
// leaves out password hashes and anything secret).
import { listAgents } from '../../data/agents';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('agents/get-agents', {}, async () => ({ body: await listAgents() }));
