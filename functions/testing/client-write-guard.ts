// Holds the client record's one-writer rule over every server test file (jest.config.js, setupFilesAfterEnv): each
// DynamoDB write of a client item (pk AGENT#…, sk CLIENT#…) made while a test runs, through the document client or
// the raw client, is traced to the module that issued it, and a file whose tests made one from any module but
// functions/client-record/record.ts fails. A test file may still write a client item itself to arrange a case.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const OWNER = 'functions/client-record/record.ts';
/**
 * The transport, a test's recorder of the calls (db-calls.ts) and this guard: the module that called through them is
 * the writer.
 */
const PASS_THROUGH = [
  'functions/data/db.ts',
  'functions/testing/db-calls.ts',
  'functions/testing/client-write-guard.ts',
];

type Key = Record<string, unknown>;
const text = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? undefined);
const isClientKey = (key: Key | undefined) =>
  !!key && !!text(key.pk)?.startsWith('AGENT#') && !!text(key.sk)?.startsWith('CLIENT#');

/** The keys a command writes (puts, updates and deletes, one at a time or in a batch). */
export function writtenKeys(command: { constructor: { name: string }; input?: unknown }): Key[] {
  const input = (command.input ?? {}) as {
    Item?: Key;
    Key?: Key;
    RequestItems?: Record<string, Array<{ PutRequest?: { Item?: Key }; DeleteRequest?: { Key?: Key } }>>;
  };
  switch (command.constructor.name) {
    case 'PutCommand':
    case 'PutItemCommand':
      return input.Item ? [input.Item] : [];
    case 'UpdateCommand':
    case 'UpdateItemCommand':
    case 'DeleteCommand':
    case 'DeleteItemCommand':
      return input.Key ? [input.Key] : [];
    case 'BatchWriteCommand':
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems ?? {})
        .flat()
        .flatMap((request) => [request.PutRequest?.Item, request.DeleteRequest?.Key])
        .filter((key): key is Key => key !== undefined);
    default:
      return [];
  }
}

/**
 * The project file (relative to the root) that issued a call, from the files of its stack frames, innermost first: the
 * first one past the transport.
 */
export function writerOf(files: readonly string[], root: string): string | undefined {
  for (const path of files) {
    if (!path.startsWith(`${root}/`) || path.includes('/node_modules/')) continue;
    const file = path.slice(root.length + 1);
    if (!PASS_THROUGH.includes(file)) return file;
  }
  return undefined;
}

/**
 * The files of the caller's stack frames, innermost first, read from V8's call sites: a formatted stack would go
 * through the test run's source maps frame by frame, which cost about 5 % of an API test's CPU on every client write.
 */
function callerFiles(below: (...args: never[]) => unknown): string[] {
  const { prepareStackTrace, stackTraceLimit } = Error;
  const holder: { stack?: unknown } = {};
  try {
    Error.stackTraceLimit = 40;
    Error.prepareStackTrace = (_error, sites) => sites;
    Error.captureStackTrace(holder, below);
    return ((holder.stack ?? []) as NodeJS.CallSite[]).map((site) => site.getFileName() ?? '');
  } finally {
    Error.prepareStackTrace = prepareStackTrace;
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Whether that writer may write a client item: the owner, or a test file arranging its case. */
export const mayWriteClient = (writer: string | undefined) =>
  writer === OWNER || (writer !== undefined && /\.test\.tsx?$/.test(writer));

const violations: string[] = [];

/** The writes outside the owner seen so far, emptied (the guard's own test reads the ones it provoked). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

export function installClientWriteGuard(root: string): void {
  for (const client of [DynamoDBDocumentClient, DynamoDBClient] as const) {
    const prototype = client.prototype as unknown as { send: (command: never, ...rest: unknown[]) => unknown };
    if (Object.prototype.hasOwnProperty.call(prototype, 'send')) continue;
    const send = prototype.send;
    prototype.send = function guardedSend(this: unknown, command: never, ...rest: unknown[]) {
      const keys = writtenKeys(command).filter(isClientKey);
      if (keys.length > 0) {
        const writer = writerOf(callerFiles(guardedSend), root);
        if (!mayWriteClient(writer)) {
          const { name } = (command as { constructor: { name: string } }).constructor;
          violations.push(`${name} of ${text(keys[0]!.sk)} from ${writer ?? 'an unknown module'}`);
        }
      }
      return send.call(this, command, ...rest);
    };
  }
}
