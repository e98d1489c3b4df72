// The one deployable unit: data, web, messaging and the API wired together. Configuration arrives
// as props; only infra/app.ts reads context and the environment.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { DEFAULT_AI_MODEL_ID } from '../functions/config';
import type { Job } from '../functions/jobs/jobs';
import type { Route } from '../functions/routes';
import { resolveAiSettings, type AiSettings } from './constructs/ai-model';
import { Api, type ApiThrottle, type RouteThrottles } from './constructs/api';
import { Data } from './constructs/data';
import { Firewall } from './constructs/firewall';
import { Jobs } from './constructs/jobs';
import { Messaging, type SmsProvider } from './constructs/messaging';
import { Monitoring } from './constructs/monitoring';
import { ProviderSecrets } from './constructs/provider-secrets';
import { PurposeKeys } from './constructs/purpose-keys';
import { type CustomDomain, Web } from './constructs/web';

export type HearthStackProps = StackProps & {
  /** functions/routes.ts: one Lambda function and one HTTP API route each. */
  routes: readonly Route[];
  /** functions/jobs/jobs.ts: the scheduled and queue-driven functions. */
  jobs: readonly Job[];
  /** The code of one route's handler or job, by slug (`auth/post-login`, `jobs/reminders-worker`). */
  code: (slug: string) => lambda.Code;
  /** The built web app to upload (dist/web); omitted, the site bucket is left as it is. */
  webAssetsPath?: string;
  /** The URL users open; defaults to the custom domain, else the CloudFront domain. */
  appUrl?: string;
  customDomain?: CustomDomain;
  sesIdentity?: string;
  mailFrom?: string;
  smsProvider?: SmsProvider;
  /**
   * The two-way origination number of texts through SNS (E.164): each text names it, so replies and STOP come back to
   * the number whose inbound texts the stack receives (README, Two-way texts).
   */
  smsOriginationNumber?: string;
  /**
   * The domain SES receives client replies at (`reply.example.com`, its MX at SES's inbound endpoint of this region):
   * client e-mails get a reply address there and a receipt rule hands each reply to jobs/inbound-email.
   */
  inboundEmailDomain?: string;
  adminEmails?: readonly string[];
  /**
   * The Stripe price of the Pro plan (`price_…`, not a secret). Provider keys are secrets the stack creates: README,
   * Deploy.
   */
  stripePriceId?: string;
  /** The model for AI drafts: Bedrock with DEFAULT_AI_MODEL_ID unless given. */
  ai?: Partial<AiSettings>;
  /** HPI_BASE_URL of the home values job: where FHFA's House Price Index files are fetched; FHFA's own unless given. */
  hpiBaseUrl?: string;
  /**
   * Abuse limits (the LIMIT_SETTINGS of functions/config.ts, by variable name): set on every function that reads them.
   */
  limits?: Readonly<Record<string, string>>;
  /** LOG_LEVEL of every function (`debug`…`silent`); unset, they log at `info`. */
  logLevel?: string;
  /** REPORTING_TIME_ZONE of every function: the IANA zone the admin analytics count months in; unset, New York. */
  reportingTimeZone?: string;
  /** PASSWORD_HASH_COST of the routes: log2 of scrypt's N for new password hashes; unset, 17. */
  passwordHashCost?: string;
  throttle?: ApiThrottle;
  routeThrottles?: Partial<RouteThrottles>;
  /**
   * The web ACL of a HearthEdge stack in us-east-1 (infra/app.ts, when this stack deploys
   * elsewhere). Omitted, this stack creates the web ACL itself, which CloudFormation accepts in
   * us-east-1 only: WAF refuses a CLOUDFRONT-scope web ACL in any other region.
   */
  webAclArn?: string;
  /** Requests one IP may send in 5 minutes, when this stack creates the web ACL. */
  wafRateLimit?: number;
  /** Changed after the session secret (the signing root) is replaced, so the purpose keys are derived again. */
  signingKeyGeneration?: string;
  /** Who is e-mailed when an alarm fires (API 5xx rate, a route's p99 latency, a job's dead-letter queue). */
  alarmEmail?: string;
  /** The p99 duration (ms) above which a route alarms (infra/constructs/monitoring.ts has the default). */
  p99LatencyMs?: number;
  /** The share of 5xx answers (%) above which the API alarms. */
  api5xxPercent?: number;
};

