// X-Ray: each AWS SDK call made in Lambda becomes a subsegment of the function's trace, so a slow or
// failing request shows which DynamoDB, S3, SES, SNS or SQS call it waited on. It does what
// aws-xray-sdk-core's captureAWSv3Client does (an SDK middleware at the build step, the subsegment
// sent to the X-Ray daemon over UDP, the trace header passed on to the service) in a few hundred
// bytes instead of its 110 KB per bundle (docs/architecture.md, Observability). Locally and in
// tests the clients stay plain: `traced` changes nothing outside Lambda.
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import type { BuildMiddleware, MiddlewareStack } from '@smithy/types';
import { applyClientPlugins } from '../lib/function-environment';

// Types only (no code in the bundle): what every AWS SDK v3 client's middleware stack is typed
// with. Any client: its input and output types do not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every client's own input/output types must fit
type Client = { middlewareStack: MiddlewareStack<any, any> };
type ResponseMetadata = { httpStatusCode?: number; requestId?: string; attempts?: number };

export const XRAY_MIDDLEWARE = 'HearthXRaySubsegments';
/** The name @aws-sdk/core gives the middleware that logs each call through the client's `logger`. */
const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';
const DEFAULT_DAEMON = '127.0.0.1:2000';
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'Throttling',
]);

/**
 * Adds the X-Ray middleware to an SDK client when running in Lambda (and the local runtime's own, such as the twin's
 * permission check), takes out the SDK's logger middleware; returns the client.
 */
export function traced<C extends Client>(client: C): C {
  applyClientPlugins(client);
  // The SDK's logger middleware filters every call's input and output for sensitive members (a walk of both through
  // their schemas) to hand them to the client's logger, even the default no-op one. We give the SDK no logger (our
  // own log lines say what happened), so that walk is pure cost (about 4 % of faults.test's CPU).
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  if (process.env.AWS_LAMBDA_FUNCTION_NAME)
    client.middlewareStack.add(xrayMiddleware, { step: 'build', name: XRAY_MIDDLEWARE, override: true });
  return client;
}

export type TraceHeader = { root: string; parent?: string; sampled: boolean };

/** `Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1;Lineage=…` */
export function parseTraceHeader(value: string | undefined): TraceHeader | undefined {
  if (!value) return undefined;
  const parts = new Map(value.split(';').map((part) => part.trim().split('=') as [string, string | undefined]));
  const root = parts.get('Root');
  if (!root) return undefined;
  return {
    root,
    ...(parts.get('Parent') ? { parent: parts.get('Parent') } : {}),
    sampled: parts.get('Sampled') === '1',
  };
}

/** This invocation's trace: the runtime's per-invocation store when it has one, else the variable it sets. */
function currentTrace(): TraceHeader | undefined {
  const store = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId?: () => string | undefined } } })
    .awslambda?.InvokeStore;
  return parseTraceHeader(store?.getXRayTraceId?.() ?? process.env._X_AMZN_TRACE_ID);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one middleware for every client's commands
const xrayMiddleware: BuildMiddleware<any, any> = (next, context) => async (args) => {
  const trace = currentTrace();
  // An unsampled invocation records nothing; without a parent there is no segment to hang it on.
  if (!trace?.sampled || !trace.parent) return next(args);
  const id = randomBytes(8).toString('hex');
  const request = args.request as { headers?: Record<string, string> } | undefined;
  if (request?.headers) request.headers['X-Amzn-Trace-Id'] = `Root=${trace.root};Parent=${id};Sampled=1`;
  const call = {
    id,
    trace,
    service: (context.clientName ?? 'AWS').replace(/(Document)?Client$/, ''),
    operation: (context.commandName ?? 'Unknown').replace(/Command$/, ''),
    startTime: Date.now() / 1000,
  };
  try {
    const output = await next(args);
    sendToDaemon(subsegment(call, (output.output as { $metadata?: ResponseMetadata } | undefined)?.$metadata));
    return output;
  } catch (error) {
    sendToDaemon(subsegment(call, (error as { $metadata?: ResponseMetadata }).$metadata, error));
    throw error;
  }
};

type Call = { id: string; trace: TraceHeader; service: string; operation: string; startTime: number };

/** An X-Ray subsegment document sent on its own (`type: subsegment`, with its trace and parent ids). */
export function subsegment(
  call: Call,
  metadata: ResponseMetadata | undefined,
  error?: unknown,
): Record<string, unknown> {
  const status = metadata?.httpStatusCode;
  const name = error instanceof Error ? error.name : undefined;
  const throttled = status === 429 || (name !== undefined && THROTTLING.has(name));
  // X-Ray's flags: error for a 4xx, fault for a 5xx or a call that got no answer at all.
  const fault = error !== undefined && !throttled && (status === undefined || status >= 500);
  return {
    name: call.service,
    id: call.id,
    trace_id: call.trace.root,
    parent_id: call.trace.parent,
    type: 'subsegment',
    namespace: 'aws',
    start_time: call.startTime,
    end_time: Date.now() / 1000,
    aws: {
      operation: call.operation,
      ...(process.env.AWS_REGION ? { region: process.env.AWS_REGION } : {}),
      ...(metadata?.requestId ? { request_id: metadata.requestId } : {}),
      retries: Math.max(0, (metadata?.attempts ?? 1) - 1),
    },
    ...(status ? { http: { response: { status } } } : {}),
    ...(throttled ? { throttle: true, error: true } : {}),
    ...(error !== undefined && !throttled && !fault ? { error: true } : {}),
    ...(fault ? { fault: true } : {}),
    ...(error instanceof Error
      ? {
          cause: {
            exceptions: [
              {
                id: randomBytes(8).toString('hex'),
                type: error.name,
                message: error.message,
                remote: status !== undefined,
              },
            ],
          },
        }
      : {}),
  };
}

let socket: Socket | undefined;

/** The daemon's UDP address: AWS_XRAY_DAEMON_ADDRESS is `host:port` or `udp:host:port tcp:host:port`. */
export function daemonAddress(value: string | undefined = process.env.AWS_XRAY_DAEMON_ADDRESS): {
  host: string;
  port: number;
} {
  const udp =
    (value ?? DEFAULT_DAEMON)
      .split(/\s+/)
      .find((part) => !part.startsWith('tcp:'))
      ?.replace(/^udp:/, '') ?? DEFAULT_DAEMON;
  const at = udp.lastIndexOf(':');
  return { host: udp.slice(0, at), port: Number(udp.slice(at + 1)) };
}

function sendToDaemon(document: Record<string, unknown>): void {
  const { host, port } = daemonAddress();
  if (!socket) {
    socket = createSocket('udp4');
    socket.unref();
    socket.on('error', () => undefined);
  }
  // The daemon's protocol: a JSON header line, then the segment document.
  socket.send(`{"format":"json","version":1}\n${JSON.stringify(document)}`, port, host, () => undefined);
}
