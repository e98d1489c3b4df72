// DynamoDB (dynalite, LevelDB on disk or in memory) and S3 (s3rver) started in this process; the SDK clients of this
// process reach dynalite without a socket (dynamo-in-process.ts), anything else over HTTP at its endpoint.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dynalite from 'dynalite';
import type { S3rverStore } from 's3rver';
import { serveInProcess } from './dynamo-in-process';

export type Emulator = { endpoint: string; close(): Promise<void> };
export type Emulators = { dynamoEndpoint: string; s3Endpoint: string; close(): Promise<void> };

const corsXml = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/** With a dataDir, data lives under dataDir/dynamodb and dataDir/s3 and survives restarts. */
export async function startEmulators({
  dataDir,
  buckets,
}: {
  dataDir?: string;
  buckets: string[];
}): Promise<Emulators> {
  const [dynamo, s3] = await Promise.all([startDynamo(dataDir), startS3({ dataDir, buckets })]);
  return {
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    async close() {
      await s3.close();
      await dynamo.close();
    },
  };
}

/** dynalite, in memory without a dataDir, served in process to this process's SDK clients. */
export async function startDynamo(dataDir?: string): Promise<Emulator> {
  if (dataDir) mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  const dynamo = dynalite({
    path: dataDir ? join(dataDir, 'dynamodb') : undefined,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    dynamo.once('error', reject);
    dynamo.listen(0, '127.0.0.1', () => resolve());
  });
  const stopInProcess = serveInProcess(dynamo);
  return {
    endpoint: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
    async close() {
      stopInProcess();
      await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    },
  };
}

/** s3rver with `buckets`, in a temporary directory without a dataDir; loaded on first use (its modules are slow). */
export async function startS3({ dataDir, buckets }: { dataDir?: string; buckets: string[] }): Promise<Emulator> {
  const { default: S3rver } = await import('s3rver');
  const s3Dir = dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'hearthside-s3-'));
  mkdirSync(s3Dir, { recursive: true });
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsXml] })),
  });
  serializeFolderChanges(s3.store);
  const s3Address = (await s3.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${s3Address.port}`,
    async close() {
      await s3.close();
      if (!dataDir) rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver keeps objects as files in folders and removes a folder a delete leaves empty: a write to that folder begun
 * meanwhile (an upload under an agent while the import job deletes the agent's last files) found it gone and answered
 * 500. AWS has no folders, so the store's writes and deletes take turns here, each whole.
 */
function serializeFolderChanges(store: S3rverStore): void {
  let turn: Promise<unknown> = Promise.resolve();
  for (const method of ['putObject', 'copyObject', 'deleteObject'] as const) {
    const original = store[method].bind(store);
    store[method] = (...args: unknown[]) => {
      const result = turn.then(() => original(...args));
      turn = result.catch(() => undefined);
      return result;
    };
  }
}
