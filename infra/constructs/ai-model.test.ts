// The model AI drafts use, as the stack's region offers it, and the IAM grant that follows: the default model (Nova
// Micro) on demand where Bedrock offers it, its geography's inference profile elsewhere (the profile and the foundation
// model in each region the profile routes to, never "*"), and a synthesis warning when the region is not known.
import { App, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { DEFAULT_AI_MODEL_ID } from '../../functions/config';
import { grantModel, MODEL_REGIONS, resolveAiSettings, type AiSettings } from './ai-model';

const DEFAULT: AiSettings = { provider: 'bedrock', bedrockModelId: DEFAULT_AI_MODEL_ID };

/** An ARN as text, CloudFormation's partition reference read as `aws` (the commercial partition). */
function arnText(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return JSON.stringify(value);
  return join[1]
    .map((part) =>
      typeof part === 'string'
        ? part
        : (part as { Ref?: string }).Ref === 'AWS::Partition'
          ? 'aws'
          : JSON.stringify(part),
    )
    .join(join[0]);
}

/**
 * A stack in `region` (undefined: environment-agnostic) with one role granted the resolved model; synthesized once,
 * without CDK's CloudFormation validation of the template (a policy on a role: infra/stack.test.ts validates the whole
 * stack), which was half of each synthesis.
 */
function deploy(region: string | undefined, settings: AiSettings = DEFAULT) {
  const app = new App({ builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'Ai', region ? { env: { account: '123456789012', region } } : {});
  const resolved = resolveAiSettings(stack, settings);
  const role = new iam.Role(stack, 'DraftsRole', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  grantModel(role, role, resolved);
  const artifact = app.synth().getStackArtifact(stack.artifactId);
  const policies = Object.values(
    artifact.template.Resources as Record<string, { Type: string; Properties: any }>,
  ).filter((resource) => resource.Type === 'AWS::IAM::Policy');
  const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement) as Array<{
    Action: string;
    Resource: unknown;
  }>;
  expect(statements.map((statement) => statement.Action)).toEqual(['bedrock:InvokeModel']);
  const warnings = artifact.messages.filter((message) => message.level === 'warning');
  return { resolved, resources: [statements[0]!.Resource].flat().map(arnText), warnings };
}

const foundation = (region: string, partition = 'aws') =>
  `arn:${partition}:bedrock:${region}::foundation-model/${DEFAULT_AI_MODEL_ID}`;

describe('the default model in the stack’s region', () => {
  it('stays the on-demand model where Bedrock offers it (us-east-1), granted on that foundation model alone', () => {
    // Act
    const { resolved, resources, warnings } = deploy('us-east-1');
    // Assess
    expect(resolved.bedrockModelId).toBe(DEFAULT_AI_MODEL_ID);
    expect(resources).toEqual([foundation('us-east-1')]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['us-west-2', 'us', ['us-east-1', 'us-east-2', 'us-west-2']],
    ['eu-west-1', 'eu', ['eu-central-1', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-3']],
    ['ap-southeast-2', 'apac', ['ap-northeast-1', 'ap-northeast-2', 'ap-south-1', 'ap-southeast-1', 'ap-southeast-2']],
  ])(
    'becomes the %s inference profile %s.… where it is not on demand, granted on the profile and the model in every region it routes to',
    (region, geography, destinations) => {
      // Act
      const { resolved, resources, warnings } = deploy(region);
      // Assess
      const profileId = `${geography}.${DEFAULT_AI_MODEL_ID}`;
      expect(resolved.bedrockModelId).toBe(profileId);
      expect(resources).toEqual([
        `arn:aws:bedrock:${region}:123456789012:inference-profile/${profileId}`,
        ...destinations.map((destination) => foundation(destination)),
      ]);
      expect(JSON.stringify(resources)).not.toContain(':*:');
      expect(warnings).toEqual([]);
    },
  );

  it('warns at synthesis when the region is not known, and keeps the model and its grant as they are', () => {
    // Act
    const { resolved, warnings } = deploy(undefined);
    // Assess
    expect(resolved.bedrockModelId).toBe(DEFAULT_AI_MODEL_ID);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.entry.data)).toMatch(/region is not known at synthesis.*-c aiModelId=<us\|eu\|apac>\./);
  });

  it('warns when the region has neither the model on demand nor a profile to it', () => {
    // Act
    const { resolved, warnings } = deploy('sa-east-1');
    // Assess
    expect(resolved.bedrockModelId).toBe(DEFAULT_AI_MODEL_ID);
    expect(String(warnings[0]?.entry.data)).toMatch(/neither on demand nor through an inference profile in sa-east-1/);
  });

  it('leaves a model the operator chose as it is (an inference profile given, or a model the table does not know)', () => {
    // Act
    const profile = deploy('eu-west-1', { provider: 'bedrock', bedrockModelId: 'us.amazon.nova-micro-v1:0' });
    const other = deploy('eu-west-1', { provider: 'bedrock', bedrockModelId: 'anthropic.claude-haiku-4-5-v1:0' });
    // Assess
    expect(profile.resolved.bedrockModelId).toBe('us.amazon.nova-micro-v1:0');
    expect(profile.resources).toEqual([
      'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/us.amazon.nova-micro-v1:0',
      ...MODEL_REGIONS[DEFAULT_AI_MODEL_ID]!.profiles.us.map((destination) => foundation(destination)),
    ]);
    expect(other.resolved.bedrockModelId).toBe('anthropic.claude-haiku-4-5-v1:0');
    expect(other.resources).toEqual(['arn:aws:bedrock:eu-west-1::foundation-model/anthropic.claude-haiku-4-5-v1:0']);
  });
});
