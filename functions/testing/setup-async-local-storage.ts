// Each test file's AsyncLocalStorage instances are disabled when the file ends. Node keeps every enabled instance in
// one list for the whole process and runs each one's propagation for every promise made afterwards; Jest loads the
// modules afresh for each file, so without this a worker's later files paid for the stores of all the files before.
import type { AsyncLocalStorage } from 'node:async_hooks';

const ORIGINAL = Symbol.for('hearth.test.AsyncLocalStorage');
// The module object itself, where the code under test reads the class (an import would give a copy of its exports).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hooks = require('node:async_hooks') as {
  AsyncLocalStorage: typeof AsyncLocalStorage;
  [ORIGINAL]?: typeof AsyncLocalStorage;
};
// Node's own class, kept on the module (shared by the worker's files) by the first file, as the later ones find a
// subclass in its place.
const Base = (hooks[ORIGINAL] ??= hooks.AsyncLocalStorage);
const created: AsyncLocalStorage<unknown>[] = [];

class TrackedAsyncLocalStorage<T> extends Base<T> {
  constructor() {
    super();
    created.push(this as AsyncLocalStorage<unknown>);
  }
}
// A value in place of Node 22's getter.
Object.defineProperty(hooks, 'AsyncLocalStorage', {
  value: TrackedAsyncLocalStorage,
  writable: true,
  enumerable: true,
  configurable: true,
});

afterAll(() => {
  for (const storage of created.splice(0)) storage.disable();
});
