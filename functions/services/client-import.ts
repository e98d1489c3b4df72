// Importing clients (a CSV or vCard file, already parsed into rows): new e-mails become clients
// within the agent's plan; e-mails the agent already has update those clients, blank cells never
// erasing what the agent has. A file sent again (or after a crash) finishes what it started.
import type { ClientInput } from '@shared/client-schema';
import { findClientIdsByEmail } from '../data/client-email-locks';
import {
  getClientsByIds,
  listClients,
  type ClientChanges,
  type ClientItem,
  type NewClientFields,
} from '../data/clients';
import { config } from '../config';
import { rememberStoppedNumber } from '../data/texted-phones';
import { carriedClientFields } from '../data/opt-out-marks';
import { reconcileClientCount } from '../data/plan-slots';
import { ClientEmailTakenError } from '../domain/client-errors';
import type { ImportRow } from '../domain/import-rows';
import { PlanLimitError } from '../domain/plan';
import { forEachLimited } from '../lib/concurrency';
import { createClientBatch } from '../client-record/batch';
import { changeClient, clientAfter, createClient, updateClient } from '../client-record/record';
import type { GoogleContactEntry, GoogleContactLink } from '../domain/google-contacts';
import { awardDueMilestones } from './milestones';

const PRO_CONCURRENCY = 8;
/** Rows per batch of a Pro import: one write takes their plan slots, one adds them to the counters. */
export const PRO_BATCH = 25;

export type ImportOutcome = { imported: number; updated: number; capped: number };
type ImportLog = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
};

/** A row's filled cells: what it says of the client (a blank cell says nothing). */
const filledCells = (client: ClientInput): ClientChanges =>
  Object.fromEntries(Object.entries(client).filter(([, v]) => v !== undefined && v !== ''));

/**
 * A row for a client the agent has (`current`, or its id): its filled cells replace what they name,
 * blank cells never erasing what the agent has, and a row that changes nothing is not written
 * again (a file sent twice, or again after a crash). Then the client's due milestones, which also
 * awards what a crash kept from being awarded when it was created. False when the client is gone.
 */
export async function updateFromRow(
  agentId: string,
  client: ClientInput,
  current: ClientItem | string,
  today: string,
): Promise<boolean> {
  const changes = filledCells(client);
  const unchanged =
    typeof current !== 'string' &&
    Object.entries(changes).every(
      // Key dates are a list: the same list is no change.
      ([field, value]) => JSON.stringify(current[field as keyof ClientItem]) === JSON.stringify(value),
    );
  const saved = unchanged
    ? current
    : await updateClient(agentId, typeof current === 'string' ? current : current.id, changes);
  if (!saved) return false;
  await awardDueMilestones(saved, today);
  return true;
}

/**
 * A Google contact that is a client the agent has (`current`, or its id): the client is linked to the contact, and
 * only the fields it has no value for take the contact's (nothing the agent wrote is replaced). False when the client
 * is gone.
 */
async function linkFromRow(
  agentId: string,
  client: ClientInput,
  link: GoogleContactLink,
  current: ClientItem | string,
  today: string,
  now: Date,
): Promise<boolean> {
  const out = await changeClient(
    agentId,
    typeof current === 'string' ? current : current.id,
    { kind: 'google-linked', link, fill: filledCells(client), google: { email: client.email, phone: client.phone } },
    { now, ...(typeof current === 'string' ? {} : { known: current }) },
  );
  const saved = clientAfter(out);
  if (!saved) return false;
  await awardDueMilestones(saved, today, now);
  return true;
}

