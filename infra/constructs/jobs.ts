// The functions of functions/jobs/jobs.ts, generated from that table as the API is from the route
// table: the hourly EventBridge Scheduler schedule that starts the reminders scheduler, the SQS
// queue it fills, and the worker that drains it. Every failure path ends in a dead-letter queue
// with an alarm on its depth:
//  - the schedule could not invoke the scheduler (the schedule's own DLQ: delivery failures only);
//  - the scheduler ran and failed after Lambda's async retries (its on-failure destination,
//    because the schedule's DLQ never sees a function error);
//  - a digest message failed 3 times (the queue's redrive policy);
//  - a background task's message (an import, an account erasure, a bulk action, a broadcast) failed 3 times (the
//    background tasks queue's redrive policy);
//  - ses-events, inbound-email, sms-inbound or the reviews sync failed on an event after Lambda's async retries (an
//    on-failure destination each, ASYNC_JOB_FAILURES).
// Texts clients send to an AWS End User Messaging number (two-way messaging) arrive on the inbound texts topic, which
// jobs/sms-inbound is subscribed to.
// The background tasks worker (jobs/imports-worker) drains its own queue, which the routes that start a task (the start
// of an import, closing an account, a bulk action, a broadcast: infra/constructs/api.ts) and the tasks' own
// continuations fill. The queue, its dead-letter queue and the worker keep their first construct ids (Imports…): a
// queue's logical id follows its id, and a new one would replace the queue and the messages in it.
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sesActions from 'aws-cdk-lib/aws-ses-actions';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { FHFA_HPI_BASE_URL } from '../../functions/config';
import { IMPORT_UPLOAD_PREFIX } from '../../functions/integrations/import-files';
import { INBOUND_EMAIL_PREFIX, INBOUND_EMAIL_RECEIVED_PREFIX } from '../../functions/integrations/inbound-mail';
import { UPLOAD_PREFIXES } from '../../functions/integrations/video-uploads';
import type { Job, JobTrigger } from '../../functions/jobs/jobs';
import type { Data } from './data';
import { aiEnvironment, grantModel, type AiSettings } from './ai-model';
import type { Messaging } from './messaging';
import type { ProviderSecrets } from './provider-secrets';
import type { PurposeKeys } from './purpose-keys';
import { constructIdForSlug, secretsExtension } from './route-function';

export type JobsProps = {
  /** functions/jobs/jobs.ts: one function each. */
  jobs: readonly Job[];
  /** The bundle of one job, by slug (`jobs/reminders-worker`). */
  code: (slug: string) => lambda.Code;
  data: Data;
  /**
   * The worker signs unsubscribe links with its purpose key, never with the root that signs sessions; ses-events
   * hashes the addresses it suppresses with a key derived from it.
   */
  purposeKeys: PurposeKeys;
  messaging: Messaging;
  /** Links in the digest point here (APP_URL). */
  appUrl: string;
  /** Only the Twilio secret is read by the worker (it may text), and only when SMS goes through Twilio. */
  providerSecrets: ProviderSecrets;
  /** Abuse limits by variable name: the worker texts, so it honours SMS_ALLOWED_COUNTRIES. */
  limits?: Readonly<Record<string, string>>;
  /** The operator's settings of every function (LOG_LEVEL, REPORTING_TIME_ZONE), by variable name. */
  settings?: Readonly<Record<string, string>>;
  /** The model the worker drafts automatic messages with (Pro agents), as the drafts route does. */
  ai: AiSettings;
  /** Where the home values job fetches FHFA's House Price Index files (HPI_BASE_URL); FHFA's own when not given. */
  hpiBaseUrl?: string;
};

/** Reading items (one, a batch, a Query) and putting or updating them. */
const ITEM_READ_WRITE = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
] as const;

/** Messages that failed this many receives move to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 3;
/** The worker gets up to this many messages per invocation; failures are reported one by one. */
export const WORKER_BATCH_SIZE = 10;

