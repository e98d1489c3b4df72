// What an operator watches: alarms on the API's 5xx rate and on each route's p99 latency, the
// reminders jobs' dead-letter alarms (made by infra/constructs/jobs.ts), the platform's daily sends, a client's spam
// complaint (an administrator reviews the agent; a pause needs three complainants), all sent to one encrypted
// SNS topic (e-mailed when -c alarmEmail=… is given), and one dashboard with those and the business
// metrics the functions write in EMF (functions/observability/metrics.ts).
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import {
  BUSINESS_METRICS,
  METRICS_DIMENSIONS,
  METRICS_NAMESPACE,
  PLATFORM_SHARE_METRICS,
} from '../../functions/observability/metrics';
import { ROUTE_DEFAULTS, type Route } from '../../functions/routes';
import type { Api } from './api';
import type { Jobs } from './jobs';
import { constructIdForSlug } from './route-function';

/** A route alarms when its function's p99 duration stays above this for 15 minutes. */
export const DEFAULT_P99_LATENCY_MS = 3000;
/** The API alarms when this share of its answers (in percent) are 5xx for 10 minutes. */
export const DEFAULT_API_5XX_PERCENT = 5;
/** The platform's client sends alarm when a day's reach this share (in percent) of the circuit breaker. */
export const PLATFORM_SHARE_ALARM_PERCENT = 80;
/** Below this many requests in 5 minutes the 5xx rate is not judged: one failure in three requests is not an outage. */
export const MIN_REQUESTS_FOR_5XX_RATE = 10;

export type MonitoringProps = {
  api: Api;
  /** The routes the Api was built from, in the same order: one latency alarm each. */
  routes: readonly Route[];
  jobs: Jobs;
  /** Who is e-mailed when an alarm fires; without it the alarms go to the topic only (subscribe later). */
  alarmEmail?: string;
  p99LatencyMs?: number;
  api5xxPercent?: number;
};

