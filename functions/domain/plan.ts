// The free plan: at most FREE_CLIENT_LIMIT clients; Pro has no cap. The one place that states the
// rule and its refusals. The cap itself is held by one conditional write on the agent's PROFILE
// (reserveClientSlot in functions/data/plan-slots.ts), never by counting first.
import { FREE_CLIENT_LIMIT } from '@shared/constants';

export { FREE_CLIENT_LIMIT };

export type PlanState = { isPro: boolean; clientCount: number };

/** The agent's plan is full: no client was added. */
export class PlanLimitError extends Error {
  override name = 'PlanLimitError';
}

export const hasFreeSlot = (agent: PlanState): boolean => agent.isPro || agent.clientCount < FREE_CLIENT_LIMIT;

/** The free slots left after a create: null for Pro (no cap). */
export const remainingFreeSlots = (agent: PlanState): number | null =>
  agent.isPro ? null : Math.max(0, FREE_CLIENT_LIMIT - agent.clientCount);

export const UPGRADE_MESSAGE = `You've reached the maximum of ${FREE_CLIENT_LIMIT} clients on the free plan. Upgrade to Pro for unlimited clients.`;

/** The refusal when an administrator acts for an agent: it is that agent's plan that is full. */
export function agentPlanLimitMessage(agent: { username: string }): string {
  return `${agent.username} is on the free plan, which allows at most ${FREE_CLIENT_LIMIT} clients. The agent can upgrade to Pro for unlimited clients.`;
}

/** The import's sentence for rows left out at the cap; `plan` is "the free plan" or "<agent>'s free plan". */
export function cappedRowsSentence(capped: number, unit: string, plan: string): string {
  return `${capped} ${capped === 1 ? `${unit} was` : `${unit}s were`} not imported: ${plan} allows ${FREE_CLIENT_LIMIT} clients. Upgrade to Pro for unlimited clients.`;
}
