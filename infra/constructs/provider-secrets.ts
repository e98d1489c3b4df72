// The keys of Stripe, Google, Twilio, web push (VAPID) and an OpenAI-compatible endpoint: Secrets Manager secrets
// this stack creates empty (`{}`),
// which an operator fills in once with `aws secretsmanager put-secret-value` (README, Deploy).
// CloudFormation never sees a key: the template holds the placeholder only, and a later deploy
// leaves the value alone. The functions that declare the provider in functions/routes.ts get the
// secret's ARN (`*_SECRET_ARN`) and the right to read it, through the Parameters and Secrets
// extension (functions/config.ts); no other function does.
import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { PROVIDER_SECRETS, type Provider } from '../../functions/provider-secrets';

export type ProviderSecretsProps = {
  /** Create the Twilio secret (only when SMS goes through Twilio). */
  twilio: boolean;
  /** Create the OpenAI-compatible endpoint's secret (only when AI drafts go through one). */
  openai?: boolean;
};

export class ProviderSecrets extends Construct {
  readonly secrets: ReadonlyMap<Provider, secretsmanager.Secret>;
  /**
   * Encrypts the agents' Google refresh tokens at rest (functions/integrations/token-sealing.ts); kept when the stack
   * goes, as the tokens in the table would be unreadable without it.
   */
  readonly googleTokenKey: kms.Key;

  constructor(scope: Construct, id: string, props: ProviderSecretsProps) {
    super(scope, id);
    const providers: Provider[] = [
      'stripe',
      'google',
      'push',
      ...(props.twilio ? (['twilio'] as const) : []),
      ...(props.openai ? (['openai'] as const) : []),
    ];
    this.googleTokenKey = new kms.Key(this, 'GoogleTokenKey', {
      description: "Encrypts the agents' Google Business Profile refresh tokens at rest",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.secrets = new Map(
      providers.map((provider) => {
        const secret = new secretsmanager.Secret(this, `${provider[0]!.toUpperCase()}${provider.slice(1)}Secret`, {
          description: `${PROVIDER_SECRETS[provider].description}. Filled in by an operator (put-secret-value), never by a deploy.`,
          // A placeholder, not a key: the functions read `{}` as "not set up yet".
          secretStringValue: SecretValue.unsafePlainText('{}'),
        });
        NagSuppressions.addResourceSuppressions(secret, [
          {
            id: 'AwsSolutions-SMG4',
            reason:
              "A provider's API key is rotated in the provider's console, then put here with put-secret-value; Secrets Manager cannot rotate it.",
          },
        ]);
        return [provider, secret] as const;
      }),
    );
  }

  /**
   * `{ STRIPE_SECRET_ARN: … }` for the function, and the right to read that secret, when the stack has it. Google's
   * also brings the refresh tokens' key (GOOGLE_TOKEN_KEY_ARN) and the right to encrypt and decrypt with it.
   */
  grantRead(grantee: iam.IGrantable, provider: Provider): Record<string, string> {
    const secret = this.secrets.get(provider);
    if (!secret) return {};
    secret.grantRead(grantee);
    if (provider !== 'google') return { [PROVIDER_SECRETS[provider].setting]: secret.secretArn };
    // Only for the refresh tokens' encryption context (functions/integrations/token-sealing.ts): one agent's token,
    // named by its agent id. The twin evaluates these conditions against each call's context.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Encrypt', 'kms:Decrypt'],
        resources: [this.googleTokenKey.keyArn],
        conditions: {
          StringEquals: { 'kms:EncryptionContext:purpose': 'google-refresh-token' },
          Null: { 'kms:EncryptionContext:agentId': 'false' },
        },
      }),
    );
    return { [PROVIDER_SECRETS[provider].setting]: secret.secretArn, GOOGLE_TOKEN_KEY_ARN: this.googleTokenKey.keyArn };
  }

  /**
   * `{ GOOGLE_SECRET_ARN }` and the right to read it, nothing more: the OAuth client a function that already decrypts
   * the refresh tokens (grantTokenDecrypt) needs to trade one for an access token.
   */
  grantGoogleClientRead(grantee: iam.IGrantable): Record<string, string> {
    const secret = this.secrets.get('google');
    if (!secret) return {};
    secret.grantRead(grantee);
    return { [PROVIDER_SECRETS.google.setting]: secret.secretArn };
  }

  /**
   * `{ GOOGLE_TOKEN_KEY_ARN }` and the right to decrypt the agents' refresh tokens with it, under the same encryption
   * context, and nothing else of Google's: what revoking an agent's token at Google takes (its revoke endpoint needs
   * the token alone, not the OAuth client in the Google secret).
   */
  grantTokenDecrypt(grantee: iam.IGrantable): Record<string, string> {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Decrypt'],
        resources: [this.googleTokenKey.keyArn],
        conditions: {
          StringEquals: { 'kms:EncryptionContext:purpose': 'google-refresh-token' },
          Null: { 'kms:EncryptionContext:agentId': 'false' },
        },
      }),
    );
    return { GOOGLE_TOKEN_KEY_ARN: this.googleTokenKey.keyArn };
  }
}
