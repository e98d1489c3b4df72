// POST /api/admin/clients/export: a CSV of the clients named (the admin's filtered list), re-read
// from the table, so the file holds what is stored, never what the browser sent.
import * as yup from 'yup';
import { todayIn } from '@shared/dates';
import { isId } from '@shared/schemas';
import { readClientsByRef, withAgentUsernames, type ClientRef } from '../../data/admin-clients';
import { toCsv } from '../../domain/csv-export';
import { CLIENT_COLUMNS } from '../../domain/export-columns';
import type { ExportTooLarge, NothingToExport } from '../../domain/refusals';
import { badRequest, HttpError, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const CLIENTS_EXPORT_MAX = 10_000;
export const NOTHING_TO_EXPORT = 'There are no clients matching your current filters.';
const CSV_MAX_BYTES = 5 * 1024 * 1024;
const ITEM_MESSAGE = 'Each client must be a client id, or an object with the client id and its agentId';

const isRef = (value: unknown): boolean =>
  isId(value) ||
  (typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    isId((value as ClientRef).id) &&
    ((value as ClientRef).agentId === undefined || isId((value as ClientRef).agentId)));

const schema = yup.object({
  clients: yup
    .array()
    .typeError('clients must be a list of client ids')
    .required(NOTHING_TO_EXPORT)
    .max(CLIENTS_EXPORT_MAX, `At most ${CLIENTS_EXPORT_MAX.toLocaleString('en-US')} clients can be exported at once.`)
    .of(yup.mixed<string | ClientRef>().test('client-ref', ITEM_MESSAGE, (value) => isRef(value))),
});

const REFUSALS = refusalAnswers<NothingToExport | ExportTooLarge>({
  'nothing-to-export': () => badRequest(NOTHING_TO_EXPORT, undefined, 'NOTHING_TO_EXPORT'),
  'export-too-large': ({ maxBytes }) =>
    new HttpError(
      413,
      `This export is larger than ${maxBytes / (1024 * 1024)} MB. Export fewer clients at a time, or use Export Data for everything.`,
      { code: 'EXPORT_TOO_LARGE' },
    ),
});

export const handler = defineHandler(
  'admin/post-admin-clients-export',
  { body: schema, refusals: REFUSALS },
  async ({ user, body }) => {
    const refs: ClientRef[] = (body.clients ?? []).map((c) =>
      typeof c === 'string' ? { id: c } : { id: c!.id, agentId: c!.agentId },
    );
    if (refs.length === 0) return { kind: 'nothing-to-export' };
    const clients = await withAgentUsernames(await readClientsByRef(refs));
    if (clients.length === 0) return { kind: 'nothing-to-export' };
    const csv = toCsv(CLIENT_COLUMNS, clients);
    if (Buffer.byteLength(csv) > CSV_MAX_BYTES) return { kind: 'export-too-large', maxBytes: CSV_MAX_BYTES };
    const fileName = `clients-export-${todayIn(user.timeZone)}.csv`;
    return {
      raw: { body: csv, contentType: 'text/csv; charset=utf-8' },
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    };
  },
);
