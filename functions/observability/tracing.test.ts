// The X-Ray capture against a real DynamoDB (dynalite) and a UDP socket standing in for the X-Ray
// daemon, which receives exactly what the daemon would: a JSON header line, then the subsegment.
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { DescribeTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startEmulators, type Emulators } from '../local/emulators';
import { daemonAddress, parseTraceHeader, traced, XRAY_MIDDLEWARE } from './tracing';

const ROOT = '1-5759e988-bd862e3fe1be46a994272793';
const PARENT = '53995c3f42cd8ad8';

let emulators: Emulators;
let daemon: Socket;
const received: string[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  emulators = await startEmulators({ buckets: [] });
  daemon = createSocket('udp4');
  daemon.on('message', (message) => received.push(message.toString('utf8')));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', () => resolve()));
});
afterAll(async () => {
  daemon.close();
  await emulators.close();
});
beforeEach(() => {
  received.length = 0;
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'HearthTraced';
  process.env._X_AMZN_TRACE_ID = `Root=${ROOT};Parent=${PARENT};Sampled=1;Lineage=a87bd80c:0`;
  process.env.AWS_XRAY_DAEMON_ADDRESS = `127.0.0.1:${(daemon.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const name of ['AWS_LAMBDA_FUNCTION_NAME', '_X_AMZN_TRACE_ID', 'AWS_XRAY_DAEMON_ADDRESS']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const dynamo = () => new DynamoDBClient({ endpoint: emulators.dynamoEndpoint, region: 'us-east-1', maxAttempts: 1 });

/** Records the trace header each request leaves with (after the X-Ray middleware ran). */
function spyTraceHeaders(client: DynamoDBClient): string[] {
  const headers: string[] = [];
  client.middlewareStack.add(
    (next) => async (args) => {
      headers.push((args.request as { headers: Record<string, string> }).headers['X-Amzn-Trace-Id'] ?? '');
      return next(args);
    },
    { step: 'finalizeRequest', name: 'spyTraceHeader' },
  );
  return headers;
}

async function subsegments(count: number): Promise<Array<Record<string, any>>> {
  for (let i = 0; i < 100 && received.length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return received.map((message) => {
    const [header, body] = message.split('\n');
    expect(JSON.parse(header!)).toEqual({ format: 'json', version: 1 });
    return JSON.parse(body!) as Record<string, any>;
  });
}

describe('X-Ray subsegments for AWS SDK calls', () => {
  it("sends one subsegment per call, under the invocation's trace, and passes the trace on to the service", async () => {
    // Prepare
    const client = traced(dynamo());
    const headers = spyTraceHeaders(client);

    // Act
    await client.send(new ListTablesCommand({}));

    // Assess
    const [document, ...rest] = await subsegments(1);
    expect(rest).toEqual([]);
    expect(document).toMatchObject({
      name: 'DynamoDB',
      type: 'subsegment',
      namespace: 'aws',
      trace_id: ROOT,
      parent_id: PARENT,
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      aws: { operation: 'ListTables', region: expect.any(String), retries: 0 },
      http: { response: { status: 200 } },
    });
    expect(document!.end_time).toBeGreaterThanOrEqual(document!.start_time);
    expect(document).not.toHaveProperty('error');
    expect(document).not.toHaveProperty('fault');
    expect(headers).toEqual([`Root=${ROOT};Parent=${document!.id};Sampled=1`]);
  });

  it("marks a call the service refused as an error with its exception, and keeps the SDK's error for the caller", async () => {
    const client = traced(dynamo());
    await expect(client.send(new DescribeTableCommand({ TableName: 'no-such-table' }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    const [document] = await subsegments(1);
    expect(document).toMatchObject({
      name: 'DynamoDB',
      aws: { operation: 'DescribeTable' },
      http: { response: { status: 400 } },
      error: true,
      cause: { exceptions: [{ type: 'ResourceNotFoundException', remote: true }] },
    });
    expect(document).not.toHaveProperty('fault');
  });

  it('names the service and operation for the document client too', async () => {
    const client = DynamoDBDocumentClient.from(traced(dynamo()));
    await expect(client.send(new GetCommand({ TableName: 'no-such-table', Key: { pk: 'a' } }))).rejects.toThrow();
    const [document] = await subsegments(1);
    expect(document).toMatchObject({ name: 'DynamoDB', aws: { operation: 'GetItem' } });
  });

  it('records nothing for an invocation X-Ray did not sample', async () => {
    process.env._X_AMZN_TRACE_ID = `Root=${ROOT};Parent=${PARENT};Sampled=0`;
    const client = traced(dynamo());
    const headers = spyTraceHeaders(client);
    await client.send(new ListTablesCommand({}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    // The SDK's own recursion-detection header: the invocation's trace, untouched.
    expect(headers).toEqual([process.env._X_AMZN_TRACE_ID]);
  });

  it('leaves the client plain outside Lambda (locally and in tests)', async () => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    const client = traced(dynamo());
    expect(client.middlewareStack.identify().some((name) => name.startsWith(XRAY_MIDDLEWARE))).toBe(false);
    await client.send(new ListTablesCommand({}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    expect(
      traced(new DynamoDBClient({}))
        .middlewareStack.identify()
        .some((name) => name.startsWith(XRAY_MIDDLEWARE)),
    ).toBe(false);
  });

  it("takes out the SDK's logger middleware, which walks every call's input and output for a logger we never give", async () => {
    // Prepare: a logger that would see what the middleware hands it.
    const logged: unknown[] = [];
    const logger = { debug() {}, info: (entry: unknown) => logged.push(entry), warn() {}, error() {} };
    const plain = new DynamoDBClient({ endpoint: emulators.dynamoEndpoint, region: 'us-east-1', logger });
    expect(plain.middlewareStack.identify().some((name) => name.startsWith('loggerMiddleware'))).toBe(true);

    // Act
    const client = traced(new DynamoDBClient({ endpoint: emulators.dynamoEndpoint, region: 'us-east-1', logger }));
    await client.send(new ListTablesCommand({}));

    // Assess
    expect(client.middlewareStack.identify().some((name) => name.startsWith('loggerMiddleware'))).toBe(false);
    expect(logged).toEqual([]);
  });

  it('reads the trace header and the daemon address in the forms Lambda sets', () => {
    expect(parseTraceHeader(`Root=${ROOT};Parent=${PARENT};Sampled=1`)).toEqual({
      root: ROOT,
      parent: PARENT,
      sampled: true,
    });
    expect(parseTraceHeader('Root=1-abc-def;Sampled=0')).toEqual({ root: '1-abc-def', sampled: false });
    expect(parseTraceHeader(undefined)).toBeUndefined();
    expect(parseTraceHeader('Parent=1')).toBeUndefined();
    expect(daemonAddress('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
    expect(daemonAddress('tcp:127.0.0.1:2000 udp:127.0.0.2:2001')).toEqual({ host: '127.0.0.2', port: 2001 });
    delete process.env.AWS_XRAY_DAEMON_ADDRESS;
    expect(daemonAddress()).toEqual({ host: '127.0.0.1', port: 2000 });
  });
});
