// `npm run optouts:rehash`: once after the deploy that keyed the platform's opt-outs by a hash, rewrites the records
// written before it (a number that texted STOP, an address SES bounced or complained of, in clear) under their keyed
// hash and deletes the clear ones. With TABLE_NAME set it works on that table (AWS, with the usual AWS credentials and
// SESSION_SECRET or the unsubscribe key's secret as the functions read them); without it, on the local runtime's data
// in DATA_DIR (default .data), which `npm start` must not be using at the same time.
import { rehashLegacyPlatformRecords } from '../functions/data/opt-out-marks';
import { onOperatorData } from './operator-data';

async function main(): Promise<void> {
  const { rehashed } = await onOperatorData(rehashLegacyPlatformRecords);
  process.stdout.write(`${rehashed} opt-out record(s) rewritten under their keyed hash\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
