// `npm run directory:rebuild`: writes the realtor search's index entries for every agent (those who
// registered before the index existed). Idempotent. With TABLE_NAME set it works on that table (AWS
// credentials as usual); without it, on the local data in DATA_DIR (default .data), not while
// `npm start` uses it.
import { rebuildAgentDirectory } from '../functions/data/directory-index';
import { startLocalRuntime, type LocalRuntime } from '../functions/local/server';

async function main(): Promise<void> {
  let runtime: LocalRuntime | undefined;
  if (process.env.TABLE_NAME) process.env.APP_URL ??= 'http://localhost';
  else runtime = await startLocalRuntime({ dataDir: process.env.DATA_DIR ?? '.data', seed: 'none' });
  try {
    process.stdout.write(`Indexed ${await rebuildAgentDirectory()} agents for the realtor search.\n`);
  } finally {
    await runtime?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
