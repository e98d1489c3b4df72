// `npm run insights:recompute`: rebuilds every agent's insights counters and by-last-contact index
// from their data (functions/data/insights-recompute.ts). With TABLE_NAME set it works on that table
// (AWS credentials as usual); without it, on the local data in DATA_DIR (default .data), not while
// `npm start` uses it.
import { forEachAgentZonePage } from '../functions/data/digests';
import { recomputeAgentInsights } from '../functions/services/insights-recompute';
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
    const totals = { clients: 0, activities: 0, indexMoves: 0 };
    const { agents } = await forEachAgentZonePage(async (page) => {
      await forEachLimited(page, 2, async (agent) => {
        const result = await recomputeAgentInsights(agent);
        totals.clients += result.clients;
        totals.activities += result.activities;
        totals.indexMoves += result.indexMoves;
      });
    });
    process.stdout.write(
      `Recomputed the insights of ${agents} agents: ${totals.clients} clients, ${totals.activities} messages and touches read, ${totals.indexMoves} clients placed in the last-contact index.\n`,
    );
  } finally {
    await runtime?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
