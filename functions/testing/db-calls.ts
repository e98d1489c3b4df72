// What a use case asks of the table: the commands it sends through the shared document client (functions/data/db.ts),
// in order, for the tests that hold a path to the reads it needs.
import { db } from '../data/db';

export type DbCall = { name: string; key?: Record<string, unknown> };

/** Runs `act`, recording each command sent through the document client meanwhile: its class name and key, if any. */
export async function dbCallsOf<T>(act: () => Promise<T>): Promise<{ result: T; calls: DbCall[] }> {
  const client = db();
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const calls: DbCall[] = [];
  const spy = jest.spyOn(client, 'send').mockImplementation(((command: {
    constructor: { name: string };
    input?: { Key?: Record<string, unknown> };
  }) => {
    calls.push({ name: command.constructor.name, ...(command.input?.Key ? { key: command.input.Key } : {}) });
    return send(command);
  }) as never);
  try {
    return { result: await act(), calls };
  } finally {
    spy.mockRestore();
  }
}

/** How many of `calls` read the item at `key` alone (GetCommand). */
export const readsOf = (calls: readonly DbCall[], key: Record<string, unknown>): number =>
  calls.filter((call) => call.name === 'GetCommand' && JSON.stringify(call.key) === JSON.stringify(key)).length;
