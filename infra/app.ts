// The CDK app entry, and the only place that reads context (-c key=value) and the environment.
// `npx cdk synth` runs `node scripts/build.mjs lambdas` first (cdk.json), so dist/functions exists.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { FUNCTION_SETTINGS, isDomainName, isE164, LIMIT_SETTINGS, readConfig } from '../functions/config';
import { jobs } from '../functions/jobs/jobs';
import { routes } from '../functions/routes';
import type { AiSettings } from './constructs/ai-model';
import type { ApiThrottle, RouteThrottles } from './constructs/api';
import type { SmsProvider } from './constructs/messaging';
import { EDGE_REGION, HearthEdgeStack } from './edge-stack';
import { HearthStack } from './stack';

const root = resolve(__dirname, '..');
const app = new App();

function context(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value.trim() || undefined;
}

function appUrlContext(): string | undefined {
  const value = context('appUrl');
  if (value && !/^https:\/\/[^/]+\/?$/.test(value))
    throw new Error(`Context "appUrl" must be an https origin such as https://app.example.com (got "${value}")`);
  return value;
}

/** `-c hpiBaseUrl=https://mirror.example.com/hpi`: where the home values job fetches FHFA's files; FHFA's own unless set. */
function hpiBaseUrlContext(): string | undefined {
  const value = context('hpiBaseUrl')?.replace(/\/+$/, '');
  if (value && !/^https:\/\/[^/]/.test(value))
    throw new Error(`Context "hpiBaseUrl" must be an https URL (got "${value}")`);
  return value;
}

function smsProviderContext(): SmsProvider | undefined {
  const value = context('smsProvider');
  if (value === undefined || value === 'sns' || value === 'twilio' || value === 'outbox') return value;
  throw new Error(`Context "smsProvider" must be sns, twilio or outbox (got "${value}")`);
}

/** `-c smsOriginationNumber=+18885550123`: the two-way number texts through SNS go from. */
function smsOriginationNumberContext(): string | undefined {
  const value = context('smsOriginationNumber');
  if (value !== undefined && !isE164(value))
    throw new Error(
      `Context "smsOriginationNumber" must be a phone number in E.164, like +18885550123 (got "${value}")`,
    );
  return value;
}

function inboundEmailDomainContext(): string | undefined {
  const value = context('inboundEmailDomain')?.toLowerCase();
  if (value !== undefined && !isDomainName(value))
    throw new Error(`Context "inboundEmailDomain" must be a domain name such as reply.example.com (got "${value}")`);
  return value;
}