const PERIOD = Duration.minutes(5);

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly api5xxAlarm: cloudwatch.Alarm;
  /** One per route, in the route table's order. */
  readonly latencyAlarms: readonly cloudwatch.Alarm[];
  /** The day's client e-mails, then texts, at 80 % of the platform's circuit breaker. */
  readonly platformShareAlarms: readonly cloudwatch.Alarm[];
  /** A client marked an agent's e-mail as spam (jobs/ses-events' SpamComplaints). */
  readonly spamComplaintsAlarm: cloudwatch.Alarm;
  /** A FHFA House Price Index file the monthly job could not store (jobs/home-values-sync's HomeValueIndexFailures). */
  readonly homeValueIndexAlarm: cloudwatch.Alarm;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { api, jobs } = props;
    const p99LatencyMs = props.p99LatencyMs ?? DEFAULT_P99_LATENCY_MS;
    this.topic = this.alarmTopic(props.alarmEmail);
    const action = new cloudwatchActions.SnsAction(this.topic);

    const requests = api.httpApi.metricCount({ period: PERIOD, statistic: cloudwatch.Stats.SUM, label: 'Requests' });
    const serverErrors = api.httpApi.metricServerError({
      period: PERIOD,
      statistic: cloudwatch.Stats.SUM,
      label: '5xx',
    });
    const clientErrors = api.httpApi.metricClientError({
      period: PERIOD,
      statistic: cloudwatch.Stats.SUM,
      label: '4xx',
    });
    const serverErrorRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${MIN_REQUESTS_FOR_5XX_RATE}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: PERIOD,
      label: '5xx, % of requests',
    });
    const api5xxPercent = props.api5xxPercent ?? DEFAULT_API_5XX_PERCENT;
    this.api5xxAlarm = serverErrorRate.createAlarm(this, 'Api5xxRateAlarm', {
      alarmDescription: `More than ${api5xxPercent}% of API answers were 5xx for 10 minutes. The functions' logs (level "error") name the cause by request id.`,
      threshold: api5xxPercent,
      evaluationPeriods: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // Lambda's own Duration per route function: free, and one function is one route. A route with a
    // longer timeout of its own (the import) is held to half of it instead.
    if (api.routeFunctions.length !== props.routes.length)
      throw new Error('Monitoring needs the routes the Api was built from');
    const p99 = props.routes.map((route, index) => ({
      route,
      metric: api.routeFunctions[index]!.function.metricDuration({ period: PERIOD, statistic: cloudwatch.Stats.p(99) }),
      thresholdMs:
        route.timeoutSeconds && route.timeoutSeconds > ROUTE_DEFAULTS.timeoutSeconds
          ? Math.max(p99LatencyMs, route.timeoutSeconds * 500)
          : p99LatencyMs,
    }));
    // Each route's alarm beside its function, in the route's nested stack (infra/constructs/api.ts).
    this.latencyAlarms = p99.map(({ route, metric, thresholdMs }, index) =>
      metric.createAlarm(api.routeFunctions[index]!, `${constructIdForSlug(route.handler)}P99Alarm`, {
        alarmDescription: `p99 latency of ${route.method} ${route.path} above ${thresholdMs} ms for 15 minutes.`,
        threshold: thresholdMs,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // The send path writes the day's count as a share of the breaker (EMF, functions/services/send-limits.ts): the
    // highest in 5 minutes reaching 80 % warns before client sends start being refused.
    const platformShares = (['email', 'sms'] as const).map(
      (channel) =>
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: PLATFORM_SHARE_METRICS[channel],
          dimensionsMap: { ...METRICS_DIMENSIONS },
          statistic: cloudwatch.Stats.MAXIMUM,
          period: PERIOD,
        }),
    );
    this.platformShareAlarms = platformShares.map((metric, index) =>
      metric.createAlarm(this, index === 0 ? 'PlatformEmailShareAlarm' : 'PlatformSmsShareAlarm', {
        alarmDescription: `Client ${index === 0 ? 'e-mails' : 'texts'} sent today reached ${PLATFORM_SHARE_ALARM_PERCENT}% of the platform's daily circuit breaker (PLATFORM_DAILY_${index === 0 ? 'EMAIL' : 'SMS'}_LIMIT); past it every client send is refused until midnight UTC. Look for one agent sending far more than usual, or raise the limit with the SES quota or SMS budget.`,
        threshold: PLATFORM_SHARE_ALARM_PERCENT,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // One complaint pauses no one (anyone can become an agent's client and press "Report spam"): an administrator is
    // told of each, and looks at the agent the job's warning names.
    this.spamComplaintsAlarm = new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'SpamComplaints',
      dimensionsMap: { ...METRICS_DIMENSIONS },
      statistic: cloudwatch.Stats.SUM,
      period: PERIOD,
    }).createAlarm(this, 'SpamComplaintsAlarm', {
      alarmDescription:
        "A client marked an agent's e-mail as spam: the address is suppressed, and the agent's client sends pause only from 3 distinct complainants in the sending review's window. The ses-events job's warning \"spam complaint held for review\" names the agent and its complainants so far: look at what they send.",
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // A file FHFA moved, renamed or changed the format of keeps the release in use: the estimates age until fixed.
    this.homeValueIndexAlarm = new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'HomeValueIndexFailures',
      dimensionsMap: { ...METRICS_DIMENSIONS },
      statistic: cloudwatch.Stats.SUM,
      period: PERIOD,
    }).createAlarm(this, 'HomeValueIndexAlarm', {
      alarmDescription:
        'The monthly home values job could not store an FHFA House Price Index file (missing, unreadable, cut short or older than the one in use): the release in use is kept. The job\'s error "house price index kept as it was" names the file and why; check HPI_BASE_URL and FHFA\'s file names and format.',
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    const alarms = [
      this.api5xxAlarm,
      ...this.latencyAlarms,
      ...jobs.alarms,
      ...this.platformShareAlarms,
      this.spamComplaintsAlarm,
      this.homeValueIndexAlarm,
    ];
    for (const alarm of alarms) alarm.addAlarmAction(action);

    const business = BUSINESS_METRICS.map(
      (name) =>
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: name,
          dimensionsMap: { ...METRICS_DIMENSIONS },
          statistic: cloudwatch.Stats.SUM,
          period: Duration.hours(1),
        }),
    );
    const jobFunctions = [...jobs.functions.values()];
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operations`,
      defaultInterval: Duration.days(1),
      widgets: [
        [
          new cloudwatch.GraphWidget({
            title: 'API requests and errors',
            left: [requests, clientErrors, serverErrors],
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: 'API 5xx rate (%)',
            left: [serverErrorRate],
            leftAnnotations: [{ value: api5xxPercent, label: 'alarm' }],
            width: 12,
          }),
        ],
        [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms, width: 24, height: 6 })],
        chunks(p99, 12).map(
          (group, index) =>
            new cloudwatch.GraphWidget({
              title: `p99 duration by route (ms), ${index + 1}`,
              left: group.map(({ route, metric }) => metric.with({ label: `${route.method} ${route.path}` })),
              leftAnnotations: [{ value: p99LatencyMs, label: 'alarm' }],
              width: 12,
              legendPosition: cloudwatch.LegendPosition.RIGHT,
            }),
        ),
        [
          new cloudwatch.GraphWidget({
            title: 'Business metrics (per hour)',
            left: business,
            right: platformShares.map((metric, index) =>
              metric.with({ label: `Platform ${index === 0 ? 'e-mails' : 'texts'} today, % of the breaker` }),
            ),
            rightYAxis: { label: '% of the breaker', min: 0, max: 100 },
            rightAnnotations: [{ value: PLATFORM_SHARE_ALARM_PERCENT, label: 'alarm' }],
            width: 12,
            legendPosition: cloudwatch.LegendPosition.RIGHT,
          }),
          new cloudwatch.GraphWidget({
            title: 'Reminders jobs',
            left: jobFunctions.flatMap((fn) => [
              fn.metricInvocations({ statistic: cloudwatch.Stats.SUM }),
              fn.metricErrors({ statistic: cloudwatch.Stats.SUM }),
            ]),
            right: Object.values(jobs.deadLetterQueues).map((queue) =>
              queue.metricApproximateNumberOfMessagesVisible({ statistic: cloudwatch.Stats.MAXIMUM }),
            ),
            rightYAxis: { label: 'dead-letter messages', min: 0 },
            width: 12,
          }),
        ],
      ],
    });
  }

  /**
   * An SNS topic for the alarms, encrypted with a key CloudWatch may use (the AWS-managed SNS key does not allow it).
   */
  private alarmTopic(email: string | undefined): sns.Topic {
    const key = new kms.Key(this, 'AlarmTopicKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm topic',
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    const topic = new sns.Topic(this, 'AlarmTopic', {
      masterKey: key,
      enforceSSL: true,
      displayName: 'Hearthside alarms',
    });
    if (email) topic.addSubscription(new subscriptions.EmailSubscription(email));
    return topic;
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
}
