// `npm run stats:recompute [-- --dry-run]`: rebuilds the analytics counters and each agent's
// clientCount from the data and prints the drift it fixed. With TABLE_NAME set it works on that
// table (AWS, with the usual AWS credentials); without it, on the local runtime's data in DATA_DIR
// (default .data), which `npm start` must not be using at the same time.
import { describeRecompute, recomputeStats } from '../functions/data/stats-recompute';
import { startLocalRuntime, type LocalRuntime } from '../functions/local/server';

async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  let runtime: LocalRuntime | undefined;
  if (process.env.TABLE_NAME) {
    process.env.APP_URL ??= 'http://localhost';
  } else {
    const dataDir = process.env.DATA_DIR ?? '.data';
    process.stdout.write(`Using the local data in ${dataDir}\n`);
    try {
      runtime = await startLocalRuntime({ dataDir, seed: 'none' });
    } catch (error) {
      throw new Error(
        `Could not open the local data in ${dataDir} (is \`npm start\` running? Stop it first): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  try {
    const report = await recomputeStats({ fix: !dryRun });
    for (const line of describeRecompute(report, dryRun)) process.stdout.write(`${line}\n`);
    if (report.conflicts.length > 0) process.exitCode = 2;
  } finally {
    await runtime?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
