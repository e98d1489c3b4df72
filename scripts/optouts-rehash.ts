// `npm run optouts:rehash`: once after the deploy that keyed the platform's opt-outs by a hash, rewrites the records
// written before it (a number that texted STOP, an address SES bounced or complained of, in clear) under their keyed
// hash and deletes the clear ones. With TABLE_NAME set it works on that table (AWS, with the usual AWS credentials and
// SESSION_SECRET or the unsubscribe key's secret as the functions read them); without it, on the local runtime's data
// in DATA_DIR (default .data), which `npm start` must not be using at the same time.
import { rehashLegacyPlatformRecords } from '../functions/data/opt-out-marks';
import { startLocalRuntime, type LocalRuntime } from '../functions/local/server';

async function main(): Promise<void> {
  let runtime: LocalRuntime | undefined;
  if (process.env.TABLE_NAME) {
    process.env.APP_URL ??= 'http://localhost';
  } else {
    const dataDir = process.env.DATA_DIR ?? '.data';
    process.stdout.write(`Using the local data in ${dataDir}\n`);
    runtime = await startLocalRuntime({ dataDir, seed: 'none' });
  }
  try {
    const { rehashed } = await rehashLegacyPlatformRecords();
    process.stdout.write(`${rehashed} opt-out record(s) rewritten under their keyed hash\n`);
  } finally {
    await runtime?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
