// The local runtime's SDK clients reach dynalite in process: the same answers and errors as over HTTP, without a
// connection to its server and without computing a signature; a client made before the emulators (or without the local
// plugins) still goes over HTTP, signed.
import type { Server } from 'node:http';
import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DynamoDBClient,
  waitUntilTableExists,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { traced } from '../observability/tracing';
import { serveInProcess } from './dynamo-in-process';

let server: Server;
let endpoint: string;
let stop: () => void;
let connections = 0;

beforeAll(async () => {
  server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  server.on('connection', () => (connections += 1));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  stop = serveInProcess(server);
});
afterAll(async () => {
  stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = () => new DynamoDBClient({ endpoint, region: 'us-east-1', maxAttempts: 1 });

/** The Authorization headers of the client's requests, as they leave it (after signing). */
function authorizations(dynamo: DynamoDBClient): string[] {
  const seen: string[] = [];
  dynamo.middlewareStack.add(
    (next) => (args) => {
      seen.push(String((args.request as { headers: Record<string, string> }).headers.authorization));
      return next(args);
    },
    { step: 'deserialize' },
  );
  return seen;
}
const SIGNED = /^AWS4-HMAC-SHA256 Credential=\S+, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/;

async function roundTrip(dynamo: DynamoDBClient, table: string) {
  await dynamo.send(
    new CreateTableCommand({
      TableName: table,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await waitUntilTableExists({ client: dynamo, maxWaitTime: 10, minDelay: 0.05, maxDelay: 0.05 }, { TableName: table });
  const put = (name: string) =>
    dynamo.send(
      new PutItemCommand({
        TableName: table,
        Item: { pk: { S: 'a' }, name: { S: name } },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  await put('Ana');
  const refused = await put('Ben').catch((error: unknown) => error);
  const read = await dynamo.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'a' } } }));
  return { refused, item: read.Item, status: read.$metadata.httpStatusCode };
}

describe('DynamoDB calls of the local runtime', () => {
  it('are answered in process, with the same items and errors as over HTTP, and no connection', async () => {
    const before = connections;
    const local = traced(client());
    const unsigned = authorizations(local);
    const inProcess = await roundTrip(local, 'InProcess');
    expect(connections).toBe(before);

    const plain = client();
    const signed = authorizations(plain);
    const overHttp = await roundTrip(plain, 'OverHttp');
    expect(connections).toBeGreaterThan(before);

    // In process, the headers have a signature's form, as dynalite requires, but no signature was computed.
    expect(unsigned.length).toBeGreaterThan(3);
    for (const header of unsigned) expect(header).toMatch(/ Signature=not-computed-in-process$/);
    expect(signed.length).toBeGreaterThan(3);
    for (const header of signed) expect(header).toMatch(SIGNED);

    for (const answer of [inProcess, overHttp]) {
      expect(answer.item).toEqual({ pk: { S: 'a' }, name: { S: 'Ana' } });
      expect(answer.status).toBe(200);
      expect(answer.refused).toBeInstanceOf(ConditionalCheckFailedException);
    }
    expect((inProcess.refused as Error).message).toBe((overHttp.refused as Error).message);
  });

  it('go over HTTP, signed, to an address no emulator of this process serves', async () => {
    const other = dynalite({ createTableMs: 0 });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    let otherConnections = 0;
    other.on('connection', () => (otherConnections += 1));
    const port = (other.address() as { port: number }).port;
    try {
      const dynamo = traced(new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1' }));
      const sent = authorizations(dynamo);
      expect((await roundTrip(dynamo, 'Elsewhere')).item).toEqual({ pk: { S: 'a' }, name: { S: 'Ana' } });
      expect(otherConnections).toBeGreaterThan(0);
      for (const header of sent) expect(header).toMatch(SIGNED);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
