// Test harness for the data layer and the services: the table alone, in an in-memory dynalite on a free port, with
// the configuration pointed at it. No HTTP server, no S3: a rule that only needs the table is tested here.
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand, type ScanCommandInput, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';
import { resetConfig } from '../config';
import { db, queryAll, resetDb, table } from '../data/db';
import { tableDefinition } from '../data/table-definition';

export type TestTable = {
  /** Every item in the table (a test's own small world: scanning it is how a test sees all that was written). */
  scan(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
};

const TABLE_NAME = 'hearthside-test';

/** A scan's filter: which items it keeps. */
type ScanFilter = Pick<ScanCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

/** Scans the table the configuration points at (this harness's or the API's) to its end, a page at a time. */
async function scanPages(input: Omit<ScanCommandInput, 'TableName'>, page: (out: ScanCommandOutput) => void) {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ ...input, TableName: table(), ExclusiveStartKey: start }));
    page(out);
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every item in the table (that `filter` keeps): a test's own small world, where a scan is how it sees all written. */
export async function everyItem(filter: ScanFilter = {}): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  await scanPages(filter, (out) => items.push(...(out.Items ?? [])));
  return items;
}

/** How many items of the table `filter` keeps, counted on DynamoDB's side (no item comes back). */
export async function countItems(filter: ScanFilter = {}): Promise<number> {
  let count = 0;
  await scanPages({ ...filter, Select: 'COUNT' }, (out) => (count += out.Count ?? 0));
  return count;
}

/** Every item of the partition `pk`, in the table the configuration points at (this harness's or the API's). */
export const partitionItems = <T = Record<string, unknown>>(pk: string): Promise<T[]> =>
  queryAll<T>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });

export async function startTestTable(): Promise<TestTable> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    TABLE_NAME,
    DYNAMODB_ENDPOINT: endpoint,
    APP_URL: process.env.APP_URL ?? 'http://localhost:3000',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  resetConfig();
  resetDb();
  const raw = new DynamoDBClient({ endpoint, region: 'us-east-1' });
  await raw.send(new CreateTableCommand(tableDefinition(TABLE_NAME)));
  return {
    scan: () => everyItem(),
    async close() {
      raw.destroy();
      resetDb();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
