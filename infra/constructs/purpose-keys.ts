// Purpose keys in AWS: a secret holding one purpose's signing key, derived from the root (the session
// secret) at deploy time by a small custom resource, so a function that signs for that purpose alone
// (the reminders worker: unsubscribe links) reads this secret and never the root. The derivation is
// functions/domain/signing-keys.ts's (HKDF-SHA256, the root's key id beside the key); the handler's
// source is checked against it by infra/purpose-keys.test.ts. After the root is replaced, deploy
// with `-c signingKeyGeneration=<n+1>` so the key is derived again from the new root.
import { CustomResource, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { TokenPurpose } from '../../functions/domain/signing-keys';

/**
 * The deploy-time handler (CommonJS, the SDK of the nodejs22.x runtime): on Create and Update it reads the root and
 * puts `{"kid","key"}` into the purpose secret, or, while a replaced root is kept beside the new one
 * (`{"keys":["<new>","<old>"]}`), the list of both (the new one first: it signs; the old one still recognises the
 * opt-out marks and reply addresses made under it). On Delete it does nothing. It answers CloudFormation itself.
 */
export const purposeKeyHandlerSource = `const sm = require('@aws-sdk/client-secrets-manager');
const { hkdfSync } = require('node:crypto');
const client = new sm.SecretsManagerClient({});
const hkdf = (root, info, length) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), info, length)).toString('base64url');
function derive(stored, purpose) {
  const text = stored.trim();
  const roots = (text.startsWith('{') ? JSON.parse(text).keys : [text]).map((k) => Buffer.from(k.trim(), 'utf8'));
  if (roots.length === 0 || roots.some((root) => root.length < 32))
    throw new Error('Each signing root must be at least 32 characters');
  const keys = roots.map((root) => ({ kid: hkdf(root, 'hearthside:key-id', 9), key: hkdf(root, 'hearthside:sign:' + purpose, 32) }));
  return JSON.stringify(keys.length === 1 ? keys[0] : keys);
}
exports.derive = derive;
exports.handler = async (event) => {
  let status = 'SUCCESS';
  let reason = '';
  try {
    if (event.RequestType !== 'Delete') {
      const p = event.ResourceProperties;
      const root = await client.send(new sm.GetSecretValueCommand({ SecretId: p.RootSecretArn }));
      const value = derive(root.SecretString, p.Purpose);
      await client.send(new sm.PutSecretValueCommand({ SecretId: p.TargetSecretArn, SecretString: value }));
    }
  } catch (error) {
    status = 'FAILED';
    reason = String((error && error.message) || error).slice(0, 500);
  }
  const body = JSON.stringify({
    Status: status,
    Reason: reason,
    PhysicalResourceId: event.PhysicalResourceId || event.LogicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  await fetch(event.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
};
`;

export type PurposeKeysProps = {
  /** The root every purpose key is derived from (Data.sessionSecret). */
  root: secretsmanager.ISecret;
  /** Changed after the root is replaced, so the keys are derived again. */
  generation?: string;
};

export class PurposeKeys extends Construct {
  /** The unsubscribe links' key: the reminders worker signs with it. */
  readonly unsubscribe: secretsmanager.Secret;
  readonly deriveUnsubscribe: CustomResource;

  constructor(scope: Construct, id: string, props: PurposeKeysProps) {
    super(scope, id);
    this.unsubscribe = new secretsmanager.Secret(this, 'UnsubscribeSigningKey', {
      description:
        'Signs unsubscribe links only: derived from the session secret at deploy time (never edit it by hand).',
      // Replaced by the derived key before any function runs (the worker depends on the derivation).
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
    });

    const logGroup = new logs.LogGroup(this, 'DeriveLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const role = new iam.Role(this, 'DeriveRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Derives purpose signing keys from the session secret at deploy time',
    });
    logGroup.grantWrite(role);
    props.root.grantRead(role);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [this.unsubscribe.secretArn] }),
    );
    const derive = new lambda.Function(this, 'Derive', {
      description: 'Deploy step: derives the purpose signing keys (HKDF) from the session secret',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromInline(purposeKeyHandlerSource),
      memorySize: 256,
      timeout: Duration.seconds(30),
      role,
      logGroup,
      tracing: lambda.Tracing.ACTIVE,
    });
    this.deriveUnsubscribe = new CustomResource(this, 'DeriveUnsubscribeKey', {
      serviceToken: derive.functionArn,
      resourceType: 'Custom::PurposeKey',
      properties: {
        RootSecretArn: props.root.secretArn,
        TargetSecretArn: this.unsubscribe.secretArn,
        Purpose: 'unsubscribe' satisfies TokenPurpose,
        Generation: props.generation ?? '1',
      },
    });
    // CloudFormation invokes the function only once its rights exist.
    this.deriveUnsubscribe.node.addDependency(role);

    NagSuppressions.addResourceSuppressions(this.unsubscribe, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Derived from the session secret by this stack: it changes when the root is replaced (signingKeyGeneration), never on its own.',
      },
    ]);
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
    NagSuppressions.addResourceSuppressions(derive, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime chosen for every function (docs/architecture.md, Decisions and why); moving to nodejs24.x is a deliberate, tested change.',
      },
    ]);
  }
}
