// What a use case asks of the table: the commands it sends through the shared document client (functions/data/db.ts),
// in order, for the tests that hold a path to the reads it needs.
import { db } from '../data/db';

type Key = Record<string, unknown>;
/** A command: its class name, and the keys it names (one for a Get, Update or Delete; each of a BatchGet's). */
export type DbCall = { name: string; keys: Key[] };

type Command = {
  constructor: { name: string };
  input?: { Key?: Key; RequestItems?: Record<string, { Keys?: Key[] }> };
};
const keysOf = ({ input }: Command): Key[] =>
  input?.Key ? [input.Key] : Object.values(input?.RequestItems ?? {}).flatMap((table) => table.Keys ?? []);

/** Runs `act`, recording each command sent through the document client meanwhile. */
export async function dbCallsOf<T>(act: () => Promise<T>): Promise<{ result: T; calls: DbCall[] }> {
  const client = db();
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const calls: DbCall[] = [];
  const spy = jest.spyOn(client, 'send').mockImplementation(((command: Command) => {
    calls.push({ name: command.constructor.name, keys: keysOf(command) });
    return send(command);
  }) as never);
  try {
    return { result: await act(), calls };
  } finally {
    spy.mockRestore();
  }
}

/** How many of `calls` read the item at `key`, alone (GetCommand) or in a batch (BatchGetCommand). */
export const readsOf = (calls: readonly DbCall[], key: Key): number =>
  calls.filter(
    (call) =>
      (call.name === 'GetCommand' || call.name === 'BatchGetCommand') &&
      call.keys.some((named) => JSON.stringify(named) === JSON.stringify(key)),
  ).length;
