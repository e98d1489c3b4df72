// Business metrics in CloudWatch embedded metric format (EMF): counted during an invocation and
// written as one JSON line at its end, which CloudWatch Logs turns into metrics with no API call
// and no extra permission. Hand-written rather than Powertools Metrics: docs/architecture.md,
// Observability, has the bundle figures behind that choice.
import { currentInvocation, type Invocation } from './invocation';
import { logLevel } from './logger';

export const METRICS_NAMESPACE = 'Hearthside';
/** The one dimension: per-route or per-agent dimensions would make a paid custom metric of each. */
export const METRICS_DIMENSIONS = { Service: 'hearthside' } as const;

export const BUSINESS_METRICS = [
  'ClientsCreated',
  'ImportRowsImported',
  'InvitationsSent',
  'ReviewRequestsSent',
  'AgentsRegistered',
  'LoginFailures',
  'ThrottleRefusals',
  'DigestsSent',
] as const;
export type MetricName = (typeof BUSINESS_METRICS)[number];

/** Adds to a metric of the current invocation; outside one (scripts, module loading) nothing is counted. */
export function countMetric(name: MetricName, value = 1): void {
  const metrics = currentInvocation()?.metrics;
  if (!metrics || !Number.isFinite(value) || value <= 0) return;
  metrics.set(name, (metrics.get(name) ?? 0) + value);
}

/** The EMF document of an invocation's metrics, or undefined when it counted none. */
export function emfDocument(
  invocation: Invocation,
  timestamp: number = Date.now(),
): Record<string, unknown> | undefined {
  if (invocation.metrics.size === 0) return undefined;
  const values = Object.fromEntries(invocation.metrics);
  const { requestId, awsRequestId, functionName, route, job } = invocation.fields;
  return {
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(METRICS_DIMENSIONS)],
          Metrics: Object.keys(values).map((Name) => ({ Name, Unit: 'Count' })),
        },
      ],
    },
    ...METRICS_DIMENSIONS,
    ...values,
    // Not dimensions: searchable in Logs Insights beside the request's log lines.
    requestId,
    ...(awsRequestId ? { awsRequestId } : {}),
    functionName,
    ...(route ? { route } : {}),
    ...(job ? { job } : {}),
  };
}

/**
 * Writes the invocation's metrics once and forgets them. In Lambda always (EMF is read from
 * stdout); locally only at LOG_LEVEL=debug, so the terminal shows them when asked.
 */
export function flushMetrics(invocation: Invocation): void {
  const document = emfDocument(invocation);
  invocation.metrics.clear();
  if (!document || !metricsWritten()) return;
  process.stdout.write(`${JSON.stringify(document)}\n`);
}

const metricsWritten = (): boolean => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) || logLevel() === 'debug';
