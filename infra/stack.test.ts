// The stack as CloudFormation sees it: generated from the route table, stateful resources pinned,
// nothing public, the SPA fallback without hiding API errors, and clean under cdk-nag.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, NestedStack, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEFAULT_AI_MODEL_ID } from '../functions/config';
import { tableDefinition } from '../functions/data/table-definition';
import { jobs } from '../functions/jobs/jobs';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../functions/observability/metrics';
import { type Route, routes } from '../functions/routes';
import { ROUTES_PER_NESTED_STACK, routeStacks } from './constructs/api';
import { Messaging } from './constructs/messaging';
import { constructIdForSlug } from './constructs/route-function';
import { spaFallbackSource } from './constructs/spa-fallback';
import { flattenTemplates, type CfnTemplate } from '../functions/lib/flatten-templates';
import { HearthStack, type HearthStackProps } from './stack';

// The same feature flags as `npx cdk synth`, so the tested template is the deployed one.
const cdkContext = JSON.parse(readFileSync(join(__dirname, '..', 'cdk.json'), 'utf8')).context as Record<
  string,
  unknown
>;

/** Logical IDs of the stateful resources: if one changes, CloudFormation replaces it and its data. */
const PINNED = {
  table: 'DataTableFDBAD0F2',
  uploadsBucket: 'DataUploadsBucketF0C3B642',
  exportsBucket: 'DataExportsBucket8077129B',
  accessLogsBucket: 'DataAccessLogsBucketC3B60382',
  siteBucket: 'WebSiteBucket1E6F6F45',
  sessionSecret: 'DataSessionSecret7C22DD54',
  // The background tasks queue keeps the id it had as the imports queue: a new one would drop the messages in flight.
  tasksQueue: 'JobsImportsQueue46756F7D',
  tasksDeadLetterQueue: 'JobsImportsDeadLetterQueue7D41BDB5',
};

type Resource = {
  Type: string;
  Properties?: Record<string, any>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
};

/**
 * The stack synthesized as one template. `nag` adds cdk-nag's checks and CDK's own CloudFormation validation: the
 * syntheses that only vary one setting skip both. Stack traces in construct metadata are off (as the CLI leaves them),
 * and so are the traces of where each resource was created: nothing here reads them, and under Jest each costs a
 * source-mapped stack.
 */
function synthesize(overrides: Partial<HearthStackProps> = {}, { nag = true } = {}) {
  const app = new App({
    context: { ...cdkContext, 'aws:cdk:disable-creation-stack-traces': true },
    stackTraces: false,
    builtinCloudFormationValidation: nag,
  });
  const stack = new HearthStack(app, 'Test', {
    routes,
    jobs,
    code: () => lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
    sesIdentity: 'example.com',
    ...overrides,
  });
  if (nag) Aspects.of(app).add(new AwsSolutionsChecks());
  const parent = Template.fromStack(stack).toJSON() as CfnTemplate;
  // The route functions deploy in nested stacks (infra/constructs/api.ts): asserted here as one template.
  const nestedStacks = nestedStacksOf(stack);
  const nestedByResource = new Map(
    nestedStacks.map((nested) => [
      stack.getLogicalId(nested.nestedStackResource as unknown as CfnElementLike),
      Template.fromStack(nested).toJSON() as CfnTemplate,
    ]),
  );
  const flat = flattenTemplates(parent, (id) => nestedByResource.get(id));
  const template = Template.fromJSON(flat);
  const resources = flat.Resources as Record<string, Resource>;
  const templateSizes = [parent, ...nestedByResource.values()].map((t) => Object.keys(t.Resources).length);
  // The annotations of this synthesis (Template.fromStack's, kept by the app): Annotations.fromStack would synthesize
  // the whole app again, cdk-nag and all.
  const messages = app.synth().getStackArtifact(stack.artifactId).messages;
  return { stack, template, resources, templateSizes, nestedStacks, messages };
}

/** The synthesis messages of one level whose text matches. */
function annotations(messages: SynthesisMessage[], level: 'error' | 'warning', text: RegExp): SynthesisMessage[] {
  return messages.filter((m) => m.level === level && text.test(String(m.entry.data)));
}

type CfnElementLike = Parameters<Stack['getLogicalId']>[0];

const routeDescriptions = new Set(routes.map((route) => `${route.method} ${route.path}`));
/** A route's function (its description is its route key), wherever the split put it. */
function isRouteFunction([, fn]: [string, Resource]): boolean {
  return fn.Type === 'AWS::Lambda::Function' && routeDescriptions.has(fn.Properties?.Description as string);
}

function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
}

/** cdk-nag's findings (one in a nested stack fails the synthesis itself, so it cannot pass unseen). */
function nagErrors(messages: SynthesisMessage[]) {
  return annotations(messages, 'error', /AwsSolutions-/);
}

function ofType(resources: Record<string, Resource>, type: string): [string, Resource][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

function webAssetsFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hearth</title>');
  return dir;
}

type Synthesized = ReturnType<typeof synthesize>;

