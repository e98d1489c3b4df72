// The AI model that writes message drafts (functions/integrations/ai-drafts.ts), as IAM sees it:
// the only functions that may call Bedrock are those whose route declares `ai`, and only on the
// configured model. A cross-region inference profile (`us.amazon.nova-micro-v1:0`) needs the
// profile and its foundation model in every region the profile routes to.
import { ArnFormat, Stack } from 'aws-cdk-lib';
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
  return [
    stack.formatArn({
      service: 'bedrock',
      resource: 'inference-profile',
      resourceName: modelId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    }),
    foundation(profile[2]!, '*'),
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
  if (profile) {
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
