// The CSV import's creates for a Pro agent, a batch at a time, by the client record's own steps (record.ts).
import type { ClientInput } from '@shared/client-schema';
import { randomId } from '../domain/signed-tokens';
import { forEachLimited } from '../lib/concurrency';
import { ClientEmailTakenError } from '../data/client-email-locks';
import { listEntries } from '../data/client-lists';
import type { ClientItem, NewClientFields } from '../data/clients';
import { markCalendarOutDue } from '../data/calendar-out';
import { addToBook, sumBookDeltas } from '../data/insights';
import { releaseClientSlot, reserveProClientSlots } from '../data/plan-slots';
import { addToStats } from '../data/stats';
import { addToTagCounts, sumTagDeltas } from '../data/tags';
import { derivedWrites, writeEntries } from './derived';
import { claimClient, giveBackClaim, putClaimedClient, type ClientClaim } from './record';

export type ClientBatchResult = {
  created: ClientItem[];
  /** Inputs whose e-mail another client has (written since the caller looked): that client's id. */
  taken: Array<{ input: ClientInput; clientId: string }>;
};

/**
 * The CSV import's creates for a Pro agent, a batch at a time: each client takes its e-mail lock and is written as
 * createClient writes it, but the plan slots are reserved for the whole batch in one write, what the batch did not
 * use is given back in one, and the counters are added (and the agent's calendar marked) once. Undefined, having
 * written nothing, when the agent is not Pro (any more): the caller then creates one at a time within the free plan.
 * A crash mid-batch leaves at most the batch's unused slots taken (reconcileClientCount gives them back) and its
 * written clients not yet counted (`npm run stats:recompute`); an error gives back what it can and is rethrown.
 * `ids`: the import job's id for each input (see createClient).
 */
export async function createClientBatch(
  agentId: string,
  inputs: readonly ClientInput[],
  concurrency: number,
  now = new Date(),
  ids?: readonly string[],
  fields: (input: ClientInput) => Partial<NewClientFields> = () => ({}),
): Promise<ClientBatchResult | undefined> {
  const created: ClientItem[] = [];
  const taken: ClientBatchResult['taken'] = [];
  if (inputs.length === 0) return { created, taken };
  if (!(await reserveProClientSlots(agentId, inputs.length))) return undefined;
  let failure: { error: unknown } | undefined;
  const fail = (input: ClientInput, error: unknown) => {
    if (error instanceof ClientEmailTakenError) taken.push({ input, clientId: error.existingClientId });
    else failure ??= { error };
  };
  // writeNewClient's steps, batched: each client's e-mail lock, then the entries of all of them in shared batch
  // writes (a client's own would take a call each), then each client.
  const claims: Array<ClientClaim & { input: ClientInput }> = [];
  await forEachLimited([...inputs.keys()], concurrency, async (index) => {
    const input = inputs[index]!;
    if (failure) return;
    try {
      claims.push({ input, ...(await claimClient(agentId, input, now, ids?.[index] ?? randomId(), fields(input))) });
    } catch (error) {
      fail(input, error);
    }
  });
  try {
    if (!failure) await writeEntries(claims.flatMap((claim) => listEntries(claim.item)));
  } catch (error) {
    failure = { error };
  }
  await forEachLimited(claims, concurrency, async (claim) => {
    if (failure) return giveBackClaim(agentId, claim);
    try {
      created.push(await putClaimedClient(agentId, claim));
    } catch (error) {
      fail(claim.input, error);
    }
  });
  if (created.length > 0) {
    // The counters once for the batch: one item would otherwise take a write per client.
    const each = created.map((client) => derivedWrites(undefined, client, now));
    await addToBook(agentId, sumBookDeltas(each.map((derived) => derived.book)));
    await addToTagCounts(agentId, sumTagDeltas(each.map((derived) => derived.tags)));
    await addToStats({ clients: created.length }, now);
    if (each.some((derived) => derived.calendar)) await markCalendarOutDue(agentId, now);
  }
  if (created.length < inputs.length) await releaseClientSlot(agentId, inputs.length - created.length);
  if (failure) throw failure.error;
  return { created, taken };
}
