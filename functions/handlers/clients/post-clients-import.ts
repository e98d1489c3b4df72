// POST /api/clients/import: a CSV or vCard (.vcf) file (multipart). New e-mails become clients within the plan's
// cap; e-mails the agent already has update those clients; rows (or cards) that fail are reported by their place in the file.
// Admin mode: an administrator sending the form field `agentId` imports for that agent, within that agent's plan.
import type { ImportResult } from '../../../shared/api-types';
import type { ClientInput } from '../../../shared/client-schema';
import { FREE_CLIENT_LIMIT } from '../../../shared/constants';
import { todayIn } from '../../../shared/dates';
import { ClientEmailTakenError, createClient, createClientBatch, forEachLimited, listClients, PlanLimitError, reconcileClientCount, updateClient, type ClientChanges, type ClientItem } from '../../data/clients';
import { awardDueMilestones } from '../../data/milestones';
import { IMPORT_ACCEPTS, importFormatOf, importUnitOf, parseClientFile } from '../../domain/client-import';
import { IMPORT_MAX_BYTES, ImportFormatError, ImportTooLargeError, ImportTooManyRowsError, type ImportRow, type ImportUnit } from '../../domain/import-rows';
import { actingAgent, parseAgentId } from '../../http/admin-mode';
import { badRequest, errorAnswer, HttpError } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { parseMultipart } from '../../http/multipart';

const NO_FILE = 'Choose a .csv or .vcf file to import.';
const PRO_CONCURRENCY = 8;
/** Rows per batch of a Pro import: one write takes their plan slots, one adds them to the counters. */
export const PRO_BATCH = 25;

const tooLarge = (error: Error) => new HttpError(413, error.message, { code: 'FILE_TOO_LARGE' });
const ERRORS = [errorAnswer(ImportTooLargeError, tooLarge), errorAnswer(ImportTooManyRowsError, tooLarge)];

export const handler = defineHandler('clients/post-clients-import', { errors: ERRORS }, async ({ user, rawBody, event, log }) => {
  const { files, fields } = await parseMultipart(rawBody, event.headers?.['content-type'], {
    maxFileBytes: IMPORT_MAX_BYTES,
    tooLargeMessage: new ImportTooLargeError(IMPORT_MAX_BYTES + 1).message,
  });
  const agent = await actingAgent(user, parseAgentId(fields.agentId));
  const file = files[0];
  if (!file || file.data.length === 0) throw badRequest(NO_FILE, { file: NO_FILE }, 'NO_FILE');
  const format = importFormatOf(file.filename, file.mimeType);
  if (!format) throw badRequest(IMPORT_ACCEPTS, { file: IMPORT_ACCEPTS }, 'NOT_CSV');
  const unit = importUnitOf(format);

  const today = todayIn(agent.timeZone);
  let parsed;
  try {
    parsed = parseClientFile(format, file.data, { today });
  } catch (error) {
    if (error instanceof ImportFormatError) throw badRequest(error.message, undefined, format === 'csv' ? 'NOT_CSV' : 'NOT_VCARD');
    throw error;
  }

  const existing = new Map<string, ClientItem>((await listClients(agent.id)).map((c) => [c.email.toLowerCase(), c]));
  const updates = parsed.rows.filter((r) => existing.has(r.client.email));
  const creates = parsed.rows.filter((r) => !existing.has(r.client.email));
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

  const skipped = capped + parsed.errors.length;
  const result: ImportResult = {
    imported,
    updated,
    skipped,
    errors: parsed.errors,
    warnings: parsed.warnings,
    unit,
    message: summary(imported, updated, capped, parsed.errors.length, agent.id === user.id ? 'the free plan' : `${agent.username}'s free plan`, unit),
  };
  log.info('clients imported', { imported, updated, skipped });
  return { body: result };
});

function summary(imported: number, updated: number, capped: number, invalid: number, plan: string, unit: ImportUnit): string {
  const parts = [`Imported ${imported} new client${imported === 1 ? '' : 's'}${updated ? ` and updated ${updated}` : ''}.`];
  if (capped) parts.push(`${capped} ${capped === 1 ? `${unit} was` : `${unit}s were`} not imported: ${plan} allows ${FREE_CLIENT_LIMIT} clients. Upgrade to Pro for unlimited clients.`);
  if (invalid) parts.push(`${invalid} ${invalid === 1 ? `${unit} has` : `${unit}s have`} errors and ${invalid === 1 ? 'was' : 'were'} skipped.`);
  return parts.join(' ');
}