export async function importClients(
  agent: { id: string; isPro: boolean },
  rows: readonly ImportRow[],
  today: string,
  log: ImportLog,
): Promise<ImportOutcome> {
  const existing = new Map<string, ClientItem>((await listClients(agent.id)).map((c) => [c.email.toLowerCase(), c]));
  const updates = rows.filter((r) => existing.has(r.client.email));
  const creates = rows.filter((r) => !existing.has(r.client.email));
  let imported = 0;
  let updated = 0;
  let capped = 0;

  const update = async (client: ClientInput, current: ClientItem | string) => {
    if (await updateFromRow(agent.id, client, current, today)) updated += 1;
  };
  const created = async (client: ClientItem) => {
    imported += 1;
    await rememberStoppedNumber(client, config().smsAllowedCountries);
    await awardDueMilestones(client, today);
  };

  await forEachLimited(updates, PRO_CONCURRENCY, ({ client }) => update(client, existing.get(client.email)!));

  const fieldsOf = await newClientFields(
    agent.id,
    creates.map((r) => r.client),
    new Date(),
  );
  // Free agents import in file order, so the rows that fit are the first ones.
  const createOne = async ({ client }: ImportRow) => {
    if (capped > 0 && !agent.isPro) {
      capped += 1;
      return;
    }
    try {
      await created((await createClient(agent.id, client, new Date(), undefined, fieldsOf(client))).client);
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
    const now = new Date();
    const result = await createClientBatch(
      agent.id,
      batch.map((r) => r.client),
      PRO_CONCURRENCY,
      now,
      undefined,
      fieldsOf,
    );
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

/**
 * What each new client of an import starts with: no consent to texts (no one asked them: none, from the import), and
 * the opt-outs a deleted client left at the same address or number.
 */
async function newClientFields(
  agentId: string,
  inputs: readonly ClientInput[],
  now: Date,
): Promise<(input: ClientInput) => Partial<NewClientFields>> {
  const carried = new Map<string, Partial<NewClientFields>>();
  await forEachLimited(inputs, PRO_CONCURRENCY, async (input) => {
    carried.set(input.email, await carriedClientFields(agentId, input));
  });
  return (input) => ({ ...importedConsent(now), ...carried.get(input.email), origin: 'imported' });
}

/** An imported client was not asked about texts: none, from the import. */
const importedConsent = (now: Date): Partial<NewClientFields> => ({
  smsConsent: { status: 'none', source: 'import', at: now.toISOString() },
});

/**
 * A row of an import job's batch: valid, the only one of the file with its e-mail, and the id its client gets; a
 * Google contact's row also carries the contact's link and the client it matched when the import read it.
 */
export type JobRow = { row: number; client: ClientInput; id: string; google?: GoogleContactEntry };
export type JobBatchOutcome = { imported: number; updated: number; capped: number[] };
/** Clients written at once by the import job (which has its function to itself). */
const JOB_CONCURRENCY = 8;

/**
 * One batch of an import job (functions/services/import-jobs.ts), written with the same use cases
 * as importClients: e-mails the agent has update those clients, new ones are created within the
 * plan (Pro: createClientBatch; free: one at a time in file order, and once the cap is met, as
 * `plan.capped` remembers across batches, every later new row is left out). Instead of the whole
 * book it reads the batch's e-mail locks and their clients (two BatchGets).
 *
 * Written again (a crash or a lost run cut it half-way), it ends as the first writing would have:
 * each row's client is created under the row's own id (`JobRow.id`), so a row whose client the
 * cut run already made is found under that id and counted as imported, never created twice, and
 * rows it updated change nothing the second time.
 */
export async function importJobBatch(
  agent: { id: string; isPro: boolean },
  rows: readonly JobRow[],
  today: string,
  plan: { capped: boolean },
  now = new Date(),
): Promise<JobBatchOutcome> {
  const owners = await findClientIdsByEmail(
    agent.id,
    rows.map((r) => r.client.email),
  );
  // A Google contact matched by its phone number when the import read it: that client, if it is still there.
  const matched = rows.flatMap((r) => (r.google?.match ? [r.google.match] : []));
  const known = await getClientsByIds(agent.id, [...owners.values(), ...matched]);
  const outcome: JobBatchOutcome = { imported: 0, updated: 0, capped: [] };
  const madeBefore: ClientItem[] = [];
  const updates: Array<{ row: JobRow; current: ClientItem }> = [];
  let creates: JobRow[] = [];
  for (const row of rows) {
    const current = known.get(owners.get(row.client.email) ?? '') ?? known.get(row.google?.match ?? '');
    if (current?.id === row.id) madeBefore.push(current);
    else if (current) updates.push({ row, current });
    // No lock, or a lock a crash left without its client: a create (which takes such a lock over).
    else creates.push(row);
  }
  const created = async (client: ClientItem) => {
    outcome.imported += 1;
    await rememberStoppedNumber(client, config().smsAllowedCountries);
    await awardDueMilestones(client, today, now);
  };
  // A row for a client the agent has: an update, or for a Google contact, a link (false: the client is gone).
  const applyRow = (row: JobRow, current: ClientItem | string) =>
    row.google
      ? linkFromRow(agent.id, row.client, row.google.link, current, today, now)
      : updateFromRow(agent.id, row.client, current, today);
  // Rows whose e-mail another client took meanwhile update it; a row whose own client appeared meanwhile is imported.
  const taken = async (row: JobRow, clientId: string) => {
    if (clientId === row.id) outcome.imported += 1;
    else if (await applyRow(row, clientId)) outcome.updated += 1;
  };

  await forEachLimited(madeBefore, JOB_CONCURRENCY, created);
  const vanished: JobRow[] = [];
  await forEachLimited(updates, JOB_CONCURRENCY, async ({ row, current }) => {
    if (await applyRow(row, current)) outcome.updated += 1;
    else vanished.push(row); // deleted since the locks were read: created again
  });
  creates = [...creates, ...vanished].sort((a, b) => a.row - b.row);

  // As in the request's import: no consent to texts, and the opt-outs a deleted client left at the same address and
  // number.
  const newFields = await newClientFields(
    agent.id,
    creates.map((r) => r.client),
    now,
  );
  // A client made from a Google contact is linked to it.
  const links = new Map(creates.flatMap((r) => (r.google ? [[r.client.email, r.google.link] as const] : [])));
  const fieldsOf = (input: ClientInput): Partial<NewClientFields> => {
    const link = links.get(input.email);
    if (!link) return newFields(input);
    const values = { email: input.email, phone: input.phone };
    return {
      ...newFields(input),
      googleContact: { ...link, linkedAt: now.toISOString(), base: { google: values, client: values } },
    };
  };
  const batch =
    agent.isPro && creates.length > 0
      ? await createClientBatch(
          agent.id,
          creates.map((r) => r.client),
          JOB_CONCURRENCY,
          now,
          creates.map((r) => r.id),
          fieldsOf,
        )
      : undefined;
  if (batch) {
    await forEachLimited(batch.created, JOB_CONCURRENCY, created);
    const byEmail = new Map(creates.map((row) => [row.client.email, row]));
    await forEachLimited(batch.taken, JOB_CONCURRENCY, ({ input, clientId }) =>
      taken(byEmail.get(input.email)!, clientId),
    );
    return outcome;
  }
  // The free plan (or no longer Pro): in file order, so the rows that fit are the first ones.
  for (const row of creates) {
    if (plan.capped) {
      outcome.capped.push(row.row);
      continue;
    }
    try {
      await created((await createClient(agent.id, row.client, now, row.id, fieldsOf(row.client))).client);
    } catch (error) {
      if (error instanceof ClientEmailTakenError) await taken(row, error.existingClientId);
      else if (error instanceof PlanLimitError) {
        plan.capped = true;
        outcome.capped.push(row.row);
      } else throw error;
    }
  }
  return outcome;
}
