// The DynamoDB document client, created once per process (on first use, after configuration).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, type DeleteCommand, type PutCommand, type QueryCommandInput, type UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

let client: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!client) {
    const { region, dynamoEndpoint } = config();
    const raw = new DynamoDBClient({ region, ...(dynamoEndpoint ? { endpoint: dynamoEndpoint } : {}), maxAttempts: 3 });
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

/**
 * Sends a conditional write: true when it was applied, false when its condition refused it (and
 * nothing was written). Any other failure is thrown.
 */
export async function writeIf(command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
  return (await sendIf(command)) !== null;
}

/** A conditional update with ReturnValues: the attributes it returned, or null when its condition refused it. */
export async function updateIf(command: UpdateCommand): Promise<Record<string, unknown> | null> {
  const output = await sendIf(command);
  return output && (output.Attributes ?? {});
}

async function sendIf(command: PutCommand | UpdateCommand | DeleteCommand): Promise<{ Attributes?: Record<string, unknown> } | null> {
  try {
    // send() is overloaded per command type; each of these is one of its overloads.
    const client = db();
    return await (client.send.bind(client) as (command: PutCommand | UpdateCommand | DeleteCommand) => Promise<{ Attributes?: Record<string, unknown> }>)(command);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

/** Every item a Query matches, following LastEvaluatedKey to the end. */
export async function queryAll<T = Record<string, unknown>>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Puts and deletes in batches of 25, retrying what DynamoDB leaves unprocessed (with backoff). */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = requests.slice(i, i + 25);
    for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
      if (attempt > 8) throw new Error('DynamoDB kept items unprocessed in a batch write');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 6)));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = out.UnprocessedItems?.[table()] as Record<string, unknown>[] | undefined;
    }
  }
}
