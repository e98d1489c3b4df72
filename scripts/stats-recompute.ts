// `npm run stats:recompute [-- --dry-run]`: rebuilds the analytics counters and each agent's
// clientCount from the data and prints the drift it fixed. With TABLE_NAME set it works on that
// table (AWS, with the usual AWS credentials); without it, on the local runtime's data in DATA_DIR
// (default .data), which `npm start` must not be using at the same time.
import { describeRecompute, recomputeStats } from '../functions/data/stats-recompute';
import { onOperatorData } from './operator-data';

async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  await onOperatorData(async () => {
    const report = await recomputeStats({ fix: !dryRun });
    for (const line of describeRecompute(report, dryRun)) process.stdout.write(`${line}\n`);
    if (report.conflicts.length > 0) process.exitCode = 2;
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
