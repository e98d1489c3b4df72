// `npm run insights:recompute` for one agent: each client put back in the by-last-contact index through the client
// record, then the counters rebuilt from the book and its activity (functions/data/insights-recompute.ts).
import { changeClient } from '../client-record/record';
import { listClients, type ClientItem } from '../data/clients';
import { rebuildAgentInsights, type InsightsRebuild } from '../data/insights-recompute';
import { forEachLimited } from '../lib/concurrency';

export type InsightsRecompute = InsightsRebuild & { clients: number; indexMoves: number };

/** Rebuilds one agent's counters as of `now`. */
export async function recomputeAgentInsights(
  agent: { id: string; timeZone?: string | null },
  now = new Date(),
): Promise<InsightsRecompute> {
  const clients = await listClients(agent.id);
  let indexMoves = 0;
  await forEachLimited(clients, 8, async (client) => {
    if (await placeInContactIndex(client)) indexMoves += 1;
  });
  const rebuilt = await rebuildAgentInsights(agent, clients, now);
  return { clients: clients.length, indexMoves, ...rebuilt };
}

/**
 * Writes the client's gsi3 keys when they are missing or stale (only if its last contact did not move meanwhile); true
 * when it wrote.
 */
async function placeInContactIndex(client: ClientItem): Promise<boolean> {
  return (await changeClient(client.agentId, client.id, { kind: 'rederive' }, { known: client })).kind === 'changed';
}
