// Every AWS call the functions make is checked as AWS checks it: each command has a mapping to the actions and
// resources AWS's Service Authorization Reference names for it, and every action a policy of the stack grants exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readAssembly } from './stack-model';
import { iamChecksOf, SDK_PERMISSIONS, UncheckedCallError } from './sdk-permissions';
import { actionFacts, actionPatternExists } from './service-reference';
import { twinTemplateDir } from './template-dir';

const root = join(__dirname, '..', '..', '..');
const where = { region: 'us-east-1', account: '000000000000' };

/** The client class each SDK package's commands are sent through (lib-dynamodb's are DynamoDB's own). */
const CLIENT_OF_PACKAGE: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'DynamoDBClient',
  '@aws-sdk/lib-dynamodb': 'DynamoDBClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-sqs': 'SQSClient',
  '@aws-sdk/client-sns': 'SNSClient',
  '@aws-sdk/client-sesv2': 'SESv2Client',
  '@aws-sdk/client-kms': 'KMSClient',
  '@aws-sdk/client-bedrock-runtime': 'BedrockRuntimeClient',
};
/** The document client's commands, by the low-level command they send. */
const DOCUMENT_COMMANDS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactWrite: 'TransactWriteItems',
  TransactGet: 'TransactGetItems',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `Client Operation` of every SDK command imported by the functions' code (tests aside). */
function commandsUsed(): { client: string; operation: string; file: string }[] {
  const found: { client: string; operation: string; file: string }[] = [];
  for (const file of sourceFiles(join(root, 'functions'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, names, pkg] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(@aws-sdk\/[\w-]+)'/g)) {
      const client = CLIENT_OF_PACKAGE[pkg!];
      if (!client) continue;
      for (const raw of names!.split(',')) {
        const name = raw.replace(/^\s*type\s+/, '').trim();
        const match = /^(\w+)Command$/.exec(name);
        if (!match) continue;
        const base = match[1]!;
        const operation = pkg === '@aws-sdk/lib-dynamodb' ? (DOCUMENT_COMMANDS[base] ?? base) : base;
        found.push({ client, operation, file: relative(root, file) });
      }
    }
  }
  return found;
}

