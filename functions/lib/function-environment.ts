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
  /** The variables as the template sets them, before the local runtime put its ports in (MAIL_PROVIDER: ses…). */
  deployed?: Readonly<Record<string, string>>;
  /** The twin's permission check of one AWS call, as the function's role would meet it in AWS (throws when denied). */
  authorize?: (call: AwsCall) => void;
};

/** One AWS SDK call: the client's and the command's class names (`SESv2Client`, `SendEmailCommand`) and its input. */
export type AwsCall = { client: string; command: string; input: object };

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

/**
 * An AWS call made without the SDK's middleware (a presigned POST is signed, not sent): checked as a sent one is.
 */
export function authorizeAwsCall(call: AwsCall): void {
  storage.getStore()?.authorize?.(call);
}

/**
 * A local port stands in for an AWS call here (the outbox for SES, the local composer for Bedrock…): under the twin,
 * when the template's variables say the deployed function makes that call (`MAIL_PROVIDER` is `ses`), the call it would
 * make is checked against its role first, so a permission missing in AWS fails here too. Both get the deployed
 * variables (the KMS key the port replaced).
 */
export function authorizeStandIn(
  deploysCall: (deployed: Readonly<Record<string, string>>) => boolean,
  call: (deployed: Readonly<Record<string, string>>) => AwsCall,
): void {
  const scope = storage.getStore();
  if (!scope?.authorize || !scope.deployed || !deploysCall(scope.deployed)) return;
  scope.authorize(call(scope.deployed));
}

/**
 * Runs `fn` as the process, not the running function: what a local port that plays an AWS service holds (the key a KMS
 * stand-in encrypts with) is the service's, never the calling function's configuration.
 */
export function asStandIn<T>(fn: () => T): T {
  return storage.exit(fn);
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