describe('the stack with the defaults', () => {
  // Prepare + Act, once: a synthesis with cdk-nag takes seconds.
  let template: Synthesized['template'];
  let resources: Synthesized['resources'];
  let templateSizes: Synthesized['templateSizes'];
  let messages: Synthesized['messages'];
  let defaults: Synthesized;
  beforeAll(() => {
    defaults = synthesize();
    ({ template, resources, templateSizes, messages } = defaults);
  });

  it('warns that the Stripe routes need stripePriceId, and sets no STRIPE_PRICE_ID', () => {
    expect(annotations(messages, 'warning', /No stripePriceId given/)).toHaveLength(1);
    expect(JSON.stringify(resources)).not.toContain('STRIPE_PRICE_ID');
  });

  describe('the route table is the stack', () => {
    it('creates one nodejs22.x arm64 function per route, index.handler, 1024 MB and 10 s unless the route says otherwise', () => {
      // Assess
      // + the deploy step that derives the purpose keys (infra/constructs/purpose-keys.ts)
      template.resourceCountIs('AWS::Lambda::Function', routes.length + jobs.length + 1);
      // Each route's function looked up by its description (hasResourceProperties matches every function each time).
      const byDescription = new Map(
        ofType(resources, 'AWS::Lambda::Function').map(([, fn]) => [fn.Properties?.Description, fn.Properties]),
      );
      for (const route of routes) {
        const description = `${route.method} ${route.path}`;
        expect([description, byDescription.get(description)]).toMatchObject([
          description,
          {
            Runtime: 'nodejs22.x',
            Architectures: ['arm64'],
            Handler: 'index.handler',
            MemorySize: route.memoryMb ?? 1024,
            Timeout: route.timeoutSeconds ?? 10,
            TracingConfig: { Mode: 'Active' },
          },
        ]);
      }
    });

    it('creates one HTTP API route per route, keyed `METHOD /api/...` (or `GET /r/{token}`, the tracked review link)', () => {
      // Assess
      const routeKeys = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties?.RouteKey as string);
      expect(routeKeys.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
      expect(routeKeys.every((key) => / \/api\//.test(key) || key === 'GET /r/{token}')).toBe(true);
    });

    it('names each function after its handler slug, so its logical id is stable', () => {
      // Assess
      expect(constructIdForSlug('auth/post-login')).toBe('AuthPostLogin');
      expect(constructIdForSlug('password-reset/post-password-reset-request')).toBe(
        'PasswordResetPostPasswordResetRequest',
      );
      const functionIds = ofType(resources, 'AWS::Lambda::Function').map(([id]) => id);
      for (const route of routes) {
        expect(functionIds.some((id) => id.startsWith(`${constructIdForSlug(route.handler)}Function`))).toBe(true);
      }
    });

    it('gives every route function the settings functions/config.ts reads, and no provider keys that were not given', () => {
      // Assess
      for (const [, fn] of ofType(resources, 'AWS::Lambda::Function').filter(isRouteFunction)) {
        const variables = fn.Properties?.Environment?.Variables as Record<string, unknown>;
        expect(variables).toMatchObject({
          TABLE_NAME: { Ref: PINNED.table },
          SESSION_SECRET_ARN: { Ref: PINNED.sessionSecret },
          ORIGIN_VERIFY_SECRET_ARN: { Ref: expect.stringMatching(/^WebOriginVerifySecret/) },
          APP_URL: {
            'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }]],
          },
          MAIL_PROVIDER: 'ses',
          MAIL_FROM: 'no-reply@example.com',
          SMS_PROVIDER: 'sns',
        });
        expect(
          Object.keys(variables).filter(
            (name) => /^(STRIPE_|TWILIO_|GOOGLE_)/.test(name) && !/_(SECRET|KEY)_ARN$/.test(name),
          ),
        ).toEqual([]);
      }
    });

    it('gives every route function the Parameters and Secrets extension its *_SECRET_ARN settings are read through', () => {
      // Assess
      const routeFunctions = ofType(resources, 'AWS::Lambda::Function').filter(isRouteFunction);
      expect(routeFunctions).toHaveLength(routes.length);
      // The stack is region-agnostic: the layer's ARN comes from CDK's map of AWS's published ARNs.
      const layerArns = (template.toJSON().Mappings?.ParamsandsecretslayerMap ?? {}) as Record<
        string,
        Record<string, string>
      >;
      expect(layerArns['us-east-1']?.['1x0x103xarm64']).toMatch(
        /^arn:aws:lambda:us-east-1:\d+:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/,
      );
      for (const [, fn] of routeFunctions) {
        expect(fn.Properties?.Layers).toEqual([
          { 'Fn::FindInMap': ['ParamsandsecretslayerMap', { Ref: 'AWS::Region' }, '1x0x103xarm64'] },
        ]);
        expect(fn.Properties?.Environment?.Variables).toMatchObject({
          PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED: 'true',
          PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: expect.anything(),
        });
      }
    });
  });

  describe('data', () => {
    it('keeps one on-demand table with pk/sk, gsi1, gsi2, gsi3 (keys only), TTL, PITR, deletion protection, retained', () => {
      // Assess
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: {
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: 'gsi1',
              KeySchema: [
                { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
            {
              IndexName: 'gsi2',
              KeySchema: [
                { AttributeName: 'gsi2pk', KeyType: 'HASH' },
                { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
            {
              IndexName: 'gsi3',
              KeySchema: [
                { AttributeName: 'gsi3pk', KeyType: 'HASH' },
                { AttributeName: 'gsi3sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'KEYS_ONLY' },
            },
          ],
          TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        },
      });
    });

    it('declares the same keys and indexes as the table the local runtime creates', () => {
      // Prepare
      const local = tableDefinition('any');
      const table = resources[PINNED.table]!.Properties!;
      const sortByName = <T extends { AttributeName?: string }>(list: T[]) =>
        [...list].sort((a, b) => String(a.AttributeName).localeCompare(String(b.AttributeName)));
      // Assess
      expect(table.KeySchema).toEqual(local.KeySchema);
      expect(sortByName(table.AttributeDefinitions)).toEqual(sortByName(local.AttributeDefinitions ?? []));
      expect(table.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    });

    it('pins the logical ids of the table, the buckets and the session secret', () => {
      // Assess
      expect(resources[PINNED.table]?.Type).toBe('AWS::DynamoDB::Table');
      expect(resources[PINNED.uploadsBucket]?.Type).toBe('AWS::S3::Bucket');
      expect(resources[PINNED.exportsBucket]?.Type).toBe('AWS::S3::Bucket');
      expect(resources[PINNED.accessLogsBucket]?.Type).toBe('AWS::S3::Bucket');
      expect(resources[PINNED.siteBucket]?.Type).toBe('AWS::S3::Bucket');
      expect(resources[PINNED.sessionSecret]?.Type).toBe('AWS::SecretsManager::Secret');
      expect(
        ofType(resources, 'AWS::S3::Bucket')
          .map(([id]) => id)
          .sort(),
      ).toEqual([PINNED.accessLogsBucket, PINNED.exportsBucket, PINNED.siteBucket, PINNED.uploadsBucket].sort());
    });

    it('pins the logical ids of the background tasks queue and its dead-letter queue (the messages they hold)', () => {
      // Assess
      expect(resources[PINNED.tasksQueue]?.Type).toBe('AWS::SQS::Queue');
      expect(resources[PINNED.tasksDeadLetterQueue]?.Type).toBe('AWS::SQS::Queue');
      expect(resources[PINNED.tasksQueue]?.Properties?.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [PINNED.tasksDeadLetterQueue, 'Arn'] },
        maxReceiveCount: 3,
      });
    });

    it('makes no bucket public: all four public-access blocks, SSL-only policies, S3-managed encryption, retained', () => {
      // Prepare
      const policies = ofType(resources, 'AWS::S3::BucketPolicy');
      // Assess
      for (const [id, bucket] of ofType(resources, 'AWS::S3::Bucket')) {
        expect(bucket.DeletionPolicy).toBe('Retain');
        expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties?.BucketEncryption).toEqual({
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        });
        const policy = policies.find(([, p]) => p.Properties?.Bucket?.Ref === id)?.[1];
        expect(policy?.Properties?.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
      }
    });

    it('logs every data and site bucket into the access-log bucket', () => {
      // Assess
      for (const id of [PINNED.uploadsBucket, PINNED.exportsBucket, PINNED.siteBucket]) {
        expect(resources[id]?.Properties?.LoggingConfiguration).toMatchObject({
          DestinationBucketName: { Ref: PINNED.accessLogsBucket },
        });
      }
    });

    it('lets the app origin POST and GET uploads, and aborts incomplete multipart uploads', () => {
      // Assess
      const uploads = resources[PINNED.uploadsBucket]!.Properties!;
      expect(uploads.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({
          AllowedMethods: expect.arrayContaining(['POST', 'GET']),
          AllowedOrigins: [
            {
              'Fn::Join': [
                '',
                ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }],
              ],
            },
          ],
        }),
      ]);
      expect(uploads.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
      );
    });

    it('expires uploads never confirmed after a day, and unconfirmed registration videos after the 7 days of their submission', () => {
      // Assess
      const rules = resources[PINNED.uploadsBucket]!.Properties!.LifecycleConfiguration.Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: 'pending/', ExpirationInDays: 1, Status: 'Enabled' }),
      );
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: 'registrations/', ExpirationInDays: 8, Status: 'Enabled' }),
      );
      // Contacts files of imports (the job deletes each when its import ends): what is left after 3 days.
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: 'imports/', ExpirationInDays: 3, Status: 'Enabled' }),
      );
      // Client e-mail replies: a dropped or erased one leaves no old version behind for long; a kept one never expires.
      const inbound = rules.filter((rule: { Prefix?: string }) => rule.Prefix === 'inbound-email/');
      expect(inbound).toEqual([
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
      ]);
      expect(inbound[0].ExpirationInDays).toBeUndefined();
      // What SES stored that no reply names (rejected unread) expires after 30 days.
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: 'inbound-email/received/', ExpirationInDays: 30, Status: 'Enabled' }),
      );
      // No rule without a prefix expires current objects: confirmed testimonials stay.
      expect(
        rules.filter(
          (rule: { Prefix?: string; ExpirationInDays?: number }) => !rule.Prefix && rule.ExpirationInDays !== undefined,
        ),
      ).toEqual([]);
    });

    it('versions the uploads bucket and expires noncurrent versions after 30 days', () => {
      // Assess
      const uploads = resources[PINNED.uploadsBucket]!.Properties!;
      expect(uploads.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(uploads.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
      );
      expect(uploads.LifecycleConfiguration.Rules.find((rule: { Prefix?: string }) => !rule.Prefix)).toMatchObject({
        NoncurrentVersionExpiration: { NoncurrentDays: 30 },
      });
    });

    it('expires exports after one day', () => {
      // Assess
      expect(resources[PINNED.exportsBucket]!.Properties!.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' }),
      );
    });

    it('generates a 64-character session secret', () => {
      // Assess
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
      });
    });
  });

  describe('api', () => {
    it('serves a $default stage with access logs and throttling', () => {
      // Assess
      template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
        DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
      });
    });

    it('gives each job its own role, routes with the same rights one role between them, and no AWS-managed policy', () => {
      // Prepare
      const functions = ofType(resources, 'AWS::Lambda::Function');
      const roleOf = (fn: Resource) => fn.Properties?.Role['Fn::GetAtt'][0] as string;
      const byDescription = new Map(functions.map(([, fn]) => [fn.Properties?.Description as string, roleOf(fn)]));
      const routeRole = (route: Route) => byDescription.get(`${route.method} ${route.path}`)!;
      const rights = (route: Route) => [route.uses[0], ...route.uses.slice(1).sort()].join(',');
      // Assess
      for (const a of routes) {
        for (const b of routes)
          expect([a.handler, b.handler, routeRole(a) === routeRole(b)]).toEqual([
            a.handler,
            b.handler,
            rights(a) === rights(b),
          ]);
      }
      const roleIds = functions.map(([, fn]) => roleOf(fn));
      // + the purpose keys' deploy step
      expect(new Set(roleIds).size).toBe(new Set(routes.map(rights)).size + jobs.length + 1);
      for (const roleId of roleIds) expect(resources[roleId]?.Properties?.ManagedPolicyArns).toBeUndefined();
    });

    it('grants each route exactly what it declares: read-only table for read routes, no Scan, buckets, mail, SMS and provider secrets only where used', () => {
      // Prepare
      const byDescription = (route: Route) =>
        ofType(resources, 'AWS::Lambda::Function').find(
          ([, f]) => f.Properties?.Description === `${route.method} ${route.path}`,
        )![1];
      for (const route of routes) {
        const fn = byDescription(route);
        const role = fn.Properties?.Role['Fn::GetAtt'][0] as string;
        const statements = ofType(resources, 'AWS::IAM::Policy')
          .filter(([, p]) => p.Properties?.Roles?.some((r: { Ref: string }) => r.Ref === role))
          .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Record<string, any>[]);
        const actions = statements.flatMap((st) => [st.Action].flat() as string[]);
        const text = JSON.stringify(statements);
        const variables = fn.Properties?.Environment?.Variables as Record<string, unknown>;
        // Assess
        expect(actions).not.toContain('dynamodb:Scan');
        expect(actions.includes('dynamodb:PutItem')).toBe(route.uses[0] === 'table:write');
        expect(actions).toContain('dynamodb:Query');
        expect(text.includes(PINNED.uploadsBucket)).toBe(
          route.uses.includes('uploads') || route.uses.includes('inbound-originals'),
        );
        expect(text.includes(PINNED.exportsBucket)).toBe(route.uses.includes('exports'));
        expect(actions.includes('ses:SendEmail')).toBe(route.uses.includes('mail'));
        // SES authorizes a send on the identity and on the configuration set every client e-mail names.
        if (route.uses.includes('mail')) {
          const mail = statements.filter((st) => [st.Action].flat().includes('ses:SendEmail'));
          expect(JSON.stringify(mail)).toContain(':identity/');
          expect(JSON.stringify(mail)).toContain(':configuration-set/');
        }
        expect(actions.includes('sns:Publish')).toBe(route.uses.includes('sms'));
        expect(actions.includes('bedrock:InvokeModel')).toBe(route.uses.includes('ai'));
        expect('AI_PROVIDER' in variables).toBe(route.uses.includes('ai'));
        expect(text.includes('ProviderSecretsStripeSecret')).toBe(route.uses.includes('stripe'));
        expect(text.includes('ProviderSecretsGoogleSecret')).toBe(route.uses.includes('google'));
        expect('STRIPE_SECRET_ARN' in variables).toBe(route.uses.includes('stripe'));
        expect('GOOGLE_SECRET_ARN' in variables).toBe(route.uses.includes('google'));
        expect(text.includes('ProviderSecretsPushSecret')).toBe(route.uses.includes('push'));
        expect('PUSH_SECRET_ARN' in variables).toBe(route.uses.includes('push'));
        expect(text).toContain(PINNED.sessionSecret);
        expect(text).toMatch(/WebOriginVerifySecret/);
        const tableStatement = statements.find((st) => [st.Action].flat().includes('dynamodb:Query'));
        expect(JSON.stringify(tableStatement?.Resource)).not.toContain('index/*');
        expect(JSON.stringify(tableStatement?.Resource)).toContain('/index/gsi1');
      }
    });

    it("lets the message-original route presign s3:GetObject on the uploads bucket's inbound-email/* only, nothing else of the bucket", () => {
      // Prepare
      const route = routes.find((r) => r.handler === 'clients/get-client-message-original')!;
      const [, fn] = ofType(resources, 'AWS::Lambda::Function').find(
        ([, f]) => f.Properties?.Description === `${route.method} ${route.path}`,
      )!;
      const role = fn.Properties?.Role['Fn::GetAtt'][0] as string;
      const statements = ofType(resources, 'AWS::IAM::Policy')
        .filter(([, p]) => p.Properties?.Roles?.some((r: { Ref: string }) => r.Ref === role))
        .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Record<string, any>[]);
      const bucketStatements = statements.filter(
        (st) =>
          [st.Action].flat().some((a: string) => a.startsWith('s3:')) ||
          JSON.stringify(st).includes(PINNED.uploadsBucket),
      );
      // Assess
      expect(bucketStatements).toEqual([
        expect.objectContaining({
          Action: 's3:GetObject',
          Effect: 'Allow',
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [PINNED.uploadsBucket, 'Arn'] }, '/inbound-email/*']] },
        }),
      ]);
      expect(fn.Properties?.Environment?.Variables?.UPLOADS_BUCKET).toBeDefined();
    });

    it('never allows sns:Publish on "*": only on what is not an SNS ARN (a phone number)', () => {
      // Assess
      const publishes = ofType(resources, 'AWS::IAM::Policy')
        .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Record<string, any>[])
        .filter((st) => [st.Action].flat().includes('sns:Publish'));
      expect(publishes.length).toBeGreaterThan(0);
      for (const st of publishes) {
        expect(st.Resource).toBeUndefined();
        expect(st.NotResource).toEqual({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] });
      }
    });

    it('lets exactly three functions call Bedrock, the drafts route, the reminders worker (automatic messages) and the imports worker (broadcasts), on the configured model only, never "*"', () => {
      // Prepare
      const invoking = ofType(resources, 'AWS::IAM::Policy').filter(([, p]) =>
        (p.Properties?.PolicyDocument.Statement as Record<string, any>[]).some((st) =>
          JSON.stringify(st.Action).includes('bedrock:'),
        ),
      );
      const drafts = ofType(resources, 'AWS::Lambda::Function').find(
        ([, f]) => f.Properties?.Description === 'POST /api/clients/{id}/drafts',
      )![1];
      const worker = ofType(resources, 'AWS::Lambda::Function').find(([id]) =>
        id.startsWith('JobsRemindersWorker'),
      )![1];
      const imports = ofType(resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith('JobsImportsWorker'))![1];
      // Assess
      expect(
        invoking
          .map(([, policy]) => policy.Properties?.Roles)
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ).toEqual(
        [
          [{ Ref: drafts.Properties?.Role['Fn::GetAtt'][0] }],
          [{ Ref: worker.Properties?.Role['Fn::GetAtt'][0] }],
          [{ Ref: imports.Properties?.Role['Fn::GetAtt'][0] }],
        ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
      for (const [, policy] of invoking) {
        const statement = (policy.Properties?.PolicyDocument.Statement as Record<string, any>[]).find((st) =>
          JSON.stringify(st.Action).includes('bedrock:'),
        )!;
        expect(statement.Action).toBe('bedrock:InvokeModel');
        expect(statement.Resource).toEqual({
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':bedrock:',
              { Ref: 'AWS::Region' },
              '::foundation-model/amazon.nova-micro-v1:0',
            ],
          ],
        });
      }
      expect(drafts.Properties?.Environment.Variables).toMatchObject({
        AI_PROVIDER: 'bedrock',
        AI_MODEL_ID: 'amazon.nova-micro-v1:0',
      });
      expect(worker.Properties?.Environment.Variables).toMatchObject({
        AI_PROVIDER: 'bedrock',
        AI_MODEL_ID: 'amazon.nova-micro-v1:0',
      });
    });

    it('puts no provider key in the template: env vars only name secrets, and the provider secrets hold the {} placeholder', () => {
      // Assess
      for (const [, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        const names = Object.keys(fn.Properties?.Environment?.Variables ?? {});
        expect(
          names.filter(
            (name) =>
              /^(STRIPE_|TWILIO_|GOOGLE_)/.test(name) && !/_(SECRET|KEY)_ARN$/.test(name) && name !== 'STRIPE_PRICE_ID',
          ),
        ).toEqual([]);
        expect(names).not.toContain('AI_API_KEY');
      }
      const providerSecrets = ofType(resources, 'AWS::SecretsManager::Secret').filter(([id]) =>
        id.startsWith('ProviderSecrets'),
      );
      expect(providerSecrets.map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual([
        'ProviderSecretsGoogleSecret',
        'ProviderSecretsPushSecret',
        'ProviderSecretsStripeSecret',
      ]);
      for (const [, secret] of providerSecrets) expect(secret.Properties?.SecretString).toBe('{}');
    });

    it('throttles sign-in, registration and password reset at 10/20 and the other public routes at 25/50, after their routes exist', () => {
      // Prepare
      const [, stage] = ofType(resources, 'AWS::ApiGatewayV2::Stage')[0]!;
      const settings = stage.Properties?.RouteSettings as Record<string, unknown>;
      // Assess
      for (const key of [
        'POST /api/login',
        'POST /api/register',
        'POST /api/password-reset/request',
        'POST /api/password-reset/confirm',
      ]) {
        expect(settings[key]).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
      }
      for (const route of routes.filter(
        (r) =>
          r.access === 'public' &&
          !['auth/post-login', 'auth/post-register'].includes(r.handler) &&
          !r.handler.startsWith('password-reset/'),
      )) {
        expect(settings[`${route.method} ${route.path}`]).toEqual({
          ThrottlingRateLimit: 25,
          ThrottlingBurstLimit: 50,
        });
      }
      expect(Object.keys(settings)).toHaveLength(routes.filter((r) => r.access === 'public').length);
      const routeIds = ofType(resources, 'AWS::ApiGatewayV2::Route')
        .filter(([, r]) => r.Properties?.RouteKey in settings)
        .map(([id]) => id);
      expect([stage.DependsOn].flat()).toEqual(expect.arrayContaining(routeIds));
    });
  });

  describe('edge', () => {
    it('puts a CLOUDFRONT web ACL with a per-IP rate limit and the three managed groups on the distribution', () => {
      // Assess
      template.resourceCountIs('AWS::WAFv2::WebACL', 1);
      template.hasResourceProperties('AWS::WAFv2::WebACL', {
        Scope: 'CLOUDFRONT',
        DefaultAction: { Allow: {} },
        Rules: [
          Match.objectLike({
            Name: 'RateLimitPerIp',
            Action: { Block: {} },
            Statement: { RateBasedStatement: { Limit: 2000, EvaluationWindowSec: 300, AggregateKeyType: 'IP' } },
          }),
          Match.objectLike({
            Statement: {
              ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' },
            },
          }),
          Match.objectLike({
            Statement: {
              ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
            },
          }),
          Match.objectLike({
            Statement: {
              ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }),
            },
          }),
        ],
      });
      const [aclId] = ofType(resources, 'AWS::WAFv2::WebACL')[0]!;
      const [, distribution] = ofType(resources, 'AWS::CloudFront::Distribution')[0]!;
      expect(distribution.Properties?.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    });

    it('holds no template over 300 CloudFormation resources (500 is the limit), today and with twice the routes', () => {
      // Prepare: every route again under another path and handler, in stacks of their own, as a table twice today's
      // would be.
      const twice = [
        ...routes,
        ...routes.map((route) => ({
          ...route,
          path: `${route.path}/again`,
          handler: `${route.handler}-again`,
          stack: (route.stack ?? 1) + 2,
        })),
      ];
      // Act
      const doubled = synthesize({ routes: twice }, { nag: false });
      // Assess
      expect(Math.max(...templateSizes)).toBeLessThanOrEqual(300);
      expect(Math.max(...doubled.templateSizes)).toBeLessThanOrEqual(300);
      expect(doubled.templateSizes.reduce((a, b) => a + b)).toBeGreaterThan(2 * routes.length * 5);
    });
  });

  describe('a route keeps its nested stack', () => {
    /** Where each route deploys: its nested stack (its logical id in the parent) and its resources' logical ids. */
    function placements({ stack, nestedStacks }: Synthesized): Map<string, string> {
      const placed = new Map<string, string>();
      for (const nested of nestedStacks) {
        const stackId = stack.getLogicalId(nested.nestedStackResource as unknown as CfnElementLike);
        const nestedResources = (Template.fromStack(nested).toJSON() as CfnTemplate).Resources as Record<
          string,
          Resource
        >;
        for (const [logicalId, resource] of Object.entries(nestedResources)) {
          const key =
            resource.Type === 'AWS::Lambda::Function'
              ? `function ${resource.Properties?.Description as string}`
              : resource.Type === 'AWS::ApiGatewayV2::Route'
                ? `route ${resource.Properties?.RouteKey as string}`
                : undefined;
          if (key) placed.set(key, `${stackId}/${logicalId}`);
        }
      }
      return placed;
    }

    it("inserting routes at the start of the table moves no existing route's nested stack or logical ids", () => {
      // Prepare: a new route of each access class first, as a route inserted anywhere would be.
      const inserted: Route[] = (['public', 'agent', 'admin'] as const).map((access) => ({
        method: 'GET',
        path: `/api/inserted-${access}`,
        handler: `inserted/get-inserted-${access}`,
        access,
        uses: ['table:read'],
      }));
      // Act (cdk-nag adds no resource and moves none: the defaults' synthesis is the table before)
      const before = placements(defaults);
      const after = placements(synthesize({ routes: [...inserted, ...routes] }, { nag: false }));
      // Assess: every function and API route of today's table where it was, under the same logical id.
      expect(before.size).toBe(2 * routes.length);
      for (const [key, place] of before) expect([key, after.get(key)]).toEqual([key, place]);
      expect(after.size).toBe(2 * (routes.length + inserted.length));
    });

    it(`gives no nested stack more than ${ROUTES_PER_NESTED_STACK} routes (a new route takes a stack with room)`, () => {
      // Act
      const stacks = routeStacks(routes);
      // Assess
      const full = stacks.filter((s) => s.routes.length > ROUTES_PER_NESTED_STACK);
      const room = stacks.map((s) => `${s.id} ${ROUTES_PER_NESTED_STACK - s.routes.length}`).join(', ');
      expect([full.map((s) => s.id), `room: ${room}`]).toEqual([[], `room: ${room}`]);
    });
  });

  describe('web', () => {
    const distribution = () => ofType(resources, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig;

    it('rewrites client-side routes on the default behaviour with a viewer-request function, not with error pages', () => {
      // Prepare
      const config = distribution();
      // Assess: an error response with a page would replace the API's errors too (it applies to every behaviour).
      for (const response of config.CustomErrorResponses as Record<string, unknown>[]) {
        expect(response.ResponsePagePath).toBeUndefined();
        expect(response.ResponseCode).toBeUndefined();
      }
      expect(config.DefaultRootObject).toBe('index.html');
      expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebSpaFallback/), 'FunctionARN'] },
        },
      ]);
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionCode: spaFallbackSource,
        FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      });
    });

    it("never caches an error: one agent's 404 or a passing 5xx is not served to the next viewer", () => {
      // Prepare
      const config = distribution();
      // Assess: every status CloudFront would cache (10 s unless told otherwise), at 0 s and passed unchanged.
      expect(config.CustomErrorResponses).toEqual(
        [400, 403, 404, 405, 414, 500, 501, 502, 503, 504].map((code) => ({ ErrorCode: code, ErrorCachingMinTTL: 0 })),
      );
    });

    it('sends /api/* uncached (Accept-Encoding forwarded) to the HTTP API with all cookies and query strings, and no function in the way', () => {
      // Prepare
      const config = distribution();
      const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*');
      const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === api?.TargetOriginId);
      // Assess
      expect(api).toMatchObject({
        CachePolicyId: { Ref: expect.stringMatching(/^WebApiCachePolicy/) },
        OriginRequestPolicyId: { Ref: expect.stringMatching(/^WebApiOriginRequestPolicy/) },
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        ViewerProtocolPolicy: 'https-only',
      });
      expect(api?.FunctionAssociations).toBeUndefined();
      expect(origin?.CustomOriginConfig).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
      expect(JSON.stringify(origin?.DomainName)).toMatch(/ApiHttpApi.*execute-api/);
      const policy = resources[api!.OriginRequestPolicyId.Ref]!.Properties!.OriginRequestPolicyConfig;
      expect(policy.CookiesConfig).toEqual({ CookieBehavior: 'all' });
      expect(policy.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
      // Nothing cached (every answer is no-store), but Accept-Encoding forwarded so the API compresses.
      expect(resources[api!.CachePolicyId.Ref]!.Properties!.CachePolicyConfig).toMatchObject({
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: 1,
        ParametersInCacheKeyAndForwardedToOrigin: {
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'none' },
        },
      });
    });

    it('encrypts the Google refresh tokens with a rotated, retained KMS key only the Google functions may use', () => {
      // Prepare
      const keys = ofType(resources, 'AWS::KMS::Key').filter(([id]) => id.startsWith('ProviderSecretsGoogleTokenKey'));
      const functions = ofType(resources, 'AWS::Lambda::Function');
      const withKey = functions
        .filter(([, f]) => 'GOOGLE_TOKEN_KEY_ARN' in (f.Properties?.Environment?.Variables ?? {}))
        .map(([, f]) => f.Properties?.Description as string);
      // Assess
      expect(keys).toHaveLength(1);
      expect(keys[0]![1]).toMatchObject({ DeletionPolicy: 'Retain', Properties: { EnableKeyRotation: true } });
      expect(withKey).toEqual(
        expect.arrayContaining(['POST /api/reviews/sync', 'GET /api/google/callback', 'PUT /api/reviews/{id}/reply']),
      );
      expect(withKey).not.toContain('GET /api/reviews');
      expect(withKey).not.toContain('POST /api/clients/{id}/request-review');
    });

    it('sends /r/* (the tracked review links) to the same API origin with the same policies, GET and HEAD only', () => {
      // Prepare
      const config = distribution();
      const behaviors = config.CacheBehaviors as Record<string, any>[];
      const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
      const links = behaviors.find((b) => b.PathPattern === '/r/*');
      // Assess
      expect(links).toMatchObject({
        TargetOriginId: api.TargetOriginId,
        CachePolicyId: api.CachePolicyId,
        OriginRequestPolicyId: api.OriginRequestPolicyId,
        AllowedMethods: ['GET', 'HEAD'],
      });
      expect(links?.FunctionAssociations).toBeUndefined();
    });

    it("forwards CloudFront-Viewer-Address and the headers the API reads, never the viewer's Host", () => {
      // Prepare
      const config = distribution();
      const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*');
      const headers = resources[api!.OriginRequestPolicyId.Ref]!.Properties!.OriginRequestPolicyConfig.HeadersConfig;
      const names = (headers.Headers as string[]).map((name) => name.toLowerCase());
      // Assess
      expect(headers.HeaderBehavior).toBe('whitelist');
      expect(names).toContain('cloudfront-viewer-address');
      // what functions/http reads: the CSRF rule, the body parsers, the Stripe webhook
      expect(names).toEqual(
        expect.arrayContaining(['content-type', 'origin', 'sec-fetch-site', 'stripe-signature', 'user-agent']),
      );
      expect(names).not.toContain('host');
      expect(names.length).toBeLessThanOrEqual(10); // CloudFront's default quota per origin request policy
    });

    it('adds the generated origin-verify secret to every API request, as a dynamic reference (never in the template)', () => {
      // Prepare
      const config = distribution();
      const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*');
      const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === api?.TargetOriginId);
      const [secretId, secret] = ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('WebOriginVerifySecret'),
      )!;
      // Assess
      expect(origin?.OriginCustomHeaders).toEqual([
        {
          HeaderName: 'x-origin-verify',
          HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] },
        },
      ]);
      expect(secret.Properties?.GenerateSecretString).toMatchObject({
        PasswordLength: 48,
        ExcludePunctuation: true,
        IncludeSpace: false,
      });
      // The S3 origin gets no secret.
      expect((config.Origins as Record<string, any>[]).filter((o) => o.OriginCustomHeaders)).toHaveLength(1);
    });

    it('serves the private site bucket through Origin Access Control', () => {
      // Prepare
      const config = distribution();
      const site = (config.Origins as Record<string, any>[]).find((o) => o.S3OriginConfig);
      // Assess
      expect(site?.DomainName).toEqual({ 'Fn::GetAtt': [PINNED.siteBucket, 'RegionalDomainName'] });
      expect(site?.OriginAccessControlId).toBeDefined();
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    });

    it('adds HSTS, nosniff, DENY framing, a referrer policy and a CSP that allows S3 for presigned uploads and blob: video', () => {
      // Assess
      template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: {
            StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true }),
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
            ContentSecurityPolicy: Match.objectLike({ Override: true }),
          },
        },
      });
      const policy = ofType(resources, 'AWS::CloudFront::ResponseHeadersPolicy')[0]![1];
      const csp = JSON.stringify(
        policy.Properties?.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
      );
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("connect-src 'self' https://*.s3.amazonaws.com");
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain("frame-ancestors 'none'");
    });

    it('uploads nothing when no web build is given', () => {
      // Assess
      template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    });
  });

  // The jobs' resources by name, and what a function's role may do.
  const fnId = (name: string) =>
    ofType(resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Jobs${constructIdForSlug(name)}`))![0];
  const queueId = (name: string) =>
    ofType(resources, 'AWS::SQS::Queue').find(([id]) => id.startsWith(`Jobs${name}`))![0];
  const policyOf = (functionId: string) => {
    const role = resources[functionId]!.Properties?.Role['Fn::GetAtt'][0] as string;
    return ofType(resources, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties?.Roles?.some((r: { Ref: string }) => r.Ref === role))
      .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Record<string, any>[]);
  };
  const actionsOf = (statements: Record<string, any>[]) => statements.flatMap((st) => [st.Action].flat() as string[]);
  /** The jobs an event invokes asynchronously (a rule, a receipt rule, a topic, a schedule). */
  const ASYNC_JOBS = ['ses-events', 'inbound-email', 'sms-inbound', 'reviews-sync', 'home-values-sync', 'calendar-out'];

  describe('the reminders jobs', () => {
    it('creates one nodejs22.x arm64 function per job of functions/jobs/jobs.ts', () => {
      // Assess
      for (const job of jobs) {
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: job.description,
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: job.memoryMb,
          Timeout: job.timeoutSeconds,
          TracingConfig: { Mode: 'Active' },
        });
      }
    });

    it('starts the scheduler every hour on the hour with its scheduled time, retries, and a dead-letter queue', () => {
      // Assess
      // The reminders' schedule on the hour, the Google reviews sync's at half past, the home values job's monthly, the
      // calendar-out job's every two minutes (not retried: the next run is that close).
      template.resourceCountIs('AWS::Scheduler::Schedule', 4);
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(0/2 * * * ? *)',
        State: 'ENABLED',
        Target: Match.objectLike({
          Arn: { 'Fn::GetAtt': [fnId('calendar-out'), 'Arn'] },
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }),
        }),
      });
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(30 * * * ? *)',
        State: 'ENABLED',
        Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId('reviews-sync'), 'Arn'] } }),
      });
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(0 * * * ? *)',
        State: 'ENABLED',
        Target: Match.objectLike({
          Arn: { 'Fn::GetAtt': [fnId('reminders-scheduler'), 'Arn'] },
          Input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }),
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId('ScheduleDeadLetterQueue'), 'Arn'] } },
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 3 }),
        }),
      });
    });

    it("sends the scheduler's own failures to an on-failure destination (the schedule's DLQ only sees delivery failures)", () => {
      // Assess
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId('reminders-scheduler') },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId('SchedulerFailureQueue'), 'Arn'] } } },
      });
    });

    it.each(ASYNC_JOBS)(
      "sends what jobs/%s still fails on after Lambda's retries to an encrypted on-failure queue of its own, which only it may send to",
      (job) => {
        // Prepare
        const queue = queueId(`${constructIdForSlug(job)}FailureQueue`);
        const senders = ofType(resources, 'AWS::IAM::Policy').filter(([, policy]) =>
          (policy.Properties?.PolicyDocument.Statement as Record<string, any>[]).some(
            (st) =>
              actionsOf([st]).includes('sqs:SendMessage') &&
              JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [queue, 'Arn'] }),
          ),
        );
        // Assess
        template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
          FunctionName: { Ref: fnId(job) },
          Qualifier: '$LATEST',
          DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
        });
        expect(resources[queue]!.Properties).toMatchObject({
          SqsManagedSseEnabled: true,
          MessageRetentionPeriod: 14 * 24 * 3600,
        });
        const role = resources[fnId(job)]!.Properties?.Role['Fn::GetAtt'][0] as string;
        expect(senders.map(([, policy]) => policy.Properties?.Roles)).toEqual([[{ Ref: role }]]);
      },
    );

    it('feeds the worker from an encrypted queue in batches with partial failures, moving a message to the DLQ after 3 tries', () => {
      // Assess
      template.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: 1800, // 6 × the worker's 300 s
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [queueId('RemindersDeadLetterQueue'), 'Arn'] },
          maxReceiveCount: 3,
        },
      });
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnId('reminders-worker') },
        EventSourceArn: { 'Fn::GetAtt': [queueId('RemindersQueue'), 'Arn'] },
        BatchSize: 10,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      for (const [, queue] of ofType(resources, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('Jobs')))
        expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
    });

    it('alarms when any of the eight dead-letter queues holds a message', () => {
      // Assess
      for (const name of [
        'ScheduleDeadLetterQueue',
        'SchedulerFailureQueue',
        'RemindersDeadLetterQueue',
        'ImportsDeadLetterQueue',
        ...ASYNC_JOBS.map((job) => `${constructIdForSlug(job)}FailureQueue`),
      ]) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Namespace: 'AWS/SQS',
          Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId(name), 'QueueName'] } }],
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
      }
    });

    it('lets the scheduler only query the agents index and fill the queue', () => {
      // Prepare
      const statements = policyOf(fnId('reminders-scheduler'));
      const dynamo = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
      // Assess
      expect(actionsOf(dynamo)).toEqual(['dynamodb:Query']);
      expect(JSON.stringify(dynamo[0]!.Resource)).toContain('/index/gsi1');
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['sqs:SendMessage']));
      expect(
        actionsOf(statements).some(
          (a) => a.startsWith('ses:') || a.startsWith('sns:') || a.startsWith('secretsmanager:'),
        ),
      ).toBe(false);
      expect(resources[fnId('reminders-scheduler')]!.Properties?.Environment.Variables).toMatchObject({
        QUEUE_PROVIDER: 'sqs',
        REMINDERS_QUEUE_URL: { Ref: queueId('RemindersQueue') },
      });
    });

    it("lets the worker read and write table items (the due clients in one BatchGet, a client's list entries in one BatchWrite; of the indexes the queue on gsi2 and the quiet clients on gsi3), send mail and texts, and drain its queue", () => {
      // Prepare
      const statements = policyOf(fnId('reminders-worker'));
      const dynamo = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
      const onIndex = dynamo.filter((st) => JSON.stringify(st.Resource).includes('/index/'));
      // Assess
      expect(actionsOf(dynamo.filter((st) => !onIndex.includes(st))).sort()).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ]);
      expect(onIndex).toHaveLength(1);
      expect(actionsOf(onIndex)).toEqual(['dynamodb:Query']);
      const indexes = JSON.stringify(onIndex[0]!.Resource);
      // The monthly summary (sendMonthlySummary → readInsights) reads the quiet clients from gsi3.
      expect([...indexes.matchAll(/\/index\/(gsi\d)/g)].map((m) => m[1]).sort()).toEqual(['gsi2', 'gsi3']);
      expect(actionsOf(statements)).toEqual(
        expect.arrayContaining(['ses:SendEmail', 'sns:Publish', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']),
      );
      expect(actionsOf(statements).some((a) => a.startsWith('s3:'))).toBe(false);
    });

    it('gives the worker the unsubscribe key it signs links with, derived from the session secret, and never that secret', () => {
      // Prepare
      const statements = policyOf(fnId('reminders-worker'));
      const [keyId] = ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('PurposeKeysUnsubscribeSigningKey'),
      )!;
      const variables = resources[fnId('reminders-worker')]!.Properties?.Environment.Variables as Record<
        string,
        unknown
      >;
      const secretReads = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('secretsmanager:')));
      // Assess
      expect(variables.UNSUBSCRIBE_SIGNING_KEY_ARN).toEqual({ Ref: keyId });
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      // Besides that key, only the web push key pair (the agent's notifications of the digest and approvals).
      const [pushId] = ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('ProviderSecretsPushSecret'),
      )!;
      expect(secretReads.flatMap((st) => [st.Resource].flat())).toEqual(
        expect.arrayContaining([{ Ref: keyId }, { Ref: pushId }]),
      );
      expect(secretReads.flatMap((st) => [st.Resource].flat())).toHaveLength(2);
      expect(variables.PUSH_SECRET_ARN).toEqual({ Ref: pushId });
      expect(JSON.stringify(statements)).not.toContain(PINNED.sessionSecret);
      template.hasResourceProperties('Custom::PurposeKey', {
        RootSecretArn: { Ref: PINNED.sessionSecret },
        TargetSecretArn: { Ref: keyId },
        Purpose: 'unsubscribe',
      });
      expect([resources[fnId('reminders-worker')]!.DependsOn].flat()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^PurposeKeysDeriveUnsubscribeKey/)]),
      );
      expect(variables).toMatchObject({ TABLE_NAME: { Ref: PINNED.table }, MAIL_PROVIDER: 'ses', SMS_PROVIDER: 'sns' });
    });

    it('subscribes jobs/sms-inbound to the two-way number topic, which only the SMS service of this account may publish to', () => {
      // Prepare
      const [topicId] = ofType(resources, 'AWS::SNS::Topic').find(([id]) => id.startsWith('JobsInboundTextsTopic'))!;
      const statements = policyOf(fnId('sms-inbound'));
      const variables = resources[fnId('sms-inbound')]!.Properties?.Environment.Variables as Record<string, unknown>;
      // Assess
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'lambda',
        TopicArn: { Ref: topicId },
        Endpoint: { 'Fn::GetAtt': [fnId('sms-inbound'), 'Arn'] },
      });
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: topicId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Action: 'sns:Publish',
              Effect: 'Allow',
              Principal: { Service: 'sms-voice.amazonaws.com' },
              Condition: { StringEquals: { 'aws:SourceAccount': Match.anyValue() } },
            }),
          ]),
        },
      });
      expect(variables).toMatchObject({ TABLE_NAME: { Ref: PINNED.table }, MAIL_PROVIDER: 'ses', SMS_PROVIDER: 'sns' });
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      expect(JSON.stringify(statements)).not.toContain(PINNED.sessionSecret);
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'sns:Publish']));
    });

    it('gives jobs/ses-events the unsubscribe key its suppressions are hashed with, and no other secret', () => {
      // Prepare
      const statements = policyOf(fnId('ses-events'));
      const [keyId] = ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('PurposeKeysUnsubscribeSigningKey'),
      )!;
      const variables = resources[fnId('ses-events')]!.Properties?.Environment.Variables as Record<string, unknown>;
      const secretReads = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('secretsmanager:')));
      // Assess
      expect(variables.UNSUBSCRIBE_SIGNING_KEY_ARN).toEqual({ Ref: keyId });
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      expect(secretReads.map((st) => st.Resource)).toEqual([{ Ref: keyId }]);
      expect(JSON.stringify(statements)).not.toContain(PINNED.sessionSecret);
      expect([resources[fnId('ses-events')]!.DependsOn].flat()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^PurposeKeysDeriveUnsubscribeKey/)]),
      );
    });

    it("refreshes FHFA's House Price Index on the 1st of each month from FHFA's own files, writing table items only", () => {
      // Prepare
      const statements = policyOf(fnId('home-values-sync'));
      const variables = resources[fnId('home-values-sync')]!.Properties?.Environment.Variables as Record<
        string,
        unknown
      >;
      // Assess
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(15 9 1 * ? *)',
        State: 'ENABLED',
        Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId('home-values-sync'), 'Arn'] } }),
      });
      expect(variables.HPI_BASE_URL).toBe('https://www.fhfa.gov/hpi/download/quarterly_datasets');
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      const tableStatements = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
      expect(actionsOf(tableStatements).sort()).toEqual([
        'dynamodb:BatchWriteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ]);
      expect(JSON.stringify(tableStatements)).not.toContain('/index/');
      expect(actionsOf(statements).filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    });

    it('alarms when the home values job keeps the release in use (an FHFA file it could not store)', () => {
      const found = ofType(resources, 'AWS::CloudWatch::Alarm').filter(
        ([, alarm]) => alarm.Properties?.MetricName === 'HomeValueIndexFailures',
      );
      expect(found).toHaveLength(1);
      expect(found[0]![1].Properties).toMatchObject({ Namespace: METRICS_NAMESPACE, Statistic: 'Sum', Threshold: 1 });
    });

    it('gives the reviews sync no signing root: the Google secret, the refresh tokens key and the unsubscribe key (contacts made clients keep opt-outs), never the session secret', () => {
      // Prepare
      const statements = policyOf(fnId('reviews-sync'));
      const variables = resources[fnId('reviews-sync')]!.Properties?.Environment.Variables as Record<string, unknown>;
      const secretId = (prefix: string) =>
        ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith(prefix))![0];
      const secretReads = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('secretsmanager:')));
      // Assess
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      expect(JSON.stringify(statements)).not.toContain(PINNED.sessionSecret);
      expect(secretReads.flatMap((st) => [st.Resource].flat())).toEqual([
        { Ref: secretId('ProviderSecretsGoogleSecret') },
        { Ref: secretId('PurposeKeysUnsubscribeSigningKey') },
      ]);
      expect(variables.GOOGLE_TOKEN_KEY_ARN).toBeDefined();
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['kms:Decrypt']));
    });

    it('gives the calendar-out job what writing a calendar takes: the Google OAuth client, the refresh tokens decrypted, reads, UpdateItem; no mail, no delete, no other secret', () => {
      // Prepare
      const statements = policyOf(fnId('calendar-out'));
      const variables = resources[fnId('calendar-out')]!.Properties?.Environment.Variables as Record<string, unknown>;
      const secretReads = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('secretsmanager:')));
      const tableActions = actionsOf(statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:'))));
      // Assess
      expect(secretReads.flatMap((st) => [st.Resource].flat())).toEqual([
        { Ref: expect.stringMatching(/^ProviderSecretsGoogleSecret/) },
      ]);
      expect(variables.GOOGLE_TOKEN_KEY_ARN).toBeDefined();
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      expect(actionsOf(statements)).toEqual(expect.arrayContaining(['kms:Decrypt']));
      expect(actionsOf(statements)).not.toContain('kms:Encrypt');
      expect(tableActions).toContain('dynamodb:UpdateItem');
      expect(tableActions.filter((a) => /Delete|BatchWrite|PutItem/.test(a))).toEqual([]);
      // SQS: its own on-failure queue only (Lambda's asynchronous invocation), which the ASYNC_JOBS case holds.
      expect(actionsOf(statements).filter((a) => a.startsWith('ses:'))).toEqual([]);
      expect(
        actionsOf(statements)
          .filter((a) => a.startsWith('sqs:'))
          .sort(),
      ).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    });

    it('sends bounce and complaint events of the SES configuration set through EventBridge to jobs/ses-events, which only touches table items (no index)', () => {
      // Prepare
      const [setId] = ofType(resources, 'AWS::SES::ConfigurationSet')[0]!;
      const statements = policyOf(fnId('ses-events'));
      // Assess
      template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        ConfigurationSetName: { Ref: setId },
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: ['bounce', 'complaint'],
          EventBridgeDestination: { EventBusArn: Match.anyValue() },
        },
      });
      template.hasResourceProperties('AWS::Events::Rule', {
        // SES's own detail-types on EventBridge: a pattern naming another (its eventType's words) never fires.
        EventPattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] },
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [fnId('ses-events'), 'Arn'] },
            RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 3 }),
          }),
        ],
      });
      expect(
        actionsOf(statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')))).sort(),
      ).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
      const tableStatements = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
      expect(JSON.stringify(tableStatements)).not.toContain('/index/');
      expect(actionsOf(statements).some((a) => a.startsWith('ses:') || a.startsWith('sns:'))).toBe(false);
      // It sends to no queue but its own on-failure queue (Lambda's destination sends as the function's role).
      const sends = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('sqs:SendMessage')));
      expect(sends.map((st) => st.Resource)).toEqual([{ 'Fn::GetAtt': [queueId('SesEventsFailureQueue'), 'Arn'] }]);
      // Every function that mails names the configuration set, so its events are seen.
      const routeFn = ofType(resources, 'AWS::Lambda::Function').find(([id]) =>
        id.startsWith(`${constructIdForSlug('clients/post-client-messages')}`),
      );
      expect(routeFn![1].Properties?.Environment.Variables.SES_CONFIGURATION_SET).toEqual({ Ref: setId });
    });
  });

  describe('the inbound e-mail job', () => {
    it('reads, keeps (copies) and deletes the replies SES stores under inbound-email/ and nothing else of the bucket; no receipt rule without an inbound domain', () => {
      // Prepare
      const statements = policyOf(fnId('inbound-email'));
      const s3Statements = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('s3:')));
      const variables = resources[fnId('inbound-email')]!.Properties?.Environment.Variables as Record<string, unknown>;
      // Assess
      expect(s3Statements).toEqual([
        expect.objectContaining({
          Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [PINNED.uploadsBucket, 'Arn'] }, '/inbound-email/*']] },
        }),
      ]);
      expect(variables).toMatchObject({ UPLOADS_BUCKET: { Ref: PINNED.uploadsBucket }, MAIL_PROVIDER: 'ses' });
      expect(variables.UNSUBSCRIBE_SIGNING_KEY_ARN).toBeDefined();
      expect(variables.SESSION_SECRET_ARN).toBeUndefined();
      expect(variables.INBOUND_EMAIL_DOMAIN).toBeUndefined();
      template.resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
      // Anyone can mail the inbound domain: a flood waits for its reserved concurrency.
      expect(resources[fnId('inbound-email')]!.Properties?.ReservedConcurrentExecutions).toBe(5);
    });
  });

  describe('the import job', () => {
    const routeFunctionId = (handler: string) =>
      ofType(resources, 'AWS::Lambda::Function').find(([id]) =>
        id.startsWith(`${constructIdForSlug(handler)}Function`),
      )![0];

    it('runs the worker 900 s from its own encrypted queue one message at a time, with partial failures, at most 10 at once, and a dead-letter queue after 3 tries', () => {
      // Assess
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp("^Imports an agent's big contacts file"),
        Timeout: 900,
        MemorySize: 1024,
      });
      template.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: 5400, // 6 × the worker's 900 s
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [queueId('ImportsDeadLetterQueue'), 'Arn'] },
          maxReceiveCount: 3,
        },
      });
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnId('imports-worker') },
        EventSourceArn: { 'Fn::GetAtt': [queueId('ImportsQueue'), 'Arn'] },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: 10 },
      });
    });

    it('lets the worker write the table (never Scan), read and write the uploads and exports buckets, read the unsubscribe key and queue its own continuation; nothing else', () => {
      // Prepare
      const statements = policyOf(fnId('imports-worker'));
      const actions = actionsOf(statements);
      // Assess
      expect(actions).toEqual(
        expect.arrayContaining([
          'dynamodb:PutItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:Query',
          's3:GetObject',
          's3:PutObject',
          's3:DeleteObject',
          'sqs:SendMessage',
          'sqs:ReceiveMessage',
          'sqs:DeleteMessage',
        ]),
      );
      expect(actions.filter((a) => a === 'dynamodb:Scan' || a.startsWith('ses:') || a.startsWith('sns:'))).toEqual([]);
      // Two secrets: the unsubscribe key the opt-outs a deleted client left are hashed with, and Google's OAuth client
      // (a calendar push's sync trades a refresh token for an access token); never the session secret.
      const [keyId] = ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('PurposeKeysUnsubscribeSigningKey'),
      )!;
      const [googleId] = ofType(resources, 'AWS::SecretsManager::Secret').find(([id]) =>
        id.startsWith('ProviderSecretsGoogleSecret'),
      )!;
      const secretReads = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('secretsmanager:')));
      expect(secretReads.flatMap((st) => [st.Resource].flat())).toEqual(
        expect.arrayContaining([{ Ref: keyId }, { Ref: googleId }]),
      );
      expect(secretReads.flatMap((st) => [st.Resource].flat())).toHaveLength(2);
      expect(JSON.stringify(statements)).not.toContain(PINNED.sessionSecret);
      const send = statements.find((st) => actionsOf([st]).includes('sqs:SendMessage'))!;
      expect(send.Resource).toEqual({ 'Fn::GetAtt': [queueId('ImportsQueue'), 'Arn'] });
      expect(resources[fnId('imports-worker')]!.Properties?.Environment.Variables).toMatchObject({
        TABLE_NAME: { Ref: PINNED.table },
        UPLOADS_BUCKET: { Ref: PINNED.uploadsBucket },
        EXPORTS_BUCKET: { Ref: PINNED.exportsBucket },
        QUEUE_PROVIDER: 'sqs',
        IMPORTS_QUEUE_URL: { Ref: queueId('ImportsQueue') },
        UNSUBSCRIBE_SIGNING_KEY_ARN: { Ref: keyId },
      });
    });

    it("lets the worker close an account: delete every version of an agent's files, under the agents' folders of the uploads bucket only, and decrypt a Google refresh token (never seal one)", () => {
      // Prepare
      const statements = policyOf(fnId('imports-worker'));
      const variables = resources[fnId('imports-worker')]!.Properties?.Environment.Variables as Record<string, unknown>;
      const folders = ['testimonials/', 'registrations/', 'pending/', 'imports/'];
      const objectsUnder = (folder: string) => ({
        'Fn::Join': ['', [{ 'Fn::GetAtt': [PINNED.uploadsBucket, 'Arn'] }, `/${folder}*`]],
      });
      const versionStatements = statements.filter((st) => actionsOf([st]).some((a) => /Version/.test(a)));
      const [keyId] = ofType(resources, 'AWS::KMS::Key').find(([id]) =>
        id.startsWith('ProviderSecretsGoogleTokenKey'),
      )!;
      // Assess
      expect(versionStatements).toHaveLength(2);
      expect(versionStatements).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Action: 's3:ListBucketVersions',
            Resource: { 'Fn::GetAtt': [PINNED.uploadsBucket, 'Arn'] },
            Condition: { StringLike: { 's3:prefix': folders.map((folder) => `${folder}*`) } },
          }),
          expect.objectContaining({
            Action: 's3:DeleteObjectVersion',
            Resource: expect.arrayContaining(folders.map(objectsUnder)),
          }),
        ]),
      );
      const deletes = versionStatements.find((st) => st.Action === 's3:DeleteObjectVersion')!;
      expect(deletes.Resource).toHaveLength(folders.length);
      expect(JSON.stringify(versionStatements)).not.toContain(PINNED.exportsBucket);
      const decrypt = statements.filter((st) => actionsOf([st]).some((a) => a.startsWith('kms:')));
      expect(decrypt).toEqual([
        expect.objectContaining({
          Action: 'kms:Decrypt',
          Resource: { 'Fn::GetAtt': [keyId, 'Arn'] },
          Condition: {
            StringEquals: { 'kms:EncryptionContext:purpose': 'google-refresh-token' },
            Null: { 'kms:EncryptionContext:agentId': 'false' },
          },
        }),
      ]);
      expect(variables.GOOGLE_TOKEN_KEY_ARN).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      expect(actionsOf(statements)).not.toContain('kms:Encrypt');
    });

    it('lets only the routes that declare import-queue (the start of an import, closing an account, a calendar push) send to the imports queue', () => {
      // Prepare
      const senders = routes.filter((route) => route.uses.includes('import-queue')).map((route) => route.handler);
      // Assess
      expect(senders).toEqual([
        'user/delete-user',
        'clients/post-clients-bulk',
        'imports/post-import-start',
        'broadcasts/post-broadcasts',
        'google/post-google-calendar-push',
      ]);
      for (const route of routes) {
        const id = routeFunctionId(route.handler);
        const sends = actionsOf(policyOf(id)).includes('sqs:SendMessage');
        const variables = resources[id]!.Properties?.Environment.Variables as Record<string, unknown>;
        expect({ handler: route.handler, sends, queue: variables.IMPORTS_QUEUE_URL }).toEqual({
          handler: route.handler,
          sends: senders.includes(route.handler),
          queue: senders.includes(route.handler) ? { Ref: queueId('ImportsQueue') } : undefined,
        });
      }
    });
  });

  describe('monitoring', () => {
    const alarms = () => ofType(resources, 'AWS::CloudWatch::Alarm');
    const functionIdOf = (route: Route) => `${constructIdForSlug(route.handler)}Function`;

    it('traces every function with X-Ray (active tracing), routes and jobs alike', () => {
      const functions = ofType(resources, 'AWS::Lambda::Function');
      expect(functions).toHaveLength(routes.length + jobs.length + 1); // + the purpose keys' deploy step
      for (const [, fn] of functions) expect(fn.Properties?.TracingConfig).toEqual({ Mode: 'Active' });
    });

    it("alarms on the API's 5xx rate: 5xx over requests of the HTTP API, judged from 10 requests up", () => {
      const [[, alarm]] = alarms().filter(([id]) => id.startsWith('MonitoringApi5xxRateAlarm')) as [[string, Resource]];
      expect(alarm.Properties).toMatchObject({
        Threshold: 5,
        EvaluationPeriods: 2,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
      });
      const metrics = alarm.Properties?.Metrics as Array<Record<string, any>>;
      expect(metrics.find((m) => m.Expression)?.Expression).toBe('IF(requests >= 10, 100 * errors / requests, 0)');
      const byId = Object.fromEntries(metrics.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat]));
      for (const [id, name] of [
        ['requests', 'Count'],
        ['errors', '5xx'],
      ] as const) {
        expect(byId[id]).toMatchObject({
          Metric: {
            Namespace: 'AWS/ApiGateway',
            MetricName: name,
            Dimensions: [{ Name: 'ApiId', Value: { Ref: expect.stringMatching(/^ApiHttpApi/) } }],
          },
          Stat: 'Sum',
          Period: 300,
        });
      }
    });

    it("alarms on each route's p99 latency: one alarm per route, on that route's function", () => {
      const p99 = alarms().filter(([, alarm]) => alarm.Properties?.ExtendedStatistic === 'p99');
      expect(p99).toHaveLength(routes.length);
      for (const route of routes) {
        const matching = p99.filter(([, alarm]) =>
          alarm.Properties?.Dimensions?.[0]?.Value?.Ref?.startsWith(functionIdOf(route)),
        );
        expect(matching).toHaveLength(1);
        expect(matching[0]![1].Properties).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: 'Duration',
          Threshold:
            route.timeoutSeconds && route.timeoutSeconds > 10 ? Math.max(3000, route.timeoutSeconds * 500) : 3000,
          EvaluationPeriods: 3,
          DatapointsToAlarm: 3,
          AlarmDescription: expect.stringContaining(`${route.method} ${route.path}`),
        });
      }
    });

    it("alarms when a day's client e-mails or texts reach 80 % of the platform's circuit breaker, from the EMF level the send path writes", () => {
      for (const name of ['PlatformEmailSharePercent', 'PlatformSmsSharePercent']) {
        const found = alarms().filter(([, alarm]) => alarm.Properties?.MetricName === name);
        expect(found).toHaveLength(1);
        expect(found[0]![1].Properties).toMatchObject({
          Namespace: METRICS_NAMESPACE,
          Dimensions: [{ Name: 'Service', Value: 'hearthside' }],
          Statistic: 'Maximum',
          Period: 300,
          Threshold: 80,
          EvaluationPeriods: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
      }
    });

    it('alarms on every spam complaint of a client e-mail, from the metric jobs/ses-events writes: an administrator reviews the agent', () => {
      const found = alarms().filter(([, alarm]) => alarm.Properties?.MetricName === 'SpamComplaints');
      expect(found).toHaveLength(1);
      expect(found[0]![1].Properties).toMatchObject({
        Namespace: METRICS_NAMESPACE,
        Dimensions: [{ Name: 'Service', Value: 'hearthside' }],
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmDescription: expect.stringContaining('spam complaint held for review'),
      });
    });

    it('sends every alarm (5xx, p99, dead-letter queues) to one encrypted topic, with no e-mail unless one is given', () => {
      // The other topic is the two-way number's (the inbound texts), with the job's subscription only.
      const alarmTopics = ofType(resources, 'AWS::SNS::Topic').filter(
        ([id]) => !id.startsWith('JobsInboundTextsTopic'),
      );
      expect(alarmTopics).toHaveLength(1);
      const [[topicId, topic]] = alarmTopics as [[string, Resource]];
      expect(topic.Properties?.KmsMasterKeyId).toBeDefined();
      // 5xx, p99 per route, the jobs' 10 dead-letter queues, the platform's 2 shares, spam complaints, the HPI refresh.
      expect(alarms()).toHaveLength(1 + routes.length + 10 + 2 + 1 + 1);
      for (const [, alarm] of alarms()) expect(alarm.Properties?.AlarmActions).toEqual([{ Ref: topicId }]);
      const subscriptions = ofType(resources, 'AWS::SNS::Subscription');
      expect(subscriptions.map(([, sub]) => sub.Properties?.TopicArn)).toEqual([
        { Ref: expect.stringMatching(/^JobsInboundTextsTopic/) },
      ]);
    });

    it('builds a dashboard with the API, the alarms, p99 per route, the business metrics and the jobs', () => {
      template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
      const body = JSON.stringify(ofType(resources, 'AWS::CloudWatch::Dashboard')[0]![1].Properties?.DashboardBody);
      for (const title of [
        'API requests and errors',
        'API 5xx rate (%)',
        'Alarms',
        'p99 duration by route (ms), 1',
        'Business metrics (per hour)',
        'Reminders jobs',
      ]) {
        expect(body).toContain(title);
      }
      for (const name of BUSINESS_METRICS) expect(body).toContain(`\\"${METRICS_NAMESPACE}\\",\\"${name}\\"`);
      for (const route of routes) expect(body).toContain(`${route.method} ${route.path}`);
    });
  });

  it("keeps every log group for one month: the API's functions share one, each job has its own", () => {
    // Prepare
    const functions = ofType(resources, 'AWS::Lambda::Function');
    const groupOf = ([, fn]: [string, Resource]) => fn.Properties?.LoggingConfig?.LogGroup?.Ref as string;
    const routeFunctions = functions.filter(([, fn]) =>
      routes.some((r) => fn.Properties?.Description === `${r.method} ${r.path}`),
    );
    const jobFunctions = functions.filter(([id]) =>
      jobs.some((j) => id.startsWith(`Jobs${constructIdForSlug(j.name)}`)),
    );
    // Assess
    for (const fn of functions) expect(resources[groupOf(fn)]?.Properties?.RetentionInDays).toBe(30);
    expect(routeFunctions).toHaveLength(routes.length);
    expect(new Set(routeFunctions.map(groupOf)).size).toBe(1);
    expect(new Set(jobFunctions.map(groupOf)).size).toBe(jobs.length);
    expect(jobFunctions.map(groupOf)).not.toContain(groupOf(routeFunctions[0]!));
    for (const [, logGroup] of ofType(resources, 'AWS::Logs::LogGroup'))
      expect(logGroup.Properties?.RetentionInDays).toBe(30);
  });

  it('has no dependency cycle (distribution → HTTP API; functions → distribution; routes → functions)', () => {
    // Assess
    expect(findCycle(resources)).toBeUndefined();
  });

  it('passes the cdk-nag AwsSolutions checks', () => {
    // Assess
    expect(nagErrors(messages)).toEqual([]);
  });
});

describe('the stack with every option', () => {
  // Prepare
  const customRoutes: Route[] = [
    ...routes,
    {
      method: 'POST',
      path: '/api/imports/{id}',
      handler: 'imports/post-import',
      access: 'agent',
      uses: ['table:write'],
      body: 'multipart',
      memoryMb: 2048,
      timeoutSeconds: 29,
    },
  ];
  const limits = { DAILY_EMAIL_LIMIT: '500', SMS_ALLOWED_COUNTRIES: 'US,CA,GB' };
  let template: Synthesized['template'];
  let resources: Synthesized['resources'];
  let messages: Synthesized['messages'];
  beforeAll(() => {
    // Act
    ({ template, resources, messages } = synthesize({
      routes: customRoutes,
      webAssetsPath: webAssetsFixture(),
      appUrl: 'https://app.example.com/',
      customDomain: {
        domainName: 'app.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
      },
      sesIdentity: 'agent@example.com',
      smsProvider: 'twilio',
      adminEmails: ['admin@example.com', 'owner@example.com'],
      stripePriceId: 'price_123',
      alarmEmail: 'ops@example.com',
      p99LatencyMs: 2000,
      api5xxPercent: 2,
      ai: { provider: 'openai', openai: { baseUrl: 'https://llm.example.com', model: 'llama3.2:3b' } },
      inboundEmailDomain: 'Reply.Example.com',
      limits,
      logLevel: 'warn',
      passwordHashCost: '16',
    }));
  });

  it("carries the operator's abuse limits to every route function and the digest worker, LOG_LEVEL to every function and PASSWORD_HASH_COST to the routes", () => {
    // Assess
    const all = ofType(resources, 'AWS::Lambda::Function').filter(
      (entry) => isRouteFunction(entry) || /^Jobs/.test(entry[0]),
    );
    const functions = all.filter((entry) => isRouteFunction(entry) || /^JobsRemindersWorker/.test(entry[0]));
    expect(functions.length).toBeGreaterThan(routes.length);
    for (const [, fn] of functions) expect(fn.Properties?.Environment?.Variables).toMatchObject(limits);
    for (const [, fn] of all) expect(fn.Properties?.Environment?.Variables).toMatchObject({ LOG_LEVEL: 'warn' });
    for (const entry of all)
      expect(entry[1].Properties?.Environment?.Variables?.PASSWORD_HASH_COST).toBe(
        isRouteFunction(entry) ? '16' : undefined,
      );
  });

  it('receives replies at the inbound domain: the raw mail stored under inbound-email/received/, then jobs/inbound-email invoked as an Event', () => {
    // Prepare
    const [jobId] = ofType(resources, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties?.Description === jobs.find((j) => j.name === 'inbound-email')!.description,
    )!;
    const [ruleSetId] = ofType(resources, 'AWS::SES::ReceiptRuleSet')[0]!;
    // Assess
    template.hasResourceProperties('AWS::SES::ReceiptRule', {
      RuleSetName: { Ref: ruleSetId },
      Rule: Match.objectLike({
        Enabled: true,
        Recipients: ['reply.example.com'],
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Actions: [
          { S3Action: { BucketName: { Ref: PINNED.uploadsBucket }, ObjectKeyPrefix: 'inbound-email/received/' } },
          { LambdaAction: { FunctionArn: { 'Fn::GetAtt': [jobId, 'Arn'] }, InvocationType: 'Event' } },
        ],
      }),
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [jobId, 'Arn'] },
      Principal: 'ses.amazonaws.com',
    });
    // SES may write the objects it receives into the bucket (its S3 action's bucket policy).
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: PINNED.uploadsBucket },
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 's3:PutObject', Principal: { Service: 'ses.amazonaws.com' } }),
        ]),
      }),
    });
    // Every function that mails a client gives replies that domain's address.
    const messages = ofType(resources, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties?.Description === 'POST /api/clients/{id}/messages',
    )![1];
    expect(messages.Properties?.Environment.Variables.INBOUND_EMAIL_DOMAIN).toBe('reply.example.com');
    // What the operator does by hand: the MX record and activating the rule set, both printed by the deploy.
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.InboundEmailRuleSetName!.Value).toEqual({ Ref: ruleSetId });
    expect(JSON.stringify(outputs.InboundEmailMxRecord!.Value)).toContain('reply.example.com MX 10 inbound-smtp.');
  });

  it("holds a route with a longer timeout of its own to half of it at p99, and the operator's thresholds elsewhere", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('^p99 latency of POST /api/imports/\\{id\\} above 14500 ms'),
      Threshold: 14500,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('^p99 latency of GET /api/clients above 2000 ms'),
      Threshold: 2000,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('^More than 2% of API answers'),
      Threshold: 2,
    });
  });

  it('gives the drafts route and the jobs that draft the OpenAI-compatible endpoint and its secret, and no function Bedrock', () => {
    // Prepare
    const functions = ofType(resources, 'AWS::Lambda::Function');
    const drafts = functions.find(([, f]) => f.Properties?.Description === 'POST /api/clients/{id}/drafts')![1];
    // Assess
    expect(drafts.Properties?.Environment.Variables).toMatchObject({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'https://llm.example.com',
      AI_MODEL: 'llama3.2:3b',
      AI_SECRET_ARN: { Ref: expect.stringMatching(/^ProviderSecretsOpenaiSecret/) },
    });
    expect(
      functions
        .filter(([, f]) => 'AI_SECRET_ARN' in (f.Properties?.Environment?.Variables ?? {}))
        .map(([, f]) => f.Properties?.Description),
    ).toEqual(
      expect.arrayContaining([
        'POST /api/clients/{id}/drafts',
        'POST /api/reviews/{id}/reply-draft',
        expect.stringMatching(/^Sends one agent's daily digest/),
        expect.stringMatching(/^Imports an agent's big contacts file/),
      ]),
    );
    expect(functions.filter(([, f]) => 'AI_SECRET_ARN' in (f.Properties?.Environment?.Variables ?? {}))).toHaveLength(
      4,
    );
    expect(JSON.stringify(ofType(resources, 'AWS::IAM::Policy'))).not.toContain('bedrock:');
  });

  it('honours memoryMb and timeoutSeconds of a route', () => {
    // Assess
    // + the BucketDeployment handler and the purpose keys' deploy step
    template.resourceCountIs('AWS::Lambda::Function', customRoutes.length + jobs.length + 2);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'POST /api/imports/{id}',
      MemorySize: 2048,
      Timeout: 29,
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/imports/{id}' });
  });

  it('passes the app URL and admins, the Stripe secret and price only to Stripe routes; no SNS right when SMS goes through Twilio', () => {
    // Prepare
    const fn = ofType(resources, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties?.Description === 'POST /api/login',
    )![1];
    const role = fn.Properties?.Role['Fn::GetAtt'][0] as string;
    const policy = ofType(resources, 'AWS::IAM::Policy').find(([, p]) => p.Properties?.Roles?.[0]?.Ref === role)![1];
    // Assess
    expect(fn.Properties?.Environment.Variables).toMatchObject({
      APP_URL: 'https://app.example.com',
      MAIL_FROM: 'agent@example.com',
      SMS_PROVIDER: 'twilio',
      ADMIN_EMAILS: 'admin@example.com,owner@example.com',
    });
    expect(fn.Properties?.Environment.Variables.STRIPE_SECRET_ARN).toBeUndefined();
    const checkout = ofType(resources, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties?.Description === 'POST /api/subscription/create-checkout',
    )![1];
    expect(checkout.Properties?.Environment.Variables).toMatchObject({
      STRIPE_PRICE_ID: 'price_123',
      STRIPE_SECRET_ARN: { Ref: expect.stringMatching(/^ProviderSecretsStripeSecret/) },
    });
    expect(JSON.stringify(policy.Properties?.PolicyDocument)).not.toContain('sns:Publish');
  });

  it('e-mails the alarms through an encrypted topic, and gives the digest worker only the Twilio secret', () => {
    // Prepare
    const worker = ofType(resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith('JobsRemindersWorker'))![1];
    // Assess
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    for (const [, alarm] of ofType(resources, 'AWS::CloudWatch::Alarm')) {
      expect(alarm.Properties?.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^MonitoringAlarmTopic/) }]);
    }
    expect(worker.Properties?.Environment.Variables).toMatchObject({
      SMS_PROVIDER: 'twilio',
      TWILIO_SECRET_ARN: { Ref: expect.stringMatching(/^ProviderSecretsTwilioSecret/) },
    });
    expect(worker.Properties?.Environment.Variables.STRIPE_SECRET_ARN).toBeUndefined();
  });

  it('allows uploads from the given app URL', () => {
    // Assess
    expect(resources[PINNED.uploadsBucket]!.Properties!.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([
      'https://app.example.com',
    ]);
  });

  it('serves the custom domain with TLS 1.2 or later', () => {
    // Assess
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
  });

  it('uploads the web build, hashed bundles immutable and pages revalidated, then invalidates the cache', () => {
    // Assess
    template.resourceCountIs('Custom::CDKBucketDeployment', 4);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*', 'sw.js', 'manifest.webmanifest'],
      SystemMetadata: { 'cache-control': 'public, max-age=0, must-revalidate' },
      DistributionPaths: ['/*'],
    });
  });

  it('uploads the service worker never to be cached unchecked, and the manifest with its content type', () => {
    // Assess
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['sw.js'],
      SystemMetadata: { 'cache-control': 'no-cache', 'content-type': 'text/javascript; charset=utf-8' },
      DistributionPaths: ['/sw.js'],
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['manifest.webmanifest'],
      SystemMetadata: {
        'cache-control': 'public, max-age=0, must-revalidate',
        'content-type': 'application/manifest+json',
      },
    });
  });

  it('has no dependency cycle', () => {
    // Assess
    expect(findCycle(resources)).toBeUndefined();
  });

  it('passes the cdk-nag AwsSolutions checks', () => {
    // Assess
    expect(nagErrors(messages)).toEqual([]);
  });
});

describe('the stack with a Bedrock inference profile', () => {
  // Prepare
  let resources: Synthesized['resources'];
  beforeAll(() => {
    // Act (without cdk-nag, a synthesis's slowest part: what a profile changes is the bedrock statements, each
    // asserted below to the letter, and nag's one rule on them, no wildcard resource, is what that assertion holds)
    ({ resources } = synthesize({ ai: { bedrockModelId: 'us.amazon.nova-micro-v1:0' } }, { nag: false }));
  });

  it('allows the profile and its foundation model in the regions it routes to, and nothing else', () => {
    // Prepare
    const statement = ofType(resources, 'AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Record<string, any>[])
      .filter((st) => JSON.stringify(st.Action).includes('bedrock:'));
    // Assess: one statement each for the drafts route, the reminders worker and the imports worker, the same resources.
    expect(statement).toHaveLength(3);
    for (const st of statement)
      expect(st.Resource).toEqual([
        {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':bedrock:',
              { Ref: 'AWS::Region' },
              ':',
              { Ref: 'AWS::AccountId' },
              ':inference-profile/us.amazon.nova-micro-v1:0',
            ],
          ],
        },
        // The US profile's regions (MODEL_REGIONS in infra/constructs/ai-model.ts), never any region.
        ...['us-east-1', 'us-east-2', 'us-west-2'].map((region) => ({
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, `:bedrock:${region}::foundation-model/amazon.nova-micro-v1:0`],
          ],
        })),
      ]);
  });
});

describe('a deploy to eu-west-1 (no on-demand Nova Micro there)', () => {
  it('gives the drafts functions the EU inference profile, and the right to call it and its model where it routes', () => {
    // Prepare + Act (without cdk-nag: its checks of this stack are the defaults')
    const { resources } = synthesize(
      {
        env: { account: '123456789012', region: 'eu-west-1' },
        webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/0000',
      },
      { nag: false },
    );
    // Assess
    const profile = `eu.${DEFAULT_AI_MODEL_ID}`;
    const drafts = Object.values(resources).find(
      (resource) => resource.Properties?.Description === 'POST /api/clients/{id}/drafts',
    )!;
    expect(drafts.Properties?.Environment?.Variables?.AI_MODEL_ID).toBe(profile);
    const roleId = drafts.Properties!.Role['Fn::GetAtt'][0] as string;
    const grant = ofType(resources, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(roleId))
      .flatMap(
        ([, policy]) => policy.Properties!.PolicyDocument.Statement as Array<{ Action: unknown; Resource: unknown }>,
      )
      .find((statement) => statement.Action === 'bedrock:InvokeModel')!;
    const arns = JSON.stringify(grant.Resource);
    expect(arns).toContain(`:bedrock:eu-west-1:123456789012:inference-profile/${profile}`);
    for (const region of ['eu-central-1', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-3'])
      expect(arns).toContain(`:bedrock:${region}::foundation-model/${DEFAULT_AI_MODEL_ID}`);
    expect(arns).not.toContain(':bedrock:*:');
  });
});

describe('messaging', () => {
  it.each([
    ['example.com', undefined, 'no-reply@example.com'],
    ['agent@example.com', undefined, 'agent@example.com'],
    ['example.com', 'Hearth <hello@example.com>', 'Hearth <hello@example.com>'],
  ])('sends from the right address for identity %s and mailFrom %s', (sesIdentity, mailFrom, expected) => {
    // Prepare
    const stack = new Stack();
    // Act
    const messaging = new Messaging(stack, 'Messaging', { sesIdentity, mailFrom });
    // Assess
    expect(messaging.environment).toEqual({
      MAIL_PROVIDER: 'ses',
      SES_CONFIGURATION_SET: messaging.configurationSet.configurationSetName,
      MAIL_FROM: expected,
      SMS_PROVIDER: 'sns',
    });
  });

  it('warns when the sender is not covered by the SES identity', () => {
    // Prepare
    const stack = new Stack();
    // Act
    new Messaging(stack, 'Messaging', { sesIdentity: 'example.com', mailFrom: 'no-reply@other.org' });
    // Assess
    Annotations.fromStack(stack).hasWarning(
      '/Default/Messaging',
      Match.stringLikeRegexp('not covered by the SES identity'),
    );
  });
});

describe('the SPA fallback function', () => {
  type Request = { uri: string; querystring?: Record<string, { value: string }> };
  const handler = new Function(`${spaFallbackSource}; return handler;`)() as (event: { request: Request }) => Request;
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it.each([
    ['/', '/index.html'],
    ['/clients', '/index.html'],
    ['/clients/42/edit', '/index.html'],
    ['/assets/main-3F2A.js', '/assets/main-3F2A.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/index.html', '/index.html'],
    // The installable app's files are files, never the app's frame.
    ['/sw.js', '/sw.js'],
    ['/manifest.webmanifest', '/manifest.webmanifest'],
    ['/icons/icon-512.png', '/icons/icon-512.png'],
    ['/today', '/today/index.html'],
    // The pages the build prerenders (shared/prerendered-pages.ts) get their own HTML, with or without a trailing
    // slash.
    ['/auth', '/auth/index.html'],
    ['/auth/', '/auth/index.html'],
    ['/find-realtor', '/find-realtor/index.html'],
    ['/client-registration', '/client-registration/index.html'],
    ['/reset-password/', '/reset-password/index.html'],
    ['/auth/index.html', '/auth/index.html'],
    // Other paths under or beside them are the app's.
    ['/client-registration/confirm', '/index.html'],
    ['/authors', '/index.html'],
    // A token with dots in the path (unsubscribe links mailed before tokens moved to the fragment) is a page.
    ['/unsubscribe/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln', '/index.html'],
    ['/unsubscribe', '/index.html'],
    ['/auth//', '/index.html'],
    ['/constructor', '/index.html'],
  ])('turns %s into %s', (uri, expected) => {
    // Act + Assess
    expect(rewrite(uri)).toBe(expected);
  });

  it('leaves the query string alone: /find-realtor?q=ann is the prerendered page, its query for the app', () => {
    // Prepare
    const request: Request = { uri: '/find-realtor', querystring: { q: { value: 'ann' } } };
    // Act
    const rewritten = handler({ request });
    // Assess
    expect(rewritten).toEqual({ uri: '/find-realtor/index.html', querystring: { q: { value: 'ann' } } });
  });

  it('fits within the 10 KB a CloudFront Function may hold', () => {
    // Assess
    expect(Buffer.byteLength(spaFallbackSource)).toBeLessThan(10_240);
  });
});

/** A cycle among resources (Ref, Fn::GetAtt, Fn::Sub, DependsOn), as CloudFormation would refuse it. */
function findCycle(resources: Record<string, Resource>): string[] | undefined {
  const edges = new Map<string, Set<string>>();
  for (const [id, resource] of Object.entries(resources)) {
    const into = new Set<string>([resource.DependsOn ?? []].flat());
    collectReferences(resource.Properties, into);
    edges.set(id, new Set([...into].filter((target) => target in resources)));
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}

function collectReferences(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const [text, variables] = Array.isArray(inner) ? inner : [inner, undefined];
        for (const match of String(text).matchAll(/\$\{([^}.!]+)/g)) into.add(match[1]!);
        collectReferences(variables, into);
      } else collectReferences(inner, into);
    }
  }
}
