// The DynamoDB document client, created once per process (on first use, after configuration).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type DeleteCommand,
  PutCommand,
  type QueryCommandInput,
  type UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { decodeCursor, encodeCursor, type CursorKey } from './cursors';
import { traced } from '../observability/tracing';

let client: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!client) {
    const { region, dynamoEndpoint } = config();
    const raw = traced(
      new DynamoDBClient({ region, ...(dynamoEndpoint ? { endpoint: dynamoEndpoint } : {}), maxAttempts: 3 }),
    );
    client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  }
  return client;
}

export const table = (): string => config().tableName;

/** Drop the cached client (tests and the local runtime point it elsewhere). */
export function resetDb(): void {
  client = undefined;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

type ConditionalWrite = PutCommand | UpdateCommand | DeleteCommand;

/**
 * Sends a conditional write: its output (with `Attributes` when the command asks for them), or
 * undefined when its condition refused it (and nothing was written). Any other failure is thrown.
 */
export async function sendIf(command: ConditionalWrite): Promise<{ Attributes?: Record<string, unknown> } | undefined> {
  try {
    // send() is overloaded per command type; each of these is one of its overloads.
    const client = db();
    return await (
      client.send.bind(client) as (command: ConditionalWrite) => Promise<{ Attributes?: Record<string, unknown> }>
    )(command);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** Sends a conditional write: true when it was applied, false when its condition refused it. */
export async function writeIf(command: ConditionalWrite): Promise<boolean> {
  return (await sendIf(command)) !== undefined;
}

/**
 * The end of a record that lives `lifetimeSeconds` from `now`: `expiresAt`, which its reads check, and DynamoDB's `ttl`
 * (epoch seconds) `keptSeconds` later, after which the table deletes it.
 */
export function expiryFields(now: Date, lifetimeSeconds: number, keptSeconds = 0): { expiresAt: string; ttl: number } {
  const expires = new Date(now.getTime() + lifetimeSeconds * 1000);
  return { expiresAt: expires.toISOString(), ttl: Math.floor(expires.getTime() / 1000) + keptSeconds };
}

/** A conditional update with ReturnValues: the attributes it returned, or null when its condition refused it. */
export async function updateIf(command: UpdateCommand): Promise<Record<string, unknown> | null> {
  const output = await sendIf(command);
  return output ? (output.Attributes ?? {}) : null;
}

/** Writes the whole item (its key inside it), replacing any item under that key: an unconditional Put. */
export async function putItem(item: Record<string, unknown>): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: item }));
}

/** The item under `key`, or undefined; `consistent` reads it strongly consistent. */
export async function getItem<T>(key: Record<string, unknown>, { consistent = false } = {}): Promise<T | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: key, ...(consistent ? { ConsistentRead: true } : {}) }),
  );
  return out.Item as T | undefined;
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** A Query's pages one at a time, following LastEvaluatedKey to the end or until the caller stops reading. */
export async function* queryPages<T = Record<string, unknown>>(input: QueryInput): AsyncGenerator<T[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: startKey }));
    yield (page.Items ?? []) as T[];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches, following LastEvaluatedKey to the end. */
export async function queryAll<T = Record<string, unknown>>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages<T>(input)) items.push(...page);
  return items;
}

/** The last `limit` items of partition `pk` whose sort key starts with `prefix`, last first: one Query. */
export async function lastItems<T = Record<string, unknown>>(
  pk: string,
  prefix: string,
  { limit, consistent = false }: { limit: number; consistent?: boolean },
): Promise<T[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return (out.Items ?? []) as T[];
}

/**
 * One page of a Query, from where `cursor` (the page before's `nextCursor`) left off, and the next page's cursor (null
 * after the last). A cursor that is not a key of this list (`cursorKey`) is refused: InvalidCursorError.
 */
export async function queryPage<T = Record<string, unknown>>(
  input: QueryInput,
  cursor: string | undefined,
  cursorKey: CursorKey,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const startKey = decodeCursor(cursor, cursorKey);
  const page = await db().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: startKey }));
  return { items: (page.Items ?? []) as T[], nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

/** How many items a query matches, counted page by page on DynamoDB's side (no item comes back). */
export async function countQuery(input: Omit<QueryInput, 'Select'>) {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, TableName: table(), Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Puts and deletes in batches of 25, retrying what DynamoDB leaves unprocessed (with backoff). */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    await withUnprocessedRetried(requests.slice(i, i + 25), 'items unprocessed in a batch write', async (pending) => {
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      return out.UnprocessedItems?.[table()] as WriteRequest[] | undefined;
    });
  }
}

export async function batchDelete(keys: Array<{ pk: string; sk: string }>): Promise<void> {
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/**
 * The items under these keys, 100 keys a BatchGet, retrying what DynamoDB leaves unprocessed (with
 * backoff). Missing items are left out; the order is DynamoDB's.
 */
export async function batchGet<T = Record<string, unknown>>(
  keys: ReadonlyArray<Record<string, unknown>>,
  options: {
    ConsistentRead?: boolean;
    ProjectionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
  } = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    await withUnprocessedRetried(keys.slice(i, i + 100), 'keys unprocessed in a batch read', async (pending) => {
      const out = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { ...options, Keys: pending } } }));
      items.push(...((out.Responses?.[table()] ?? []) as T[]));
      return out.UnprocessedKeys?.[table()]?.Keys;
    });
  }
  return items;
}

/** Sends `batch`, then what it left unprocessed, with a growing pause, until nothing is left. */
async function withUnprocessedRetried<T>(
  batch: T[],
  what: string,
  send: (pending: T[]) => Promise<T[] | undefined>,
): Promise<void> {
  let pending: T[] | undefined = batch;
  for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
    if (attempt > 8) throw new Error(`DynamoDB kept ${what}`);
    if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 6)));
    pending = await send(pending);
  }
}

/**
 * `SET`/`ADD` of several attributes by name (`#f0 :v0, #f1 :v1`): the expression and its names and values, for
 * counters.
 */
export function fieldsExpression(action: 'ADD' | 'SET', entries: ReadonlyArray<readonly [string, unknown]>) {
  const pair = action === 'ADD' ? (i: number) => `#f${i} :v${i}` : (i: number) => `#f${i} = :v${i}`;
  return {
    UpdateExpression: `${action} ${entries.map((_, i) => pair(i)).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
  };
}
