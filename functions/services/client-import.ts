// Importing clients (a CSV or vCard file, already parsed into rows): new e-mails become clients
// within the agent's plan; e-mails the agent already has update those clients, blank cells never
// erasing what the agent has. A file sent again (or after a crash) finishes what it started.
import type { ClientInput } from '../../shared/client-schema';
import { listClients, type ClientChanges, type ClientItem } from '../data/clients';
import { awardDueMilestones } from '../data/milestones';
import { reconcileClientCount } from '../data/plan-slots';
import { ClientEmailTakenError } from '../domain/client-errors';
import type { ImportRow } from '../domain/import-rows';
import { PlanLimitError } from '../domain/plan';
import { forEachLimited } from '../lib/concurrency';
import { createClient, createClientBatch, updateClient } from './clients';

const PRO_CONCURRENCY = 8;
/** Rows per batch of a Pro import: one write takes their plan slots, one adds them to the counters. */
export const PRO_BATCH = 25;

export type ImportOutcome = { imported: number; updated: number; capped: number };
type ImportLog = { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };

export async function importClients(agent: { id: string; isPro: boolean }, rows: readonly ImportRow[], today: string, log: ImportLog): Promise<ImportOutcome> {
  const existing = new Map<string, ClientItem>((await listClients(agent.id)).map((c) => [c.email.toLowerCase(), c]));
  const updates = rows.filter((r) => existing.has(r.client.email));
  const creates = rows.filter((r) => !existing.has(r.client.email));
  let imported = 0;
  let updated = 0;
  let capped = 0;

  // A row for a client the agent has: its filled cells replace what they name.
  const update = async (client: ClientInput, current: ClientItem | string) => {
    // Blank cells never erase what the agent already has.
    const changes: ClientChanges = Object.fromEntries(Object.entries(client).filter(([, v]) => v !== undefined && v !== ''));
    // A row that changes nothing is not written again (a file sent twice, or again after a crash).
    const unchanged = typeof current !== 'string' && Object.entries(changes).every(([field, value]) => current[field as keyof ClientItem] === value);
    const saved = unchanged ? current : await updateClient(agent.id, typeof current === 'string' ? current : current.id, changes);
    if (saved) {
      updated += 1;
      // Also awards what a crash kept from being awarded when the client was created.
      await awardDueMilestones(saved, today);
    }
  };
  const created = async (client: ClientItem) => {
    imported += 1;
    await awardDueMilestones(client, today);
  };

  await forEachLimited(updates, PRO_CONCURRENCY, ({ client }) => update(client, existing.get(client.email)!));

  // Free agents import in file order, so the rows that fit are the first ones.
  const createOne = async ({ client }: ImportRow) => {
    if (capped > 0 && !agent.isPro) {
      capped += 1;
      return;
    }
    try {
      await created((await createClient(agent.id, client)).client);
    } catch (error) {
      if (error instanceof ClientEmailTakenError) await update(client, error.existingClientId);
      else if (error instanceof PlanLimitError) capped += 1;
      else throw error;
    }
  };
  // Pro agents create in batches that take their plan slots and count themselves in one write each.
  let next = 0;
  while (agent.isPro && next < creates.length) {
    const batch = creates.slice(next, next + PRO_BATCH);
    const result = await createClientBatch(agent.id, batch.map((r) => r.client), PRO_CONCURRENCY);
    if (!result) break; // no longer Pro: the rest one by one, within the free plan
    next += batch.length;
    await forEachLimited(result.created, PRO_CONCURRENCY, created);
    await forEachLimited(result.taken, PRO_CONCURRENCY, ({ input, clientId }) => update(input, clientId));
  }
  await forEachLimited(creates.slice(next), agent.isPro ? PRO_CONCURRENCY : 1, createOne);
  // A crash in an earlier run of this import (or of any create) may have left plan slots taken
  // whose client was never written. Housekeeping: the rows are saved whatever it finds.
  try {
    if ((await reconcileClientCount(agent.id)) === 'fixed') log.info('plan counter reconciled', { agentId: agent.id });
  } catch (error) {
    log.warn('plan counter not reconciled', { error });
  }
  return { imported, updated, capped };
}
