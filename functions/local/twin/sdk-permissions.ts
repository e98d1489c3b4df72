// What IAM authorizes for each AWS SDK call the functions make: the actions AWS requires (a batch or transaction call
// needs the action of each thing it does, SendMessageBatch is sqs:SendMessage, Converse is bedrock:InvokeModel…), and
// for each the resources of the types the action authorizes, with their ARNs built from the Service Authorization
// Reference's formats (service-reference.ts), plus the condition keys of the call (kms:EncryptionContext:…).
//
// A command missing here is an error, not a pass: the twin refuses to run a call it cannot check, and a test lists
// every command the functions import against this table.
import type { AwsCall } from '../../lib/function-environment';
import { actionFacts, arnFormat, resourceArn } from './service-reference';

/** One resource of a type the action authorizes, by its ARN variables (`{ TableName }`), or `*` when it names none. */
type Resource = { type: string; values: Record<string, string> } | '*';
type Need = { action: string; resources: Resource[]; context?: Record<string, string | string[]> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any command's input
type Input = Record<string, any>;
type Mapping = (input: Input, where: Where) => Need[];
type Where = { region: string; account: string };

export type IamCheck = { action: string; resource: string; context: Record<string, string | string[]> };

const table = (name: string): Resource => ({ type: 'table', values: { TableName: String(name) } });
const object = (bucket: string, key: string): Resource => ({
  type: 'object',
  values: { BucketName: String(bucket), ObjectName: String(key) },
});
const bucket = (name: string): Resource => ({ type: 'bucket', values: { BucketName: String(name) } });
const queue = (url: unknown): Resource => ({ type: 'queue', values: { QueueName: String(url).split('/').pop()! } });
const one = (action: string, ...resources: Resource[]): Need[] => [{ action, resources }];

/** Each table a batch call names gets the action once. */
const perTable = (action: string) => (input: Input) =>
  Object.keys(input.RequestItems ?? {}).map((name) => ({ action, resources: [table(name)] }));

/** Query and Scan: on the index when the call names one, else on the table. */
const readsIndex = (action: string) => (input: Input) =>
  one(
    action,
    input.IndexName
      ? { type: 'index', values: { TableName: String(input.TableName), IndexName: String(input.IndexName) } }
      : table(input.TableName),
  );

/** A transaction is authorized as each of its parts: Put as PutItem, Update as UpdateItem, … */
const TRANSACT_PARTS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Get: 'dynamodb:GetItem',
};
const transaction = (input: Input) =>
  (input.TransactItems as Record<string, { TableName: string }>[]).flatMap((item) =>
    Object.entries(item).map(([part, detail]) => ({
      action: TRANSACT_PARTS[part]!,
      resources: [table(detail.TableName)],
    })),
  );

/** KMS: the key, and the call's encryption context as the condition keys a policy may test. */
const withKey = (action: string) => (input: Input) => {
  const context: Record<string, string | string[]> = {};
  const pairs = Object.entries((input.EncryptionContext ?? {}) as Record<string, string>);
  for (const [key, value] of pairs) context[`kms:EncryptionContext:${key}`] = value;
  if (pairs.length) context['kms:EncryptionContextKeys'] = pairs.map(([key]) => key);
  const keyId = String(input.KeyId ?? '');
  const id = keyId.startsWith('arn:') ? keyId.slice(keyId.lastIndexOf('/') + 1) : keyId;
  return [{ action, resources: [{ type: 'key', values: { KeyId: id } }], context }];
};

/**
 * Bedrock: a foundation model, or an inference profile (`us.…`, `eu.…`) and the model it routes to; the twin checks the
 * profile's model in the calling region, where a profile always may route.
 */
const invokes = (action: string) => (input: Input) => {
  const modelId = String(input.modelId ?? '');
  if (modelId.startsWith('arn:')) {
    const [, resource] =
      /:(foundation-model|inference-profile|application-inference-profile)\/(.+)$/.exec(modelId) ?? [];
    return [{ action, resources: [{ type: resource!, values: { ResourceId: modelId.split('/').pop()! } }] }];
  }
  const profile = /^(us|us-gov|eu|apac|jp|au|ca|global)\.(.+)$/.exec(modelId);
  const model = (id: string): Resource => ({ type: 'foundation-model', values: { ResourceId: id } });
  if (!profile) return one(action, model(modelId));
  return one(action, { type: 'inference-profile', values: { ResourceId: modelId } }, model(profile[2]!));
};