/** Imports running at once, at most (each is one message at a time): bounds the table's write load. */
export const IMPORT_MAX_CONCURRENCY = 10;

/**
 * The folders of the uploads bucket an agent's files live in, each under `<folder><agentId>/`: videos (confirmed, with
 * a registration, and uploads to either never confirmed, under pending/) and import files.
 */
export const AGENT_UPLOAD_FOLDERS = [
  UPLOAD_PREFIXES.testimonials,
  UPLOAD_PREFIXES.submissions,
  UPLOAD_PREFIXES.pending,
  IMPORT_UPLOAD_PREFIX,
] as const;

/**
 * The jobs an event invokes asynchronously (a rule, a receipt rule, a topic, a schedule), with what their alarm says:
 * an event the function still failed on after Lambda's two retries goes to an on-failure queue of its own.
 */
const ASYNC_JOB_FAILURES = {
  'ses-events': 'SES bounce or complaint events failed: those addresses may not be suppressed.',
  'ses-receipt': 'Client e-mail replies failed to be taken in: their raw mail waits under inbound-email/.',
  'inbound-texts-topic': 'Texts clients sent to the number failed to be taken in (replies, STOP or START).',
  'reviews-schedule': 'The hourly Google reviews sync failed after its retries.',
  'minutes-schedule':
    "The calendar-out job failed after its retries: client changes reach the agents' Google Calendar at the hourly sync.",
  'monthly-schedule':
    "The monthly refresh of FHFA's House Price Index failed after its retries: home values keep the release in use.",
} as const satisfies Partial<Record<JobTrigger, string>>;
type AsyncJobTrigger = keyof typeof ASYNC_JOB_FAILURES;

export class Jobs extends Construct {
  readonly functions: ReadonlyMap<JobTrigger, lambda.Function>;
  readonly queue: sqs.Queue;
  /**
   * The background tasks queue (functions/jobs/background-tasks.ts): the routes that declare `import-queue` send to it.
   */
  readonly tasksQueue: sqs.Queue;
  readonly deadLetterQueues: {
    schedule: sqs.Queue;
    scheduler: sqs.Queue;
    worker: sqs.Queue;
    tasks: sqs.Queue;
  } & Record<AsyncJobTrigger, sqs.Queue>;
  readonly schedule: scheduler.Schedule;
  readonly reviewsSchedule: scheduler.Schedule;
  readonly homeValuesSchedule: scheduler.Schedule;
  readonly calendarOutSchedule: scheduler.Schedule;
  readonly sesEventsRule: events.Rule;
  /** The receipt rule set of the inbound domain (messaging.inboundEmailDomain); activate it once (README). */
  receiptRuleSet?: ses.ReceiptRuleSet;
  /** The topic to name as the number's two-way messaging destination (README, Two-way texts). */
  readonly inboundTextsTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const { data, messaging } = props;
    const byTrigger = (trigger: JobTrigger) => {
      const job = props.jobs.find((j) => j.trigger === trigger);
      if (!job) throw new Error(`functions/jobs/jobs.ts has no job for the trigger "${trigger}"`);
      return job;
    };
    const schedulerJob = byTrigger('hourly-schedule');
    const workerJob = byTrigger('reminders-queue');

