// The CDK app entry, and the only place that reads context (-c key=value) and the environment.
// `npx cdk synth` runs `node scripts/build.mjs lambdas` first (cdk.json), so dist/functions exists.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { jobs } from '../functions/jobs/jobs';
import { routes } from '../functions/routes';
import { PROVIDER_SETTING_NAMES, type ProviderSettings } from './constructs/api';
import type { SmsProvider } from './constructs/messaging';
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
  if (value && !/^https:\/\/[^/]+\/?$/.test(value)) throw new Error(`Context "appUrl" must be an https origin such as https://app.example.com (got "${value}")`);
  return value;
}

function smsProviderContext(): SmsProvider | undefined {
  const value = context('smsProvider');
  if (value === undefined || value === 'sns' || value === 'twilio' || value === 'outbox') return value;
  throw new Error(`Context "smsProvider" must be sns, twilio or outbox (got "${value}")`);
}

function customDomainContext() {
  const domainName = context('domainName');
  const certificateArn = context('certificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) throw new Error('Give both -c domainName=… and -c certificateArn=… (an ACM certificate in us-east-1), or neither');
  return { domainName, certificateArn };
}

/** Provider keys come from the deploying shell's environment (never from a committed file). */
function providerSettingsFromEnvironment(): ProviderSettings {
  const settings: ProviderSettings = {};
  for (const name of PROVIDER_SETTING_NAMES) {
    const value = process.env[name]?.trim();
    if (value) settings[name] = value;
  }
  return settings;
}

const webAssetsPath = join(root, 'dist/web');

new HearthStack(app, context('stackName') ?? 'HearthCrm', {
  description: 'Hearth CRM: client relationships for real-estate agents',
  // Unset without credentials: the stack is then environment-agnostic and synthesizes offline.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  routes,
  jobs,
  code: (slug) => lambda.Code.fromAsset(join(root, 'dist/functions', slug)),
  webAssetsPath: existsSync(join(webAssetsPath, 'index.html')) ? webAssetsPath : undefined,
  appUrl: appUrlContext(),
  customDomain: customDomainContext(),
  sesIdentity: context('sesIdentity'),
  mailFrom: context('mailFrom'),
  smsProvider: smsProviderContext(),
  adminEmails: context('adminEmails')
    ?.split(',')
    .map((email) => email.trim())
    .filter(Boolean),
  providerSettings: providerSettingsFromEnvironment(),
  alarmEmail: context('alarmEmail'),
});

Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
