// The synthesized stack as the twin runs it: the templates of a CDK output directory (the main stack
// and its nested stacks, read as one), every function with exactly its environment and its role's
// statements, references resolved to what stands for each resource on this machine (the table and
// buckets of the emulators, local queue URLs, secret ARNs the local secrets extension answers for),
// and the edge: the distribution's behaviours and policies (functions/local/twin/edge-model.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattenTemplates, type CfnResource, type CfnTemplate } from '../../lib/flatten-templates';
import { edgeOf, type TwinEdge } from './edge-model';
import type { PolicyStatement } from './iam';
import { noTriggers, triggersOf, type TwinTriggers } from './triggers';

export type { TwinEdge } from './edge-model';

export const LOCAL_ACCOUNT = '000000000000';

export type LocalNames = {
  region: string;
  tableName: string;
  buckets: { uploads: string; exports: string };
};

export type TwinFunction = {
  logicalId: string;
  description: string;
  env: Record<string, string>;
  statements: PolicyStatement[];
  /** What invokes it (the rules, schedules, queues, topics and receipt rules of the template). */
  triggers: TwinTriggers;
};

export type StackModel = {
  functions: TwinFunction[];
  /** Secret ARN → the logical id of the secret (its local value is the runtime's to choose). */
  secrets: Map<string, string>;
  edge: TwinEdge;
  /** The local placeholder the template's CloudFront domain became (APP_URL is the runtime's). */
  edgeOrigin: string;
};

const EDGE_ORIGIN = 'https://edge.twin.local';

/** The main stack's template in a CDK output directory (the one with an HTTP API), with its nested stacks. */
export function readAssembly(dir: string): CfnTemplate {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const templates = Object.values(manifest.artifacts)
    .filter((a) => a.type === 'aws:cloudformation:stack' && a.properties?.templateFile)
    .map((a) => JSON.parse(readFileSync(join(dir, a.properties!.templateFile!), 'utf8')) as CfnTemplate);
  const main = templates.find((t) =>
    Object.values(t.Resources).some(
      (r) => r.Type === 'AWS::ApiGatewayV2::Api' || r.Type === 'AWS::CloudFormation::Stack',
    ),
  );
  if (!main) throw new Error(`No stack with the HTTP API in ${dir}`);
  // A nested stack's TemplateURL ends in its asset's hash; the asset manifests name the file it was made from.
  const files = new Map<string, string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.assets.json'))) {
    const assets = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      files?: Record<string, { source: { path?: string } }>;
    };
    for (const [hash, asset] of Object.entries(assets.files ?? {}))
      if (asset.source.path) files.set(hash, asset.source.path);
  }
  return flattenTemplates(main, (id, resource) => {
    const hash = /([a-f0-9]{64})\.json/.exec(JSON.stringify(resource.Properties?.TemplateURL ?? ''))?.[1];
    const file = hash && files.get(hash);
    if (!file) throw new Error(`Nested stack ${id}: no template in ${dir}`);
    return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CfnTemplate;
  });
}