/** A plausible input of each client's calls, enough for every mapping to name its resources. */
const SAMPLE_INPUT: Record<string, Record<string, unknown>> = {
  DynamoDBClient: {
    TableName: 'hearthside',
    RequestItems: { hearthside: [] },
    TransactItems: [{ Put: { TableName: 'hearthside' } }, { Update: { TableName: 'hearthside' } }],
  },
  S3Client: { Bucket: 'uploads', Key: 'a/b.csv', CopySource: 'uploads/a/c.csv', Delete: { Objects: [{ Key: 'k' }] } },
  SQSClient: { QueueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/Imports' },
  SNSClient: { PhoneNumber: '+15125550100', Message: 'hi' },
  SESv2Client: { FromEmailAddress: 'Hearthside <no-reply@example.com>', ConfigurationSetName: 'ClientMail' },
  KMSClient: { KeyId: 'arn:aws:kms:us-east-1:000000000000:key/abc', EncryptionContext: { purpose: 'p' } },
  BedrockRuntimeClient: { modelId: 'amazon.nova-micro-v1:0' },
};

describe('every AWS call the functions make', () => {
  const used = commandsUsed();

  it('finds the commands the functions send (the scan itself works)', () => {
    const names = new Set(used.map((u) => `${u.client} ${u.operation}`));
    for (const expected of [
      'DynamoDBClient UpdateItem',
      'DynamoDBClient BatchWriteItem',
      'SESv2Client SendEmail',
      'SQSClient SendMessageBatch',
      'KMSClient Decrypt',
      'BedrockRuntimeClient Converse',
    ])
      expect(names).toContain(expected);
  });

  it('has a mapping, and each mapped action is one of AWS’s, on resources of the types it authorizes', () => {
    const missing = used.filter((u) => !SDK_PERMISSIONS[u.client]?.[u.operation]);
    expect(missing).toEqual([]);
    for (const { client, operation } of used) {
      const checks = iamChecksOf({ client, command: `${operation}Command`, input: SAMPLE_INPUT[client]! }, where);
      expect(checks.length).toBeGreaterThan(0);
      for (const check of checks) expect(actionFacts(check.action)).toBeDefined();
    }
  });

  it('refuses to run a call it has no mapping for, rather than let it pass unchecked', () => {
    expect(() => iamChecksOf({ client: 'S3Client', command: 'PutBucketPolicyCommand', input: {} }, where)).toThrow(
      UncheckedCallError,
    );
  });
});

describe('each call is authorized as AWS authorizes it', () => {
  it('SES: on the sender’s identity and, when the call names one, on its configuration set', () => {
    const checks = iamChecksOf(
      { client: 'SESv2Client', command: 'SendEmailCommand', input: SAMPLE_INPUT.SESv2Client! },
      where,
    );
    expect(checks.map((c) => [c.action, c.resource])).toEqual([
      ['ses:SendEmail', 'arn:aws:ses:us-east-1:000000000000:identity/example.com'],
      ['ses:SendEmail', 'arn:aws:ses:us-east-1:000000000000:configuration-set/ClientMail'],
    ]);
    expect(checks[0]!.context['ses:FromAddress']).toBe('no-reply@example.com');
  });

  it('SQS batches as the single action; DynamoDB batches per table and transactions as each part', () => {
    const sqs = iamChecksOf(
      { client: 'SQSClient', command: 'SendMessageBatchCommand', input: SAMPLE_INPUT.SQSClient! },
      where,
    );
    expect(sqs.map((c) => c.action)).toEqual(['sqs:SendMessage']);
    expect(sqs[0]!.resource).toBe('arn:aws:sqs:us-east-1:000000000000:Imports');
    const batch = iamChecksOf(
      { client: 'DynamoDBClient', command: 'BatchWriteItemCommand', input: { RequestItems: { a: [], b: [] } } },
      where,
    );
    expect(batch.map((c) => [c.action, c.resource])).toEqual([
      ['dynamodb:BatchWriteItem', 'arn:aws:dynamodb:us-east-1:000000000000:table/a'],
      ['dynamodb:BatchWriteItem', 'arn:aws:dynamodb:us-east-1:000000000000:table/b'],
    ]);
    const transaction = iamChecksOf(
      { client: 'DynamoDBClient', command: 'TransactWriteItemsCommand', input: SAMPLE_INPUT.DynamoDBClient! },
      where,
    );
    expect(transaction.map((c) => c.action)).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
  });

  it('a Query on an index is authorized on the index', () => {
    const [check] = iamChecksOf(
      { client: 'DynamoDBClient', command: 'QueryCommand', input: { TableName: 't', IndexName: 'gsi3' } },
      where,
    );
    expect(check!.resource).toBe('arn:aws:dynamodb:us-east-1:000000000000:table/t/index/gsi3');
  });

  it('KMS: on the key, with the encryption context as condition keys', () => {
    const [check] = iamChecksOf(
      {
        client: 'KMSClient',
        command: 'DecryptCommand',
        input: {
          KeyId: 'arn:aws:kms:us-east-1:000000000000:key/k1',
          EncryptionContext: { purpose: 'p', agentId: 'a' },
        },
      },
      where,
    );
    expect(check).toMatchObject({
      action: 'kms:Decrypt',
      resource: 'arn:aws:kms:us-east-1:000000000000:key/k1',
      context: { 'kms:EncryptionContext:purpose': 'p', 'kms:EncryptionContext:agentId': 'a' },
    });
  });

  it('Bedrock: a model in the region, or an inference profile and the model it routes to', () => {
    const model = iamChecksOf(
      { client: 'BedrockRuntimeClient', command: 'ConverseCommand', input: { modelId: 'amazon.nova-micro-v1:0' } },
      where,
    );
    expect(model.map((c) => [c.action, c.resource])).toEqual([
      ['bedrock:InvokeModel', 'arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-micro-v1:0'],
    ]);
    const profile = iamChecksOf(
      { client: 'BedrockRuntimeClient', command: 'ConverseCommand', input: { modelId: 'us.amazon.nova-micro-v1:0' } },
      where,
    );
    expect(profile.map((c) => c.resource)).toEqual([
      'arn:aws:bedrock:us-east-1:000000000000:inference-profile/us.amazon.nova-micro-v1:0',
      'arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-micro-v1:0',
    ]);
  });

  it('a text to a phone number names no resource, a presigned upload is a PutObject on its key', () => {
    const [sms] = iamChecksOf(
      { client: 'SNSClient', command: 'PublishCommand', input: SAMPLE_INPUT.SNSClient! },
      where,
    );
    expect(sms).toMatchObject({ action: 'sns:Publish', resource: '*' });
    const [put] = iamChecksOf(
      { client: 'S3Client', command: 'PutObjectCommand', input: { Bucket: 'b', Key: 'x/y' } },
      where,
    );
    expect(put).toMatchObject({ action: 's3:PutObject', resource: 'arn:aws:s3:::b/x/y' });
  });

  it('S3 versions: listing them is s3:ListBucketVersions with the prefix, deleting one (or a delete marker) s3:DeleteObjectVersion', () => {
    const [listed] = iamChecksOf(
      { client: 'S3Client', command: 'ListObjectVersionsCommand', input: { Bucket: 'b', Prefix: 'x/' } },
      where,
    );
    expect(listed).toMatchObject({
      action: 's3:ListBucketVersions',
      resource: 'arn:aws:s3:::b',
      context: { 's3:prefix': 'x/' },
    });
    const deletes = iamChecksOf(
      {
        client: 'S3Client',
        command: 'DeleteObjectsCommand',
        input: { Bucket: 'b', Delete: { Objects: [{ Key: 'x/y', VersionId: 'v1' }, { Key: 'x/z' }] } },
      },
      where,
    );
    expect(deletes.map((c) => [c.action, c.resource])).toEqual([
      ['s3:DeleteObjectVersion', 'arn:aws:s3:::b/x/y'],
      ['s3:DeleteObject', 'arn:aws:s3:::b/x/z'],
    ]);
  });
});

describe('the stack’s policies', () => {
  it('name only actions that exist', () => {
    const template = readAssembly(twinTemplateDir());
    const actions = new Set<string>();
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      const statements = resource.Properties?.PolicyDocument?.Statement as { Action?: string | string[] }[];
      for (const statement of statements) for (const action of [statement.Action ?? []].flat()) actions.add(action);
    }
    expect(actions.size).toBeGreaterThan(10);
    expect([...actions].filter((action) => !actionPatternExists(action))).toEqual([]);
    expect(actionPatternExists('dynamodb:BatchWriteItems')).toBe(false);
    expect(actionPatternExists('sqs:SendMessageBatch')).toBe(false);
  });
});
