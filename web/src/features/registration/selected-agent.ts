// The realtor a visitor chose on /find-realtor, kept in localStorage under `selectedAgent`.
import type { PublicAgent } from '@shared/api-types';

export const SELECTED_AGENT_KEY = 'selectedAgent';

export function storeSelectedAgent(agent: PublicAgent): void {
  try {
    localStorage.setItem(SELECTED_AGENT_KEY, JSON.stringify(agent));
  } catch {
    // storage full or disabled: the agentId in the URL is enough to register
  }
}

/** The stored realtor when it is the one with this id (a stale or tampered entry is ignored). */
export function readSelectedAgent(agentId: string): PublicAgent | null {
  try {
    const stored = JSON.parse(localStorage.getItem(SELECTED_AGENT_KEY) ?? 'null') as Partial<PublicAgent> | null;
    if (!stored || stored.id !== agentId || typeof stored.fullName !== 'string') return null;
    return {
      id: stored.id,
      fullName: stored.fullName,
      businessName: typeof stored.businessName === 'string' ? stored.businessName : null,
      businessLocation: typeof stored.businessLocation === 'string' ? stored.businessLocation : null,
    };
  } catch {
    return null;
  }
}

/** `Rivera Home Group · Austin, TX`, or '' when neither is known. */
export function businessLine(agent: Pick<PublicAgent, 'businessName' | 'businessLocation'>): string {
  return [agent.businessName, agent.businessLocation].filter(Boolean).join(' · ');
}
