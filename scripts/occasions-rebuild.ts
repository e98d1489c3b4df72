// `npm run occasions:rebuild`: writes the client list, search, occasion and check-in entries (GET /api/clients
// pages, sorts and search; the automations, the dashboard and /reminders) for every client of every
// agent, for data written before they existed, and deletes the occasion index's entries of before
// (one partition per day). Idempotent: entries that exist
// are written again unchanged; a stale entry (a date since changed) is harmless, as readers check
// each entry against its client. With TABLE_NAME set it works on that table (AWS credentials as
// usual); without it, on the local data in DATA_DIR (default .data), not while `npm start` uses it.
import { rewriteClientEntries } from '../functions/client-record/derived';
import { listClients } from '../functions/data/clients';
import { forEachAgentZonePage } from '../functions/data/digests';
import { deleteLegacyOccasionEntries } from '../functions/data/occasions';
import { forEachLimited } from '../functions/lib/concurrency';
import { startLocalRuntime, type LocalRuntime } from '../functions/local/server';

async function main(): Promise<void> {
  let runtime: LocalRuntime | undefined;
  if (process.env.TABLE_NAME) process.env.APP_URL ??= 'http://localhost';
  else
    runtime = await startLocalRuntime({
      dataDir: process.env.DATA_DIR ?? '.data',
      seed: 'none',
      hourlyReminders: false,
    });
  try {
    let clients = 0;
    let entries = 0;
    let legacy = 0;
    const { agents } = await forEachAgentZonePage(async (page) => {
      await forEachLimited(page, 4, async ({ id }) => {
        const book = await listClients(id);
        clients += book.length;
        entries += await rewriteClientEntries(book);
        legacy += await deleteLegacyOccasionEntries(id);
      });
    });
    process.stdout.write(
      `Wrote ${entries} list, search, occasion and check-in entries for ${clients} clients of ${agents} agents; deleted ${legacy} entries of the old occasion index.\n`,
    );
  } finally {
    await runtime?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
