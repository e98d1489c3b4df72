// POST /api/admin/agents/{id}/sending { paused: false }: an administrator lifts the pause the sending review put on
// an agent's client sends (their e-mails bounced or drew complaints past SES's review levels). Answers the agent as
// the admin list shows them.
import { isId } from '@shared/schemas';
import { sendingPauseSchema } from '@shared/sending-pause';
import { isRefusal, type InvalidId, type NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { INVALID_ID_ANSWERS } from '../../http/request-refusals';
import { liftPause } from '../../services/send-limits';

export const AGENT_NOT_FOUND = 'Agent not found';

const REFUSALS = refusalAnswers<InvalidId | NotFound<'agent'>>({
  ...INVALID_ID_ANSWERS,
  'not-found': () => notFound(AGENT_NOT_FOUND),
});

export const handler = defineHandler(
  'admin/post-admin-agent-sending',
  { body: sendingPauseSchema, refusals: REFUSALS },
  async ({ params, log }) => {
    if (!isId(params.id)) return { kind: 'invalid-id', what: 'agent' };
    const agent = await liftPause(params.id);
    if (isRefusal(agent)) return agent;
    log.info('agent sending pause lifted', { agentId: agent.id });
    return { body: agent };
  },
);
