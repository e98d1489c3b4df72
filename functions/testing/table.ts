// Test harness for the data layer and the services: the table alone, in an in-memory dynalite on a free port, with
// the configuration pointed at it. No HTTP server, no S3: a rule that only needs the table is tested here.
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';
import { resetConfig } from '../config';
import { resetDb } from '../data/db';
import { tableDefinition } from '../data/table-definition';

export type TestTable = {
  /** Every item in the table (a test's own small world: scanning it is how a test sees all that was written). */
  scan(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
};

const TABLE_NAME = 'hearthside-test';

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
  const documents = DynamoDBDocumentClient.from(raw);
  return {
    async scan() {
      const items: Array<Record<string, unknown>> = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await documents.send(new ScanCommand({ TableName: TABLE_NAME, ExclusiveStartKey: start }));
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      return items;
    },
    async close() {
      raw.destroy();
      resetDb();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
