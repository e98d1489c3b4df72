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
  /** Complaints ("Report spam") of client e-mails: any alarms (infra/constructs/monitoring.ts), as a pause needs 3. */
  'SpamComplaints',
  /** An FHFA House Price Index file the monthly job could not store (the release in use is kept): any alarms. */
  'HomeValueIndexFailures',
  /** Google's 429 (its quota) on any call of the agents' connections: counted, never retried hot (README). */
  'GoogleQuotaLimited',
] as const;
/**
 * The platform's day so far on each channel, in percent of its circuit breaker (functions/data/outbound-caps.ts): the
 * highest a send of the invocation saw, alarmed on at 80 % (infra/constructs/monitoring.ts).
 */
export const PLATFORM_SHARE_METRICS = { email: 'PlatformEmailSharePercent', sms: 'PlatformSmsSharePercent' } as const;
type ShareMetricName = (typeof PLATFORM_SHARE_METRICS)[keyof typeof PLATFORM_SHARE_METRICS];
const SHARE_METRIC_NAMES: ReadonlySet<string> = new Set(Object.values(PLATFORM_SHARE_METRICS));
export type MetricName = (typeof BUSINESS_METRICS)[number];

/** Adds to a metric of the current invocation; outside one (scripts, module loading) nothing is counted. */
export function countMetric(name: MetricName, value = 1): void {
  const metrics = currentInvocation()?.metrics;
  if (!metrics || !Number.isFinite(value) || value <= 0) return;
  metrics.set(name, (metrics.get(name) ?? 0) + value);
}

/** Records a level of the current invocation (a share in percent): the highest it saw is written. */
export function recordLevel(name: ShareMetricName, value: number): void {
  const metrics = currentInvocation()?.metrics;
  if (!metrics || !Number.isFinite(value) || value < 0) return;
  metrics.set(name, Math.max(metrics.get(name) ?? 0, value));
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
          Metrics: Object.keys(values).map((Name) => ({
            Name,
            Unit: SHARE_METRIC_NAMES.has(Name) ? 'Percent' : 'Count',
          })),
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