export class HearthStack extends Stack {
  readonly data: Data;
  readonly web: Web;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: HearthStackProps) {
    // Without indentation the template is about a third smaller: one Lambda per route keeps it near CloudFormation's 1
    // MB.
    super(scope, id, { suppressTemplateIndentation: true, ...props });

    this.data = new Data(this, 'Data');
    const webAclArn =
      props.webAclArn ?? new Firewall(this, 'Firewall', { rateLimit: props.wafRateLimit }).webAcl.attrArn;
    this.web = new Web(this, 'Web', {
      webAclArn,
      logBucket: this.data.accessLogsBucket,
      assetsPath: props.webAssetsPath,
      customDomain: props.customDomain,
    });
    const appUrl = props.appUrl?.replace(/\/+$/, '') ?? this.web.url;
    this.data.allowBrowserAccessFrom(appUrl);

    const messaging = new Messaging(this, 'Messaging', {
      sesIdentity: props.sesIdentity,
      mailFrom: props.mailFrom,
      smsProvider: props.smsProvider,
      smsOriginationNumber: props.smsOriginationNumber,
      inboundEmailDomain: props.inboundEmailDomain,
    });
    // The model as this stack's region offers it (the default model's inference profile where it is not on demand).
    const ai = resolveAiSettings(this, { provider: 'bedrock', bedrockModelId: DEFAULT_AI_MODEL_ID, ...props.ai });
    const providerSecrets = new ProviderSecrets(this, 'ProviderSecrets', {
      twilio: messaging.smsProvider === 'twilio',
      openai: ai.provider === 'openai',
    });

    // The operator's settings of every function, and of the routes only (jobs never hash a password).
    const everyFunction: Record<string, string> = {
      ...(props.logLevel ? { LOG_LEVEL: props.logLevel } : {}),
      ...(props.reportingTimeZone ? { REPORTING_TIME_ZONE: props.reportingTimeZone } : {}),
    };
    const routeSettings: Record<string, string> = {
      ...everyFunction,
      ...(props.passwordHashCost ? { PASSWORD_HASH_COST: props.passwordHashCost } : {}),
    };

    const purposeKeys = new PurposeKeys(this, 'PurposeKeys', {
      root: this.data.sessionSecret,
      generation: props.signingKeyGeneration,
    });

    // The jobs first: the start of an import (a route) sends to the import job's queue.
    this.jobs = new Jobs(this, 'Jobs', {
      jobs: props.jobs,
      code: props.code,
      data: this.data,
      purposeKeys,
      messaging,
      appUrl,
      providerSecrets,
      limits: props.limits,
      settings: everyFunction,
      ai,
      hpiBaseUrl: props.hpiBaseUrl,
    });

    // The distribution depends on the HTTP API resource only; the functions depend on the
    // distribution (APP_URL) and the routes on the functions, so there is no cycle.
    this.api = new Api(this, 'Api', {
      routes: props.routes,
      code: props.code,
      data: this.data,
      messaging,
      appUrl,
      originVerifySecret: this.web.originVerifySecret,
      adminEmails: props.adminEmails,
      providerSecrets,
      stripePriceId: props.stripePriceId,
      ai,
      limits: props.limits,
      settings: routeSettings,
      throttle: props.throttle,
      routeThrottles: props.routeThrottles,
      tasksQueue: this.jobs.tasksQueue,
    });
    this.web.addApiBehavior(this.api.httpApi);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      api: this.api,
      routes: props.routes,
      jobs: this.jobs,
      alarmEmail: props.alarmEmail,
      p99LatencyMs: props.p99LatencyMs,
      api5xxPercent: props.api5xxPercent,
    });

    new CfnOutput(this, 'AppUrl', { value: appUrl, description: 'Open this in a browser' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'InboundTextsTopicArn', {
      value: this.jobs.inboundTextsTopic.topicArn,
      description:
        "Name this topic as the two-way SMS destination of the number (AWS End User Messaging): clients' texts",
    });
    if (this.jobs.receiptRuleSet && messaging.inboundEmailDomain) {
      new CfnOutput(this, 'InboundEmailRuleSetName', {
        value: this.jobs.receiptRuleSet.receiptRuleSetName,
        description: 'Make it the active receipt rule set (aws ses set-active-receipt-rule-set), once',
      });
      new CfnOutput(this, 'InboundEmailMxRecord', {
        value: `${messaging.inboundEmailDomain} MX 10 inbound-smtp.${this.region}.amazonaws.com`,
        description: 'Add to DNS so SES receives client replies',
      });
    }
    if (messaging.emailIdentity && !props.sesIdentity?.includes('@')) {
      messaging.emailIdentity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `SesDkimRecord${index + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: 'Add to DNS so SES can verify the domain',
        });
      });
    }
  }
}
