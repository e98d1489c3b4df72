// GET /api/clients/export: every client of the signed-in agent, every field, as a CSV (the admin
// export's columns and formula-cell escaping). A book can be far above Lambda's 6 MB answer, so the
// file is streamed page by page into the exports bucket and answered as a short-lived link that
// downloads hearthside-clients-YYYY-MM-DD.csv (the agent's date).
import type { ClientsExport } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { agentClientPages } from '../../data/export-sources';
import { csvStream } from '../../domain/csv-export';
import { OWN_CLIENT_COLUMNS } from '../../domain/export-columns';
import { randomId } from '../../domain/signed-tokens';
import { defineHandler } from '../../http/handler';
import { agentExportKey, storeCsvExport } from '../../integrations/export-files';

export const handler = defineHandler('clients/get-clients-export', {}, async ({ user, log }) => {
  const now = new Date();
  let rows = 0;
  async function* counted() {
    for await (const page of agentClientPages(user.id)) {
      rows += page.length;
      yield page;
    }
  }
  const fileName = `hearthside-clients-${todayIn(user.timeZone, now)}.csv`;
  const key = agentExportKey('client-exports', user.id, now, `${randomId()}.csv`);
  const stored = await storeCsvExport(key, fileName, csvStream(OWN_CLIENT_COLUMNS, counted()), now);
  log.info('client export stored', { agentId: user.id, rows, bytes: stored.bytes });
  const body: ClientsExport = { url: stored.url, expiresAt: stored.expiresAt, rows, fileName };
  return { body };
});
