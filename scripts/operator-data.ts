// The data an operator's script works on: with TABLE_NAME set, that table (AWS, with the usual AWS credentials);
// without it, the local runtime's data in DATA_DIR (default .data), which `npm start` must not be using meanwhile.
import { startLocalRuntime, type LocalRuntime } from '../functions/local/server';

export async function onOperatorData<T>(work: () => Promise<T>): Promise<T> {
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
    return await work();
  } finally {
    await runtime?.close();
  }
}
