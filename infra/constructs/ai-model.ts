// The AI model that writes message drafts (functions/integrations/ai-drafts.ts), as IAM sees it:
// the only functions that may call Bedrock are those whose route declares `ai`, and only on the
// configured model. A cross-region inference profile (`us.amazon.nova-micro-v1:0`) needs the
// profile and its foundation model in every region the profile routes to.
//
// Bedrock offers a model on demand (its bare id) in some regions only; elsewhere a geography's cross-region inference
// profile serves it. At synthesis the stack's region picks the profile for the default model where the bare id is not
// offered (resolveAiSettings), and warns when the region is not known yet.
import { Annotations, ArnFormat, Stack, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { AiProvider } from '../../functions/config';

export type AiSettings = {
  provider: AiProvider;
  /**
   * A Bedrock foundation model id (`amazon.nova-micro-v1:0`) or a cross-region inference profile id
   * (`us.amazon.nova-micro-v1:0`).
   */
  bedrockModelId: string;
  /** An OpenAI-compatible endpoint (its root, `https://api.openai.com`) and its model; the key is the `openai` provider secret. */
  openai?: { baseUrl: string; model: string };
};

const PROFILE = /^(us|eu|apac|us-gov|jp|au|ca|global)\.(.+)$/;

type Geography = 'us' | 'eu' | 'apac';
type ModelRegions = {
  /** Where the bare model id is offered on demand. */
  onDemand: readonly string[];
  /** Each geography's cross-region inference profile (`<geography>.<model id>`): the regions it serves, routes to. */
  profiles: Readonly<Record<Geography, readonly string[]>>;
};

/**
 * The models whose regions the stack knows, by bare id: Amazon Nova Micro, the default. Source: the Amazon Bedrock
 * User Guide, "Supported foundation models in Amazon Bedrock" (Nova Micro's single-region support: us-east-1 and
 * us-gov-west-1; the other regions of its row are marked as served by cross-region inference only) and "Supported
 * Regions and models for inference profiles" / "Supported Regions and models for batch inference" (the regions of the
 * US, EU and APAC Nova Micro profiles), read in 2026. System-defined inference profiles are immutable: AWS adds new
 * profiles rather than regions to an existing one. Check those pages before adding a region here.
 */
export const MODEL_REGIONS: Readonly<Record<string, ModelRegions>> = {
  'amazon.nova-micro-v1:0': {
    onDemand: ['us-east-1', 'us-gov-west-1'],
    profiles: {
      us: ['us-east-1', 'us-east-2', 'us-west-2'],
      eu: ['eu-central-1', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-3'],
      apac: ['ap-northeast-1', 'ap-northeast-2', 'ap-south-1', 'ap-southeast-1', 'ap-southeast-2'],
    },
  },
};

/**
 * The settings the stack deploys in its region: a bare model id of MODEL_REGIONS that Bedrock does not offer on demand
 * there becomes its geography's inference profile (`eu.amazon.nova-micro-v1:0` in eu-west-1). An unresolved region
 * (a synthesis without credentials) keeps the id and warns, as does a region the table gives no way to the model.
 */
export function resolveAiSettings(scope: Construct, settings: AiSettings): AiSettings {
  const regions = MODEL_REGIONS[settings.bedrockModelId];
  if (settings.provider !== 'bedrock' || !regions) return settings;
  const { region } = Stack.of(scope);
  const id = settings.bedrockModelId;
  if (Token.isUnresolved(region)) {
    Annotations.of(scope).addWarningV2(
      'hearth:ai-model-region',
      `The stack's region is not known at synthesis, so AI drafts use ${id}, which Bedrock offers on demand only in ${regions.onDemand.join(', ')}. Deploying elsewhere, synthesize with the region (CDK_DEFAULT_REGION, as cdk deploy sets it) or pass -c aiModelId=<us|eu|apac>.${id}.`,
    );
    return settings;
  }
  if (regions.onDemand.includes(region)) return settings;
  const geography = (Object.keys(regions.profiles) as Geography[]).find((geo) =>
    regions.profiles[geo].includes(region),
  );
  if (geography) return { ...settings, bedrockModelId: `${geography}.${id}` };
  Annotations.of(scope).addWarningV2(
    'hearth:ai-model-region',
    `Bedrock offers ${id} neither on demand nor through an inference profile in ${region}: AI drafts will fall back to the local composer. Pass -c aiModelId=… (a model offered in ${region}) or -c aiProvider=openai|local.`,
  );
  return settings;
}

/** The ARNs `bedrock:InvokeModel` is allowed on for `modelId`: never `*`. */
export function bedrockModelArns(stack: Stack, modelId: string): string[] {
  const foundation = (id: string, region?: string) =>
    stack.formatArn({
      service: 'bedrock',
      region,
      account: '',
      resource: 'foundation-model',
      resourceName: id,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  const profile = PROFILE.exec(modelId);
  if (!profile) return [foundation(modelId)];
  const model = profile[2]!;
  // The regions the profile routes to, when the table knows them; else any region (the model itself stays fixed).
  const destinations = MODEL_REGIONS[model]?.profiles[profile[1] as Geography] ?? ['*'];
  return [
    stack.formatArn({
      service: 'bedrock',
      resource: 'inference-profile',
      resourceName: modelId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    }),
    ...destinations.map((region) => foundation(model, region)),
  ];
}

/** What a drafts function needs: the provider settings in its environment, and Bedrock on the model only. */
export function aiEnvironment(settings: AiSettings): Record<string, string> {
  return {
    AI_PROVIDER: settings.provider,
    ...(settings.provider === 'bedrock' ? { AI_MODEL_ID: settings.bedrockModelId } : {}),
    ...(settings.provider === 'openai' && settings.openai
      ? { AI_BASE_URL: settings.openai.baseUrl, AI_MODEL: settings.openai.model }
      : {}),
  };
}

/** `bedrock:InvokeModel` (Converse's action too) on the configured model for `role`, whose function is `scope`. */
export function grantModel(role: iam.IGrantable, scope: Construct, settings: AiSettings): void {
  if (settings.provider !== 'bedrock') return;
  const stack = Stack.of(scope);
  iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['bedrock:InvokeModel'],
    resourceArns: bedrockModelArns(stack, settings.bedrockModelId),
  });
  const profile = PROFILE.exec(settings.bedrockModelId);
  if (profile && !MODEL_REGIONS[profile[2]!]?.profiles[profile[1] as Geography]) {
    NagSuppressions.addResourceSuppressions(
      scope,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'A cross-region inference profile sends each request to its foundation model in any of its regions: the model is fixed, only the region is open.',
          appliesTo: [`Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${profile[2]}`],
        },
      ],
      true,
    );
  }
}
