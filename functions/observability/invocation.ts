// One Lambda invocation's identity (request ids, route or job, function name, cold start) and the
// metrics it counts, held in AsyncLocalStorage: any logger or counter anywhere in the call (a data
// module's own logger included) finds them without being handed them, and concurrent requests in
// the local server never see each other's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';

export type InvocationFields = {
  /** API Gateway's request id for a route (also the x-request-id answer header), else Lambda's. */
  requestId: string;
  /** Lambda's own request id: the one in the platform's START/END/REPORT lines. */
  awsRequestId?: string;
  functionName: string;
  /** True on the first invocation of this execution environment (it paid for loading the bundle). */
  coldStart: boolean;
  /** The route key (`GET /api/calendar/{file}`), never the path: paths carry bearer tokens. */
  route?: string;
  job?: string;
};

export type Invocation = { fields: InvocationFields; metrics: Map<string, number> };

const storage = new AsyncLocalStorage<Invocation>();
let coldStart = true;

/** Starts an invocation's record: to be run with `runInvocation`. */
export function newInvocation(
  context: Partial<Context> | undefined,
  fields: { requestId?: string; route?: string; job?: string },
): Invocation {
  const awsRequestId = context?.awsRequestId || undefined;
  const invocation: Invocation = {
    fields: {
      requestId: fields.requestId || awsRequestId || globalThis.crypto.randomUUID(),
      ...(awsRequestId ? { awsRequestId } : {}),
      functionName: context?.functionName || process.env.AWS_LAMBDA_FUNCTION_NAME || 'local',
      coldStart,
      ...(fields.route ? { route: fields.route } : {}),
      ...(fields.job ? { job: fields.job } : {}),
    },
    metrics: new Map(),
  };
  coldStart = false;
  return invocation;
}

export function runInvocation<T>(invocation: Invocation, fn: () => Promise<T>): Promise<T> {
  return storage.run(invocation, fn);
}

/** The invocation this code runs in, if any (module loading and scripts run outside one). */
export function currentInvocation(): Invocation | undefined {
  return storage.getStore();
}