export function stackModel(template: CfnTemplate, names: LocalNames): StackModel {
  const resources = template.Resources;
  const account = LOCAL_ACCOUNT;
  const { region } = names;
  const physical = (id: string, resource: CfnResource): { ref: string; attrs: Record<string, string> } => {
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table':
        return {
          ref: names.tableName,
          attrs: { Arn: `arn:aws:dynamodb:${region}:${account}:table/${names.tableName}` },
        };
      case 'AWS::S3::Bucket': {
        const name = id.startsWith('DataUploadsBucket')
          ? names.buckets.uploads
          : id.startsWith('DataExportsBucket')
            ? names.buckets.exports
            : id.toLowerCase();
        return { ref: name, attrs: { Arn: `arn:aws:s3:::${name}`, DomainName: `${name}.s3.local` } };
      }
      case 'AWS::SecretsManager::Secret':
        return { ref: `arn:aws:secretsmanager:${region}:${account}:secret:${id}`, attrs: {} };
      case 'AWS::SQS::Queue':
        return {
          ref: `https://sqs.${region}.amazonaws.com/${account}/${id}`,
          attrs: { Arn: `arn:aws:sqs:${region}:${account}:${id}`, QueueName: id, QueueUrl: id },
        };
      case 'AWS::IAM::Role':
        return { ref: id, attrs: { Arn: `arn:aws:iam::${account}:role/${id}` } };
      case 'AWS::Lambda::Function':
        return { ref: id, attrs: { Arn: `arn:aws:lambda:${region}:${account}:function:${id}` } };
      case 'AWS::KMS::Key':
        return { ref: id, attrs: { Arn: `arn:aws:kms:${region}:${account}:key/${id}`, KeyId: id } };
      case 'AWS::SNS::Topic':
        return { ref: `arn:aws:sns:${region}:${account}:${id}`, attrs: { TopicName: id } };
      case 'AWS::Events::Rule':
        return { ref: id, attrs: { Arn: `arn:aws:events:${region}:${account}:rule/${id}` } };
      case 'AWS::Scheduler::Schedule':
        return { ref: id, attrs: { Arn: `arn:aws:scheduler:${region}:${account}:schedule/default/${id}` } };
      case 'AWS::SES::EmailIdentity':
        return { ref: String(resource.Properties?.EmailIdentity ?? id), attrs: {} };
      case 'AWS::CloudFront::Distribution':
        return { ref: id, attrs: { DomainName: EDGE_ORIGIN.replace('https://', '') } };
      default:
        return { ref: id, attrs: { Arn: `arn:aws:local:${region}:${account}:${id}` } };
    }
  };
  const physicals = new Map(Object.entries(resources).map(([id, r]) => [id, physical(id, r)]));
  const pseudo: Record<string, string> = {
    'AWS::Region': region,
    'AWS::AccountId': account,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': 'Twin',
    'AWS::NoValue': '',
  };
  const mappings = (template.Mappings ?? {}) as Record<string, Record<string, Record<string, string>>>;
  const resolve = (value: unknown, where: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => resolve(v, where));
    if (!value || typeof value !== 'object') return value;
    const [key, arg] = Object.entries(value)[0] ?? [];
    if (key === 'Ref') {
      const name = String(arg);
      if (name in pseudo) return pseudo[name];
      const found = physicals.get(name);
      if (!found) throw new Error(`${where}: Ref to ${name}, which the template does not hold`);
      return found.ref;
    }
    if (key === 'Fn::GetAtt') {
      const [id, attr] = Array.isArray(arg) ? arg.map(String) : String(arg).split('.');
      const found = physicals.get(id!)?.attrs[attr!];
      if (found === undefined) throw new Error(`${where}: the twin cannot resolve ${id}.${attr}`);
      return found;
    }
    if (key === 'Fn::Join') {
      const [separator, parts] = arg as [string, unknown[]];
      return (resolve(parts, where) as unknown[]).join(separator);
    }
    if (key === 'Fn::Select') {
      const [index, items] = arg as [number, unknown];
      return (resolve(items, where) as unknown[])[Number(resolve(index, where))];
    }
    if (key === 'Fn::Split') {
      const [separator, text] = arg as [string, unknown];
      return String(resolve(text, where)).split(separator);
    }
    if (key === 'Fn::FindInMap') {
      const [map, top, second] = (resolve(arg, where) as string[]).map(String);
      return mappings[map!]?.[top!]?.[second!];
    }
    if (key === 'Fn::Sub') {
      const [text, variables] = Array.isArray(arg) ? (arg as [string, Record<string, unknown>]) : [String(arg), {}];
      return text.replace(/\$\{([^}]+)\}/g, (_m, name: string) => {
        if (name in (variables ?? {})) return String(resolve(variables[name], where));
        if (name in pseudo) return pseudo[name]!;
        const [id, attr] = name.split('.');
        return String(attr ? resolve({ 'Fn::GetAtt': [id, attr] }, where) : resolve({ Ref: id }, where));
      });
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, where)]));
  };

  const policiesByRole = new Map<string, PolicyStatement[]>();
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const statements = resolve(resource.Properties?.PolicyDocument?.Statement ?? [], id) as PolicyStatement[];
    for (const role of resource.Properties?.Roles ?? []) {
      const roleId = String(resolve(role, id));
      policiesByRole.set(roleId, [...(policiesByRole.get(roleId) ?? []), ...statements]);
    }
  }
  const triggers = triggersOf(resources, resolve);
  const functions: TwinFunction[] = Object.entries(resources)
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
    .map(([id, resource]) => {
      const roleArn = String(resolve(resource.Properties?.Role, id));
      const roleId = roleArn.slice(roleArn.lastIndexOf('/') + 1);
      const variables = resolve(resource.Properties?.Environment?.Variables ?? {}, id) as Record<string, unknown>;
      return {
        logicalId: id,
        description: String(resource.Properties?.Description ?? ''),
        env: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, String(v)])),
        statements: policiesByRole.get(roleId) ?? [],
        triggers: triggers.get(id) ?? noTriggers(),
      };
    });

  const secrets = new Map(
    Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::SecretsManager::Secret')
      .map(([id]) => [physicals.get(id)!.ref, id]),
  );
  return { functions, secrets, edge: edgeOf(resources, resolve), edgeOrigin: EDGE_ORIGIN };
}