function customDomainContext() {
  const domainName = context('domainName');
  const certificateArn = context('certificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn)
    throw new Error('Give both -c domainName=… and -c certificateArn=… (an ACM certificate in us-east-1), or neither');
  return { domainName, certificateArn };
}

function positiveIntegerContext(key: string): number | undefined {
  const value = context(key);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error(`Context "${key}" must be a positive whole number (got "${value}")`);
  return Number(value);
}

/** `-c authRouteThrottle=10/20`: requests per second / burst. */
function throttleContext(key: string): ApiThrottle | undefined {
  const value = context(key);
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new Error(`Context "${key}" must be rate/burst, such as 10/20 (got "${value}")`);
  return { rateLimit: Number(match[1]), burstLimit: Number(match[2]) };
}

function routeThrottlesContext(): Partial<RouteThrottles> {
  const auth = throttleContext('authRouteThrottle');
  const publicRoutes = throttleContext('publicRouteThrottle');
  return { ...(auth ? { auth } : {}), ...(publicRoutes ? { public: publicRoutes } : {}) };
}

/**
 * `-c dailyEmailLimit=500 -c smsAllowedCountries=US,CA,GB …`: checked here by the functions' own rules, so a bad value
 * fails the synth.
 */
function limitsContext(): Record<string, string> {
  const limits: Record<string, string> = {};
  for (const [variable, key] of Object.entries(LIMIT_SETTINGS)) {
    const value = context(key);
    if (value !== undefined) limits[variable] = value;
  }
  readConfig({ APP_URL: 'https://example.com', TABLE_NAME: 'check', ...limits });
  return limits;
}

/** `-c logLevel=warn -c passwordHashCost=16 -c reportingTimeZone=America/Chicago`, checked by the functions' rules. */
function functionSettingsContext(): { logLevel?: string; passwordHashCost?: string; reportingTimeZone?: string } {
  const logLevel = context(FUNCTION_SETTINGS.LOG_LEVEL);
  const passwordHashCost = context(FUNCTION_SETTINGS.PASSWORD_HASH_COST);
  const reportingTimeZone = context(FUNCTION_SETTINGS.REPORTING_TIME_ZONE);
  readConfig({
    APP_URL: 'https://example.com',
    TABLE_NAME: 'check',
    ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
    ...(passwordHashCost ? { PASSWORD_HASH_COST: passwordHashCost } : {}),
    ...(reportingTimeZone ? { REPORTING_TIME_ZONE: reportingTimeZone } : {}),
  });
  return { logLevel, passwordHashCost, reportingTimeZone };
}

/**
 * `-c aiProvider=bedrock|openai|local -c aiModelId=… -c aiBaseUrl=… -c aiModel=…`, checked by the functions' own rules.
 */
function aiContext(): Partial<AiSettings> {
  const settings = {
    AI_PROVIDER: context('aiProvider') ?? 'bedrock',
    AI_MODEL_ID: context('aiModelId'),
    AI_BASE_URL: context('aiBaseUrl'),
    AI_MODEL: context('aiModel'),
  };
  const checked = readConfig({ APP_URL: 'https://example.com', TABLE_NAME: 'check', ...settings });
  return { provider: checked.aiProvider, bedrockModelId: checked.bedrockModelId, openai: checked.openai };
}

const webAssetsPath = join(root, 'dist/web');

const stackName = context('stackName') ?? 'HearthCrm';
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
const wafRateLimit = positiveIntegerContext('wafRateLimit');

// The WAF web ACL of a CloudFront distribution can only be created in us-east-1. Deploying to
// us-east-1, or synthesizing without credentials (no region: the template is environment-agnostic
// as before), the main stack holds it; such a template deploys only in us-east-1 (WAF refuses the
// web ACL elsewhere, so a deploy fails rather than run without it). Deploying to any other region
// (`cdk deploy` sets CDK_DEFAULT_REGION), a small `<stackName>Edge` stack in us-east-1 holds it
// and the main stack reads its ARN across regions. `npx cdk deploy --all` deploys both.
const edge =
  region && region !== EDGE_REGION
    ? new HearthEdgeStack(app, `${stackName}Edge`, {
        description: 'Hearth CRM: the WAF web ACL of the CloudFront distribution (us-east-1)',
        account,
        rateLimit: wafRateLimit,
      })
    : undefined;

new HearthStack(app, stackName, {
  description: 'Hearth CRM: client relationships for real-estate agents',
  // Unset without credentials: the stack is then environment-agnostic and synthesizes offline.
  env: { account, region },
  ...(edge ? { crossRegionReferences: true, webAclArn: edge.firewall.webAcl.attrArn } : { wafRateLimit }),
  routes,
  jobs,
  // HEARTH_SYNTH_CODE=inline: the local twin reads the templates only, so it synthesizes without the bundles.
  code:
    process.env.HEARTH_SYNTH_CODE === 'inline'
      ? () => lambda.Code.fromInline('exports.handler = async () => { throw new Error("synthesized for the twin"); };')
      : (slug) => lambda.Code.fromAsset(join(root, 'dist/functions', slug)),
  webAssetsPath: existsSync(join(webAssetsPath, 'index.html')) ? webAssetsPath : undefined,
  appUrl: appUrlContext(),
  customDomain: customDomainContext(),
  sesIdentity: context('sesIdentity'),
  mailFrom: context('mailFrom'),
  smsProvider: smsProviderContext(),
  smsOriginationNumber: smsOriginationNumberContext(),
  inboundEmailDomain: inboundEmailDomainContext(),
  adminEmails: context('adminEmails')
    ?.split(',')
    .map((email) => email.trim())
    .filter(Boolean),
  stripePriceId: context('stripePriceId'),
  hpiBaseUrl: hpiBaseUrlContext(),
  limits: limitsContext(),
  ...functionSettingsContext(),
  ai: aiContext(),
  routeThrottles: routeThrottlesContext(),
  signingKeyGeneration: context('signingKeyGeneration'),
  alarmEmail: context('alarmEmail'),
  p99LatencyMs: positiveIntegerContext('p99LatencyMs'),
  api5xxPercent: positiveIntegerContext('api5xxPercent'),
});

if (process.env.HEARTH_SYNTH_CODE !== 'inline') Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
