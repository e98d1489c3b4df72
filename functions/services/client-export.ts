// An agent's own clients as a CSV, every field (the admin export's columns and formula-cell escaping). A book can be
// far above Lambda's 6 MB answer, so the file is streamed page by page into the exports bucket (which deletes it after
// a day) and answered as a short-lived download link.
import type { ClientsExport } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { agentClientPages } from '../data/export-sources';
import type { UserItem } from '../data/users';
import { csvStream } from '../domain/csv-export';
import { OWN_CLIENT_COLUMNS } from '../domain/export-columns';
import { randomId } from '../domain/signed-tokens';
import { agentExportKey, storeCsvExport } from '../integrations/export-files';
import type { Logger } from '../observability/logger';

/** Every client of the agent as hearthside-clients-YYYY-MM-DD.csv (the agent's date). */
export async function exportOwnClients(
  agent: Pick<UserItem, 'id' | 'timeZone'>,
  log: Pick<Logger, 'info'>,
  now = new Date(),
): Promise<ClientsExport> {
  let rows = 0;
  async function* counted() {
    for await (const page of agentClientPages(agent.id)) {
      rows += page.length;
      yield page;
    }
  }
  const fileName = `hearthside-clients-${todayIn(agent.timeZone, now)}.csv`;
  const key = agentExportKey('client-exports', agent.id, now, `${randomId()}.csv`);
  const stored = await storeCsvExport(key, fileName, csvStream(OWN_CLIENT_COLUMNS, counted()), now);
  log.info('client export stored', { agentId: agent.id, rows, bytes: stored.bytes });
  return { url: stored.url, expiresAt: stored.expiresAt, rows, fileName };
}
