// POST /api/clients/import: a CSV file (multipart). New e-mails become clients within the plan's
// cap; e-mails the agent already has update those clients; rows that fail are reported by row.
// Admin mode: an administrator sending the form field `agentId` imports for that agent, within that agent's plan.
import type { ImportResult } from '../../../shared/api-types';
import { FREE_CLIENT_LIMIT } from '../../../shared/constants';
import { todayIn } from '../../../shared/dates';
import { createClient, listClients, PlanLimitError, updateClient, type ClientChanges, type ClientItem } from '../../data/clients';
import { awardDueMilestones } from '../../data/milestones';
import { CSV_MAX_BYTES, CsvFormatError, CsvTooLargeError, CsvTooManyRowsError, parseClientCsv } from '../../domain/csv-import';
import { actingAgent, parseAgentId } from '../../http/admin-mode';
import { badRequest, HttpError } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { parseMultipart } from '../../http/multipart';

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream', 'text/comma-separated-values', 'text/x-csv']);
const PRO_CONCURRENCY = 8;

export const handler = defineHandler('clients/post-clients-import', {}, async ({ user, rawBody, event, log }) => {
  const { files, fields } = await parseMultipart(rawBody, event.headers?.['content-type'], {
    maxFileBytes: CSV_MAX_BYTES,
    tooLargeMessage: new CsvTooLargeError(CSV_MAX_BYTES + 1).message,
  });
  const agent = await actingAgent(user, parseAgentId(fields.agentId));
  const file = files[0];
  if (!file || file.data.length === 0) throw badRequest('Choose a .csv file to import.', { file: 'Choose a .csv file to import.' }, 'NO_FILE');
  if (!/\.csv$/i.test(file.filename) || !CSV_TYPES.has(file.mimeType.toLowerCase())) {
    throw badRequest('Only .csv files can be imported.', { file: 'Only .csv files can be imported.' }, 'NOT_CSV');
  }

  const today = todayIn(agent.timeZone);
  let parsed;
  try {
    parsed = parseClientCsv(file.data, { today });
  } catch (error) {
    if (error instanceof CsvTooLargeError || error instanceof CsvTooManyRowsError) throw new HttpError(413, error.message, { code: 'FILE_TOO_LARGE' });
    if (error instanceof CsvFormatError) throw badRequest(error.message, undefined, 'NOT_CSV');
    throw error;
  }

  const existing = new Map<string, ClientItem>((await listClients(agent.id)).map((c) => [c.email.toLowerCase(), c]));
  const updates = parsed.rows.filter((r) => existing.has(r.client.email));
  const creates = parsed.rows.filter((r) => !existing.has(r.client.email));
  let imported = 0;
  let updated = 0;
  let capped = 0;

  await forEachLimited(updates, PRO_CONCURRENCY, async ({ client }) => {
    const current = existing.get(client.email)!;
    // Blank cells never erase what the agent already has.
    const changes: ClientChanges = Object.fromEntries(Object.entries(client).filter(([, v]) => v !== undefined && v !== ''));
    const saved = await updateClient(agent.id, current.id, changes);
    if (saved) {
      updated += 1;
      await awardDueMilestones(saved, today);
    }
  });

  // Free agents import in file order, so the rows that fit are the first ones.
  await forEachLimited(creates, agent.isPro ? PRO_CONCURRENCY : 1, async ({ client }) => {
    if (capped > 0 && !agent.isPro) {
      capped += 1;
      return;
    }
    try {
      const created = await createClient(agent.id, client);
      imported += 1;
      await awardDueMilestones(created.client, today);
    } catch (error) {
      if (!(error instanceof PlanLimitError)) throw error;
      capped += 1;
    }
  });

  const skipped = capped + parsed.errors.length;
  const result: ImportResult = {
    imported,
    updated,
    skipped,
    errors: parsed.errors,
    warnings: parsed.warnings,
    message: summary(imported, updated, capped, parsed.errors.length, agent.id === user.id ? 'the free plan' : `${agent.username}'s free plan`),
  };
  log.info('clients imported', { imported, updated, skipped });
  return { body: result };
});

function summary(imported: number, updated: number, capped: number, invalid: number, plan: string): string {
  const parts = [`Imported ${imported} new client${imported === 1 ? '' : 's'}${updated ? ` and updated ${updated}` : ''}.`];
  if (capped) parts.push(`${capped} ${capped === 1 ? 'row was' : 'rows were'} not imported: ${plan} allows ${FREE_CLIENT_LIMIT} clients. Upgrade to Pro for unlimited clients.`);
  if (invalid) parts.push(`${invalid} ${invalid === 1 ? 'row has' : 'rows have'} errors and ${invalid === 1 ? 'was' : 'were'} skipped.`);
  return parts.join(' ');
}

async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}