    const queueDefaults = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } satisfies sqs.QueueProps;
    const asyncFailureQueues = Object.fromEntries(
      Object.keys(ASYNC_JOB_FAILURES).map((trigger) => [
        trigger,
        new sqs.Queue(this, `${constructIdForSlug(byTrigger(trigger as JobTrigger).name)}FailureQueue`, {
          ...queueDefaults,
          retentionPeriod: Duration.days(14),
        }),
      ]),
    ) as Record<AsyncJobTrigger, sqs.Queue>;
    this.deadLetterQueues = {
      schedule: new sqs.Queue(this, 'ScheduleDeadLetterQueue', {
        ...queueDefaults,
        retentionPeriod: Duration.days(14),
      }),
      scheduler: new sqs.Queue(this, 'SchedulerFailureQueue', { ...queueDefaults, retentionPeriod: Duration.days(14) }),
      worker: new sqs.Queue(this, 'RemindersDeadLetterQueue', { ...queueDefaults, retentionPeriod: Duration.days(14) }),
      tasks: new sqs.Queue(this, 'ImportsDeadLetterQueue', { ...queueDefaults, retentionPeriod: Duration.days(14) }),
      ...asyncFailureQueues,
    };
    const importsJob = byTrigger('tasks-queue');
    this.tasksQueue = new sqs.Queue(this, 'ImportsQueue', {
      ...queueDefaults,
      // 6× the worker's timeout (AWS's advice for SQS event sources). A run near its timeout queues its
      // own continuation, so only a run killed outright waits for this to be delivered again; a start
      // of an import the job has been silent on for 10 minutes queues it again sooner.
      visibilityTimeout: Duration.seconds(6 * importsJob.timeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueues.tasks, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    this.queue = new sqs.Queue(this, 'RemindersQueue', {
      ...queueDefaults,
      // At least 6× the worker's timeout (AWS's advice for SQS event sources), and long enough that a
      // message which found the day claimed by a crashed worker comes back after the 15-minute stale
      // window by its third receive (functions/data/digests.ts), rather than going to the DLQ.
      visibilityTimeout: Duration.seconds(Math.max(6 * workerJob.timeoutSeconds, 10 * 60)),
      deadLetterQueue: { queue: this.deadLetterQueues.worker, maxReceiveCount: MAX_RECEIVE_COUNT },
    });

    const base = { TABLE_NAME: data.table.tableName, APP_URL: props.appUrl, ...props.settings };

    const schedulerFn = this.jobFunction(schedulerJob, props.code, {
      ...base,
      QUEUE_PROVIDER: 'sqs',
      REMINDERS_QUEUE_URL: this.queue.queueUrl,
    });
    /**
     * A job that sends mail and texts to clients: the messaging settings and limits, the unsubscribe key (its links,
     * and the keyed hashes of opt-outs), the Twilio secret when texts go through Twilio, and the push secret (the
     * agent's notifications of a digest, a reply, messages to approve).
     */
    const messagingJobFunction = (job: Job) => {
      const fn = this.keyedJobFunction(job, props.code, props.purposeKeys, {
        ...base,
        ...messaging.environment,
        ...props.limits,
      });
      for (const provider of ['twilio', 'push'] as const)
        for (const [name, value] of Object.entries(props.providerSecrets.grantRead(fn, provider)))
          fn.addEnvironment(name, value);
      return fn;
    };
    // The worker always reads a secret: the key of the unsubscribe links in the e-mails it sends.
    const workerFn = messagingJobFunction(workerJob);
    // Automatic messages are drafted by the same composer as the agent's own: the configured model for Pro agents.
    for (const [name, value] of Object.entries(aiEnvironment(props.ai))) workerFn.addEnvironment(name, value);
    grantModel(workerFn, workerFn.role as iam.Role, props.ai);
    if (props.ai.provider === 'openai')
      for (const [name, value] of Object.entries(props.providerSecrets.grantRead(workerFn, 'openai')))
        workerFn.addEnvironment(name, value);
    // SES bounce and complaint events (the messaging configuration set's EventBridge destination).
    // It reads the sending review's settings (SENDING_REVIEW_DAYS, SENDING_REVIEW_MIN_EMAILS) with the other limits.
    // It stores a suppressed address as a keyed hash only (functions/data/opt-out-marks.ts), so it reads the purpose
    // key that hash is derived from, never the root.
    const sesEventsFn = this.keyedJobFunction(byTrigger('ses-events'), props.code, props.purposeKeys, {
      ...base,
      ...props.limits,
    });
    this.sesEventsRule = new events.Rule(this, 'SesEventsRule', {
      description: 'Bounces and complaints of client e-mails → jobs/ses-events',
      // The detail-types SES publishes on EventBridge for a bounce and a complaint (not the eventType's words).
      eventPattern: { source: ['aws.ses'], detailType: ['Email Bounced', 'Email Complaint Received'] },
      targets: [new eventTargets.LambdaFunction(sesEventsFn, { retryAttempts: 3, maxEventAge: Duration.hours(6) })],
    });
    // Items only (no index): the message and the address as before, and the sending review: the event counted
    // once (PutItem), the agent's counts (UpdateItem, then one Query of their SENDS# partition), the pause.
    iam.Grant.addToPrincipal({
      grantee: sesEventsFn,
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
      resourceArns: [data.table.tableArn],
    });
    // The import job: the table's items and indexes as the client use cases write them, the upload
    // and its notes in the uploads bucket, the report in the exports bucket, its own queue.
    // It reads the unsubscribe key too: a new client at an address or number a deleted client stopped starts opted out,
    // and those opt-outs are kept under a hash keyed by it (functions/data/opt-out-marks.ts).
    const importsFn = this.keyedJobFunction(importsJob, props.code, props.purposeKeys, {
      ...base,
      UPLOADS_BUCKET: data.uploadsBucket.bucketName,
      EXPORTS_BUCKET: data.exportsBucket.bucketName,
      QUEUE_PROVIDER: 'sqs',
      IMPORTS_QUEUE_URL: this.tasksQueue.queueUrl,
      // Broadcasts are drafted here (functions/services/broadcasts.ts): the daily caps, and the model for Pro agents.
      ...props.limits,
    });
    for (const [name, value] of Object.entries(aiEnvironment(props.ai))) importsFn.addEnvironment(name, value);
    grantModel(importsFn, importsFn.role as iam.Role, props.ai);
    if (props.ai.provider === 'openai')
      for (const [name, value] of Object.entries(props.providerSecrets.grantRead(importsFn, 'openai')))
        importsFn.addEnvironment(name, value);
    data.grantTable(importsFn, 'table:write');
    data.grantBucketReadWrite(importsFn, data.uploadsBucket);
    data.grantBucketReadWrite(importsFn, data.exportsBucket);
    // Closing an account deletes every version of the agent's files in the versioned uploads bucket, under the folders
    // an agent's files live in only (functions/integrations/video-uploads.ts, import-files.ts), and revokes the agent's
    // Google token at Google: its refresh token decrypted, nothing else of Google's.
    data.grantUploadVersionDeletes(importsFn, AGENT_UPLOAD_FOLDERS);
    for (const [name, value] of Object.entries(props.providerSecrets.grantTokenDecrypt(importsFn)))
      importsFn.addEnvironment(name, value);
    // A push from Google queues the agent's calendar sync here: the Google OAuth client, to refresh their access token.
    for (const [name, value] of Object.entries(props.providerSecrets.grantGoogleClientRead(importsFn)))
      importsFn.addEnvironment(name, value);
    this.tasksQueue.grantSendMessages(importsFn);
    importsFn.addEventSource(
      new SqsEventSource(this.tasksQueue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: IMPORT_MAX_CONCURRENCY,
      }),
    );
    NagSuppressions.addResourceSuppressions(
      importsFn.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Object keys in the uploads and exports buckets are made by the server (imports/<agent>/<import>, import-reports/<date>/<agent>/<import>); the job reads, writes and deletes any key of those two buckets only.',
          appliesTo: data.bucketObjectWildcards(),
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "Closing an account deletes every version of the agent's files, under <folder>/<agent>/ of the folders an agent's files live in: the agent's id is only known when the job runs.",
          appliesTo: data.uploadFolderWildcards(AGENT_UPLOAD_FOLDERS),
        },
      ],
      true,
    );
    // The reviews sync: every connected agent's Google reviews (the Google secret: the OAuth client; the Google token
    // key: the refresh tokens, decrypted per agent), the table's items and the connected agents' index. No signing
    // root: the session secret seals tokens only where there is no KMS key (functions/integrations/token-sealing.ts).
    // It syncs the agents' contacts and calendars too, as their routes do: new clients made as an import makes them
    // (the plan's limits, the unsubscribe key of the kept opt-outs), touches and the watch channels written, renewed
    // and deleted, the scheduled sends read on gsi2: the table's items and indexes, as the client use cases write them.
    // It e-mails an agent whose contacts or calendar went a day without a success, once (the mail settings, SES).
    const reviewsFn = this.keyedJobFunction(byTrigger('reviews-schedule'), props.code, props.purposeKeys, {
      ...base,
      ...messaging.environment,
      ...props.limits,
    });
    messaging.grantMail(reviewsFn);
    for (const [name, value] of Object.entries(props.providerSecrets.grantRead(reviewsFn, 'google')))
      reviewsFn.addEnvironment(name, value);
    data.grantTable(reviewsFn, 'table:write');
    // The calendar-out job: the marked connections on gsi3, each agent's connection (its refresh token decrypted, the
    // Google OAuth client to trade it for an access token), clients and scheduled sends (gsi2) read, the mark taken and
    // the calendar's state kept (UpdateItem). Nothing deleted, no mail.
    const calendarOutFn = this.jobFunction(byTrigger('minutes-schedule'), props.code, base, true);
    for (const grant of [props.providerSecrets.grantTokenDecrypt, props.providerSecrets.grantGoogleClientRead])
      for (const [name, value] of Object.entries(grant.call(props.providerSecrets, calendarOutFn)))
        calendarOutFn.addEnvironment(name, value);
    data.grantTable(calendarOutFn, 'table:read');
    iam.Grant.addToPrincipal({
      grantee: calendarOutFn,
      actions: ['dynamodb:UpdateItem'],
      resourceArns: [data.table.tableArn],
    });
    // The home values job: FHFA's files over HTTPS, written to the table as whole releases (series, then the pointer to
    // them, then the ZIP areas' states). No secret, no index, no delete.
    const homeValuesFn = this.jobFunction(byTrigger('monthly-schedule'), props.code, {
      ...base,
      HPI_BASE_URL: props.hpiBaseUrl ?? FHFA_HPI_BASE_URL,
    });
    iam.Grant.addToPrincipal({
      grantee: homeValuesFn,
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'],
      resourceArns: [data.table.tableArn],
    });
    const inboundEmailFn = this.inboundEmail(byTrigger('ses-receipt'), props, base);
    // Two-way texts: the number publishes each inbound text to this topic (AWS End User Messaging SMS, the
    // `sms-voice.amazonaws.com` service, from this account only); the job answers HELP through the SMS port, and
    // writes replies, opt-outs and opt-ins as the routes do (items and indexes), notifying the agent by e-mail.
    const smsInboundFn = messagingJobFunction(byTrigger('inbound-texts-topic'));
    data.grantTable(smsInboundFn, 'table:write');
    messaging.grantSend(smsInboundFn);
    this.inboundTextsTopic = new sns.Topic(this, 'InboundTextsTopic', {
      displayName: 'Texts clients send to the two-way number',
      enforceSSL: true,
    });
    this.inboundTextsTopic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new iam.ServicePrincipal('sms-voice.amazonaws.com')],
        resources: [this.inboundTextsTopic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.inboundTextsTopic.addSubscription(new subscriptions.LambdaSubscription(smsInboundFn));
    NagSuppressions.addResourceSuppressions(this.inboundTextsTopic, [
      {
        id: 'AwsSolutions-SNS2',
        reason:
          'The number publishes with the sms-voice service principal; a customer-managed key would need its key policy opened to that service. Texts are already readable by the carrier; the topic only relays them to the function.',
      },
    ]);
    this.functions = new Map([
      ['hourly-schedule', schedulerFn],
      ['reminders-queue', workerFn],
      ['ses-events', sesEventsFn],
      ['tasks-queue', importsFn],
      ['reviews-schedule', reviewsFn],
      ['ses-receipt', inboundEmailFn],
      ['inbound-texts-topic', smsInboundFn],
      ['monthly-schedule', homeValuesFn],
      ['minutes-schedule', calendarOutFn],
    ]);
    for (const trigger of Object.keys(ASYNC_JOB_FAILURES) as AsyncJobTrigger[])
      this.functions.get(trigger)!.configureAsyncInvoke({
        onFailure: new destinations.SqsDestination(this.deadLetterQueues[trigger]),
      });

    // The scheduler reads the agents index and fills the queue; nothing else.
    iam.Grant.addToPrincipal({
      grantee: schedulerFn,
      actions: ['dynamodb:Query'],
      resourceArns: [`${data.table.tableArn}/index/gsi1`],
    });
    this.queue.grantSendMessages(schedulerFn);
    schedulerFn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new destinations.SqsDestination(this.deadLetterQueues.scheduler),
    });

    // The worker reads and writes items of the table, reads the due clients of the occasion index in
    // one BatchGet, finds the agent's queue on gsi2 and the quiet clients of the monthly summary on gsi3,
    // sends mail and texts, drains the queue. An automatic send rewrites the client's list entries (tags, rhythm) in
    // one BatchWriteItem.
    iam.Grant.addToPrincipal({
      grantee: workerFn,
      actions: [...ITEM_READ_WRITE, 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
      resourceArns: [data.table.tableArn],
    });
    iam.Grant.addToPrincipal({
      grantee: workerFn,
      actions: ['dynamodb:Query'],
      resourceArns: [`${data.table.tableArn}/index/gsi2`, `${data.table.tableArn}/index/gsi3`],
    });
    messaging.grantSend(workerFn);
    workerFn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: WORKER_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: 5,
      }),
    );

    this.schedule = this.cronSchedule(schedulerFn, {
      ids: ['ScheduleRole', 'HourlySchedule'],
      invokes: 'the reminders scheduler',
      description: 'Starts the reminders scheduler every hour on the hour',
      every: 'hourly',
      cron: { minute: '0' },
      input: scheduler.ScheduleTargetInput.fromObject({ scheduledTime: scheduler.ContextAttribute.scheduledTime }),
      retryAttempts: 3,
      maxEventAge: Duration.hours(1),
    });
    this.reviewsSchedule = this.cronSchedule(reviewsFn, {
      ids: ['ReviewsScheduleRole', 'ReviewsSchedule'],
      invokes: 'the reviews sync',
      description: 'Starts the Google reviews sync every hour at half past',
      every: 'hourly',
      cron: { minute: '30' },
      retryAttempts: 1,
      maxEventAge: Duration.minutes(30),
    });

    // A client change reaches the agent's Google Calendar within minutes (functions/jobs/calendar-out.ts). Not retried:
    // the next run is two minutes away, and the marks wait for it.
    this.calendarOutSchedule = this.cronSchedule(calendarOutFn, {
      ids: ['CalendarOutScheduleRole', 'CalendarOutSchedule'],
      invokes: 'the calendar-out job',
      description: "Starts the calendar-out job every two minutes (client changes to the agents' Google Calendar)",
      every: 'two-minute',
      cron: { minute: '0/2' },
      retryAttempts: 0,
      maxEventAge: Duration.minutes(2),
    });

    // FHFA releases its House Price Index on the last Tuesday of most months: the 1st at 09:15 UTC takes each release
    // within days.
    this.homeValuesSchedule = this.cronSchedule(homeValuesFn, {
      ids: ['HomeValuesScheduleRole', 'HomeValuesSchedule'],
      invokes: 'the home values job',
      description: "Starts the monthly refresh of FHFA's House Price Index on the 1st at 09:15 UTC",
      every: 'monthly',
      cron: { minute: '15', hour: '9', day: '1' },
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });

    // Their action (the alarm topic) is added by infra/constructs/monitoring.ts, with the API's.
    this.alarms = (
      [
        [
          'ScheduleDeliveryFailures',
          this.deadLetterQueues.schedule,
          'The hourly schedule could not start the reminders scheduler.',
        ],
        [
          'SchedulerFailures',
          this.deadLetterQueues.scheduler,
          'The reminders scheduler failed after its retries: some agents may miss a digest.',
        ],
        ['DigestFailures', this.deadLetterQueues.worker, 'Daily digest messages failed 3 times and were set aside.'],
        [
          'ImportFailures',
          this.deadLetterQueues.tasks,
          'Import job messages failed 3 times and were set aside: those imports are stalled (a start from the page queues one again).',
        ],
        ...Object.entries(ASYNC_JOB_FAILURES).map(
          ([trigger, description]) =>
            [
              `${constructIdForSlug(byTrigger(trigger as JobTrigger).name)}Failures`,
              this.deadLetterQueues[trigger as AsyncJobTrigger],
              description,
            ] as const,
        ),
      ] as const
    ).map(
      ([name, queue, description]) =>
        new cloudwatch.Alarm(this, `${name}Alarm`, {
          alarmDescription: `${description} Inspect the dead-letter queue and redrive it once fixed.`,
          metric: queue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(5),
            statistic: cloudwatch.Stats.MAXIMUM,
          }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );

    for (const queue of [
      this.deadLetterQueues.schedule,
      this.deadLetterQueues.scheduler,
      ...Object.values(asyncFailureQueues),
    ]) {
      NagSuppressions.addResourceSuppressions(queue, [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            'This queue is itself a dead-letter queue (of the schedule, or a job function’s on-failure destination), watched by an alarm.',
        },
      ]);
    }
  }

  /**
   * An EventBridge Scheduler schedule that invokes `fn` at `cron` (every hour at a minute, a day of each month, or
   * every few minutes), through a role of its own (this account's scheduler only), its delivery failures to the
   * schedule's dead-letter queue.
   */
  private cronSchedule(
    fn: lambda.Function,
    options: {
      ids: [role: string, schedule: string];
      invokes: string;
      description: string;
      /** How often `cron` fires, in the role's description ("Lets the hourly schedule invoke …"). */
      every: 'hourly' | 'two-minute' | 'monthly';
      cron: scheduler.CronOptionsWithTimezone;
      input?: scheduler.ScheduleTargetInput;
      retryAttempts: number;
      maxEventAge: Duration;
    },
  ): scheduler.Schedule {
    const role = new iam.Role(this, options.ids[0], {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: `Lets the ${options.every} schedule invoke ${options.invokes}`,
    });
    const schedule = new scheduler.Schedule(this, options.ids[1], {
      description: options.description,
      schedule: scheduler.ScheduleExpression.cron(options.cron),
      target: new targets.LambdaInvoke(fn, {
        ...(options.input ? { input: options.input } : {}),
        role,
        deadLetterQueue: this.deadLetterQueues.schedule,
        retryAttempts: options.retryAttempts,
        maxEventAge: options.maxEventAge,
      }),
    });
    // After the schedule: the role's policy exists only once the target granted the invoke.
    const functionId = Stack.of(this).getLogicalId(fn.node.defaultChild as lambda.CfnFunction);
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Lambda grantInvoke names the function and its versions (`<arn>:*`); the resource is this one function.',
          appliesTo: [`Resource::<${functionId}.Arn>:*`],
        },
      ],
      true,
    );
    return schedule;
  }

  /**
   * jobs/inbound-email: a client's e-mail reply. SES receives mail for the inbound domain; the receipt rule stores the
   * raw mail under inbound-email/received/ in the uploads bucket (its S3 action adds the bucket policy that lets SES
   * write there, for this account only), then invokes the function (type Event: the event has no body). The function
   * reads, copies (a reply it keeps, to inbound-email/) and deletes objects of inbound-email/ only, takes the reply in
   * (the table, the agent's notice by mail) and verifies the reply address with the unsubscribe purpose key the
   * address key is derived from. Its reserved concurrency bounds what a flood of mail can take from the account.
   */
  private inboundEmail(job: Job, props: JobsProps, base: Record<string, string>): lambda.Function {
    const { data, messaging } = props;
    const fn = this.keyedJobFunction(job, props.code, props.purposeKeys, {
      ...base,
      ...messaging.environment,
      UPLOADS_BUCKET: data.uploadsBucket.bucketName,
    });
    data.grantTable(fn, 'table:write');
    // A client's reply is pushed to the agent's devices.
    for (const [name, value] of Object.entries(props.providerSecrets.grantRead(fn, 'push')))
      fn.addEnvironment(name, value);
    iam.Grant.addToPrincipal({
      grantee: fn,
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resourceArns: [data.uploadsBucket.arnForObjects(`${INBOUND_EMAIL_PREFIX}*`)],
    });
    messaging.grantMail(fn);
    NagSuppressions.addResourceSuppressions(
      fn.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'SES names each received mail by its message id under inbound-email/received/: the job reads, keeps (copies under inbound-email/) and deletes keys of that prefix only.',
          appliesTo: [
            `Resource::<${Stack.of(this).getLogicalId(data.uploadsBucket.node.defaultChild as s3.CfnBucket)}.Arn>/${INBOUND_EMAIL_PREFIX}*`,
          ],
        },
      ],
      true,
    );
    const domain = messaging.inboundEmailDomain;
    if (domain) {
      this.receiptRuleSet = new ses.ReceiptRuleSet(this, 'InboundEmailRuleSet', {
        rules: [
          {
            recipients: [domain],
            scanEnabled: true,
            tlsPolicy: ses.TlsPolicy.REQUIRE,
            actions: [
              new sesActions.S3({ bucket: data.uploadsBucket, objectKeyPrefix: INBOUND_EMAIL_RECEIVED_PREFIX }),
              new sesActions.Lambda({ function: fn, invocationType: sesActions.LambdaInvocationType.EVENT }),
            ],
          },
        ],
      });
    }
    return fn;
  }

  /**
   * A job that reads the unsubscribe purpose key (the key of its links, or of the keyed hashes of opt-outs): its ARN in
   * the environment, the right to read it, and after the custom resource that derives it.
   */
  private keyedJobFunction(
    job: Job,
    code: (slug: string) => lambda.Code,
    purposeKeys: PurposeKeys,
    environment: Record<string, string>,
  ): lambda.Function {
    const fn = this.jobFunction(
      job,
      code,
      { ...environment, UNSUBSCRIBE_SIGNING_KEY_ARN: purposeKeys.unsubscribe.secretArn },
      true,
    );
    purposeKeys.unsubscribe.grantRead(fn);
    fn.node.addDependency(purposeKeys.deriveUnsubscribe);
    return fn;
  }

  private jobFunction(
    job: Job,
    code: (slug: string) => lambda.Code,
    environment: Record<string, string>,
    readsSecrets = false,
  ): lambda.Function {
    const id = constructIdForSlug(job.name);
    const logGroup = new logs.LogGroup(this, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH });
    // Its own role, without the AWS-managed basic execution policy: it may write to its log group only.
    const role = new iam.Role(this, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs jobs/${job.name}`,
    });
    logGroup.grantWrite(role);
    const fn = new lambda.Function(this, id, {
      description: job.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: code(`jobs/${job.name}`),
      memorySize: job.memoryMb,
      timeout: Duration.seconds(job.timeoutSeconds),
      role,
      logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment,
      reservedConcurrentExecutions: job.reservedConcurrency,
      // Only for a job that reads a secret (the worker: its unsubscribe key, and the Twilio or OpenAI-compatible key;
      // ses-events and the import job: the unsubscribe key).
      ...(readsSecrets ? { paramsAndSecrets: secretsExtension() } : {}),
    });
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Resource "*": X-Ray PutTraceSegments/PutTelemetryRecords have no resource-level permissions.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
    NagSuppressions.addResourceSuppressions(fn, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime chosen for the bundles (docs/architecture.md, Decisions and why); moving to nodejs24.x is a deliberate, tested change.',
      },
    ]);
    return fn;
  }
}