/** SES: the identity of the sender's domain (or address), and the configuration set when the call names one. */
const sendsMail = (input: Input) => {
  const from = String(input.FromEmailAddress ?? '');
  const address = (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
  const identity = input.FromEmailAddressIdentityArn
    ? String(input.FromEmailAddressIdentityArn).split('/').pop()!
    : address.split('@')[1]!;
  const resources: Resource[] = [{ type: 'identity', values: { IdentityName: identity } }];
  if (input.ConfigurationSetName)
    resources.push({ type: 'configuration-set', values: { ConfigurationSetName: String(input.ConfigurationSetName) } });
  return [
    {
      action: 'ses:SendEmail',
      resources,
      context: { 'ses:FromAddress': address, 'ses:Recipients': (input.Destination?.ToAddresses ?? []) as string[] },
    },
  ];
};

export const SDK_PERMISSIONS: Record<string, Record<string, Mapping>> = {
  DynamoDBClient: {
    GetItem: (input) => one('dynamodb:GetItem', table(input.TableName)),
    PutItem: (input) => one('dynamodb:PutItem', table(input.TableName)),
    UpdateItem: (input) => one('dynamodb:UpdateItem', table(input.TableName)),
    DeleteItem: (input) => one('dynamodb:DeleteItem', table(input.TableName)),
    Query: readsIndex('dynamodb:Query'),
    Scan: readsIndex('dynamodb:Scan'),
    BatchGetItem: perTable('dynamodb:BatchGetItem'),
    BatchWriteItem: perTable('dynamodb:BatchWriteItem'),
    TransactWriteItems: transaction,
    TransactGetItems: transaction,
    CreateTable: (input) => one('dynamodb:CreateTable', table(input.TableName)),
    DescribeTable: (input) => one('dynamodb:DescribeTable', table(input.TableName)),
    ListTables: () => one('dynamodb:ListTables', '*'),
  },
  S3Client: {
    GetObject: (input) => one('s3:GetObject', object(input.Bucket, input.Key)),
    HeadObject: (input) => one('s3:GetObject', object(input.Bucket, input.Key)),
    PutObject: (input) => one('s3:PutObject', object(input.Bucket, input.Key)),
    CreateMultipartUpload: (input) => one('s3:PutObject', object(input.Bucket, input.Key)),
    UploadPart: (input) => one('s3:PutObject', object(input.Bucket, input.Key)),
    CompleteMultipartUpload: (input) => one('s3:PutObject', object(input.Bucket, input.Key)),
    AbortMultipartUpload: (input) => one('s3:AbortMultipartUpload', object(input.Bucket, input.Key)),
    CopyObject: (input) => {
      const source = decodeURIComponent(String(input.CopySource ?? '')).replace(/^\//, '');
      const slash = source.indexOf('/');
      return [
        ...one('s3:GetObject', object(source.slice(0, slash), source.slice(slash + 1))),
        ...one('s3:PutObject', object(input.Bucket, input.Key)),
      ];
    },
    DeleteObject: (input) => one('s3:DeleteObject', object(input.Bucket, input.Key)),
    // Deleting a version (a delete marker too) is s3:DeleteObjectVersion; without one, s3:DeleteObject.
    DeleteObjects: (input) =>
      ((input.Delete?.Objects ?? []) as { Key: string; VersionId?: string }[]).flatMap((o) =>
        one(o.VersionId ? 's3:DeleteObjectVersion' : 's3:DeleteObject', object(input.Bucket, o.Key)),
      ),
    ListObjectVersions: (input) => [
      {
        action: 's3:ListBucketVersions',
        resources: [bucket(input.Bucket)],
        context: { 's3:prefix': String(input.Prefix ?? '') },
      },
    ],
    ListObjectsV2: (input) => [
      {
        action: 's3:ListBucket',
        resources: [bucket(input.Bucket)],
        context: { 's3:prefix': String(input.Prefix ?? '') },
      },
    ],
    HeadBucket: (input) => one('s3:ListBucket', bucket(input.Bucket)),
    CreateBucket: (input) => one('s3:CreateBucket', bucket(input.Bucket)),
    PutBucketCors: (input) => one('s3:PutBucketCORS', bucket(input.Bucket)),
  },
  SQSClient: {
    SendMessage: (input) => one('sqs:SendMessage', queue(input.QueueUrl)),
    SendMessageBatch: (input) => one('sqs:SendMessage', queue(input.QueueUrl)),
    ReceiveMessage: (input) => one('sqs:ReceiveMessage', queue(input.QueueUrl)),
    DeleteMessage: (input) => one('sqs:DeleteMessage', queue(input.QueueUrl)),
    DeleteMessageBatch: (input) => one('sqs:DeleteMessage', queue(input.QueueUrl)),
  },
  SNSClient: {
    // A text straight to a phone number names no resource: IAM evaluates it on "*".
    Publish: (input) =>
      one(
        'sns:Publish',
        input.TopicArn ? { type: 'topic', values: { TopicName: String(input.TopicArn).split(':').pop()! } } : '*',
      ),
    CheckIfPhoneNumberIsOptedOut: () => one('sns:CheckIfPhoneNumberIsOptedOut', '*'),
  },
  SESv2Client: { SendEmail: sendsMail },
  KMSClient: { Encrypt: withKey('kms:Encrypt'), Decrypt: withKey('kms:Decrypt') },
  BedrockRuntimeClient: {
    Converse: invokes('bedrock:InvokeModel'),
    InvokeModel: invokes('bedrock:InvokeModel'),
    ConverseStream: invokes('bedrock:InvokeModelWithResponseStream'),
  },
  // Read through the Parameters and Secrets extension (the twin's stand-in for it checks this call).
  SecretsManagerClient: {
    GetSecretValue: (input) =>
      one('secretsmanager:GetSecretValue', { type: 'secret', values: { SecretId: secretIdOf(input.SecretId) } }),
  },
};

/** The ARN's resource part after `secret:` (an ARN or a name). */
const secretIdOf = (id: unknown) => String(id).replace(/^arn:[^:]*:secretsmanager:[^:]*:[^:]*:secret:/, '');

const SERVICE_PREFIX = (action: string) => action.split(':')[0]!;

export class UncheckedCallError extends Error {
  override name = 'UncheckedCallError';
}

/**
 * The IAM checks one SDK call needs, each validated against the Service Authorization Reference: the action exists,
 * each resource is of a type the action authorizes, and a call names one of the types the action requires.
 */
export function iamChecksOf(call: AwsCall, where: Where): IamCheck[] {
  const operation = call.command.replace(/Command$/, '');
  const mapping = SDK_PERMISSIONS[call.client]?.[operation];
  if (!mapping) throw new UncheckedCallError(`The twin has no IAM mapping for ${call.client} ${call.command}`);
  return mapping(call.input as Input, where).flatMap((need) => {
    const action = checkedAction(call.command, need);
    const context = { 'aws:SecureTransport': 'true', ...(need.context ?? {}) };
    return need.resources.map((resource) => ({
      action,
      resource: resource === '*' ? '*' : resourceArn(SERVICE_PREFIX(action), resource.type, resource.values, where),
      context,
    }));
  });
}

/** The validated action of each need's shape (its action and resource types): the reference does not change. */
const checkedActions = new Map<string, string>();

/** The need's action as the reference spells it, once its resources are checked against the action's types. */
function checkedAction(command: string, need: Need): string {
  const shape = `${need.action}\n${need.resources.map((r) => (r === '*' ? '*' : r.type)).join(',')}`;
  const known = checkedActions.get(shape);
  if (known) return known;
  const facts = actionFacts(need.action);
  if (!facts) throw new UncheckedCallError(`${command}: ${need.action} is no action of AWS's reference`);
  const prefix = SERVICE_PREFIX(facts.action);
  // The reference spells a type's name in an action as on its page (`Secret`), and keys its formats in lowercase.
  const types = new Set(facts.resourceTypes.map((t) => t.name.toLowerCase()));
  const required = facts.resourceTypes.filter((t) => t.required).map((t) => t.name.toLowerCase());
  const named = need.resources.filter((r): r is Exclude<Resource, '*'> => r !== '*');
  for (const resource of named)
    if (!types.has(resource.type))
      throw new UncheckedCallError(`${facts.action} does not authorize resources of type ${resource.type}`);
  // A named resource inside a required one counts as it (a table's index is authorized for the table's Query).
  const within = (type: string, requiredType: string) => {
    const [inner, outer] = [arnFormat(prefix, type), arnFormat(prefix, requiredType)];
    return type === requiredType || Boolean(inner && outer && inner.startsWith(`${outer}/`));
  };
  if (
    required.length &&
    !need.resources.includes('*') &&
    !named.some((r) => required.some((type) => within(r.type.toLowerCase(), type)))
  )
    throw new UncheckedCallError(`${facts.action} requires a resource of type ${required.join(' or ')}`);
  checkedActions.set(shape, facts.action);
  return facts.action;
}
