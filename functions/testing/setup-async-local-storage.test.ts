// The test setup's AsyncLocalStorage: the class the code under test gets is Node's, tracked so that the file's
// instances are disabled when it ends, and it keeps a store through awaits as Node's does.
import { AsyncLocalStorage } from 'node:async_hooks';

const ORIGINAL = Symbol.for('hearth.test.AsyncLocalStorage');

it("gives the code under test a subclass of Node's AsyncLocalStorage that keeps its store across awaits", async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const hooks = require('node:async_hooks') as Record<symbol, unknown>;
  const original = hooks[ORIGINAL] as typeof AsyncLocalStorage;
  expect(AsyncLocalStorage).not.toBe(original);
  expect(AsyncLocalStorage.prototype).toBeInstanceOf(original);

  const storage = new AsyncLocalStorage<string>();
  const seen = await storage.run('inside', async () => {
    await new Promise((done) => setTimeout(done, 1));
    return storage.getStore();
  });
  expect(seen).toBe('inside');
  expect(storage.getStore()).toBeUndefined();
});
