// The environment of the function running now. In Lambda a process runs one function, so it is
// process.env; the local runtime runs every function of the stack in one process, each call inside
// runAsFunction with that function's own variables (functions/local/twin), so configuration, its
// caches and the SDK calls' permission checks follow the function, not the process.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareStack } from '@smithy/types';

export type FunctionScope = {
  /** The function's logical id in the template. */
  name: string;
  /** Exactly the variables the template gives the function. */
  env: NodeJS.ProcessEnv;
};

const storage = new AsyncLocalStorage<FunctionScope>();

export function runAsFunction<T>(scope: FunctionScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentFunction(): FunctionScope | undefined {
  return storage.getStore();
}

/** The variables the code sees: the running function's, else the process's. */
export function currentEnvironment(): NodeJS.ProcessEnv {
  return storage.getStore()?.env ?? process.env;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every client's own input/output types must fit
export type SdkClient = { middlewareStack: MiddlewareStack<any, any> };
type ClientPlugin = (client: SdkClient) => void;
const clientPlugins: ClientPlugin[] = [];

/** Something every SDK client the functions create gets (the twin's permission check); the local runtime adds it. */
export function addClientPlugin(plugin: ClientPlugin): () => void {
  clientPlugins.push(plugin);
  return () => {
    const index = clientPlugins.indexOf(plugin);
    if (index !== -1) clientPlugins.splice(index, 1);
  };
}

export function applyClientPlugins(client: SdkClient): void {
  for (const plugin of clientPlugins) plugin(client);
}
