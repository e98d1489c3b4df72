// The local runtime as the stack's twin: each route and job runs with exactly the environment its
// function has in the synthesized template, every AWS SDK call it makes is checked against its
// role's statements (refused as AWS refuses it), secrets are read through a local stand-in for the
// Parameters and Secrets extension that answers only for granted ARNs, and requests cross the
// CloudFront rules of the template (functions/local/twin/edge.ts).
//
// What differs from AWS, on purpose, is only how each port reaches this machine: the endpoints of
// the emulators, mail and texts to the outbox, the in-process queues, the payment simulator and the
// local AI composer (LOCAL_OVERLAY below).
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { InitializeHandlerArguments, InitializeMiddleware } from '@smithy/types';
import { LIMIT_SETTINGS } from '../../config';
import { addClientPlugin, currentFunction, type FunctionScope } from '../../lib/function-environment';
import { evaluate, type PolicyStatement } from './iam';
import {
  LOCAL_ACCOUNT,
  readAssembly,
  stackModel,
  type LocalNames,
  type StackModel,
  type TwinFunction,
} from './stack-model';

export type TwinOptions = {
  /** A CDK output directory (cdk.out, or HEARTH_TEMPLATE_DIR). */
  templateDir: string;
  names: LocalNames;
  /** The URL the runtime serves: APP_URL wherever the template says the distribution's. */
  appUrl: string;
  /** What the local runtime's ports need (endpoints, outbox…): laid over every function's environment. */
  overlay: Record<string, string>;
  /**
   * Which local port each provider takes (MAIL_PROVIDER: outbox…), by name with its default: read from the process's
   * environment whenever a function reads it, so a test may switch one port (SES through a mocked client) for a call.
   */
  ports?: Record<string, string>;
  /** The local value of each secret, by the logical id of its template resource (prefix match), at each read. */
  secretValue: (logicalId: string) => string;
};

export type Twin = {
  model: StackModel;
  /** The scope a route's or job's function runs in, by its description in the template. */
  scopeFor(description: string): FunctionScope;
  /** The value CloudFront puts in each custom origin header of /api/* (x-origin-verify). */
  apiOriginHeaders(): Record<string, string>;
  close(): Promise<void>;
};

/**
 * Settings a developer or a test sets for the whole runtime, which a deploy sets on the functions with -c (the operator
 * limits, ADMIN_EMAILS…): they pass through, read from the process's environment whenever a function reads them (else
 * the template's value), so changing one (then resetConfig(), as a new deploy would) changes it for every function.
 */
const PASS_THROUGH = ['LOG_LEVEL', 'PASSWORD_HASH_COST', 'ADMIN_EMAILS', ...Object.keys(LIMIT_SETTINGS)];

export class AccessDeniedError extends Error {
  override name = 'AccessDeniedException';
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
}

export async function startTwin(options: TwinOptions): Promise<Twin> {
  const model = modelOf(options.templateDir, options.names);
  const { secretValue } = options;
  const byDescription = new Map(model.functions.map((fn) => [fn.description, fn]));
  const tokens = new Map<string, TwinFunction>();
  const scopes = new Map<string, FunctionScope & { statements: PolicyStatement[] }>();

  const extension = await startSecretsExtension((token, secretId) => {
    const fn = tokens.get(token);
    if (!fn) return { status: 400, body: 'missing or wrong X-Aws-Parameters-Secrets-Token' };
    const logicalId = model.secrets.get(secretId);
    const decision = evaluate(fn.statements, { action: 'secretsmanager:GetSecretValue', resource: secretId });
    if (!decision.allowed)
      return {
        status: 400,
        body: JSON.stringify({
          __type: 'AccessDeniedException',
          message: denial(fn, 'secretsmanager:GetSecretValue', secretId),
        }),
      };
    if (!logicalId) return { status: 400, body: JSON.stringify({ __type: 'ResourceNotFoundException' }) };
    return { status: 200, body: JSON.stringify({ ARN: secretId, SecretString: secretValue(logicalId) }) };
  });

  const scopeOf = (fn: TwinFunction) => {
    let scope = scopes.get(fn.logicalId);
    if (!scope) {
      const token = randomUUID();
      tokens.set(token, fn);
      const env: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(fn.env))
        env[name] = value.split(model.edgeOrigin).join(options.appUrl);
      for (const name of PASS_THROUGH) {
        const deployed = env[name];
        live(env, name, () => process.env[name] ?? deployed);
      }
      Object.assign(env, options.overlay, {
        AWS_SESSION_TOKEN: token,
        PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(extension.port),
      });
      for (const [name, fallback] of Object.entries(options.ports ?? {}))
        live(env, name, () => process.env[name] ?? fallback);
      scope = { name: fn.logicalId, env, statements: fn.statements };
      scopes.set(fn.logicalId, scope);
    }
    return scope;
  };

  const removePlugin = addClientPlugin((client) => {
    client.middlewareStack.add(authorize, {
      step: 'initialize',
      name: 'HearthTwinIam',
      priority: 'high',
      override: true,
    });
  });
  const byLogicalId = new Map(model.functions.map((fn) => [fn.logicalId, fn]));
  const authorize: InitializeMiddleware<Record<string, unknown>, object> =
    (next, context) => async (args: InitializeHandlerArguments<Record<string, unknown>>) => {
      const scope = currentFunction();
      const fn = scope && byLogicalId.get(scope.name);
      if (fn) {
        for (const { action, resource } of requestsOf(
          String(context.clientName),
          String(context.commandName),
          args.input,
          options.names.region,
        )) {
          if (!evaluate(fn.statements, { action, resource, context: { 'aws:SecureTransport': 'true' } }).allowed)
            throw new AccessDeniedError(denial(fn, action, resource));
        }
      }
      return next(args);
    };

  return {
    model,
    scopeFor(description) {
      const fn = byDescription.get(description);
      if (!fn) throw new Error(`The template has no function described "${description}": synthesize it again`);
      return scopeOf(fn);
    },
    apiOriginHeaders() {
      return Object.fromEntries(
        Object.entries(model.edge.apiOriginHeaders).map(([name, source]) => [
          name,
          'value' in source ? source.value : secretValue(model.secrets.get(source.secretArn) ?? ''),
        ]),
      );
    },
    async close() {
      removePlugin();
      await new Promise<void>((done) => extension.server.close(() => done()));
    },
  };
}

/**
 * The model of a synthesized directory, read once per process while its manifest is unchanged: a test file that starts
 * the runtime again (another template, then back) parses the templates (about 0.9 MB of JSON) and resolves them once.
 */
const models = new Map<string, { mtimeMs: number; model: StackModel }>();
function modelOf(dir: string, names: LocalNames): StackModel {
  const key = `${dir}\n${JSON.stringify(names)}`;
  const { mtimeMs } = statSync(join(dir, 'manifest.json'));
  const known = models.get(key);
  if (known?.mtimeMs === mtimeMs) return known.model;
  const model = stackModel(readAssembly(dir), names);
  models.set(key, { mtimeMs, model });
  return model;
}

/** A variable read from `read` at each access (enumerable, as any other). */
function live(env: NodeJS.ProcessEnv, name: string, read: () => string | undefined): void {
  Object.defineProperty(env, name, { get: read, enumerable: true, configurable: true });
}

function denial(fn: TwinFunction, action: string, resource: string): string {
  return `User: arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${fn.logicalId}Role/${fn.logicalId} is not authorized to perform: ${action} on resource: ${resource} because no identity-based policy allows the ${action} action`;
}

/** The IAM actions and resources one SDK call needs, as the service authorizes it. */
export function requestsOf(
  clientName: string,
  commandName: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any command's input
  input: Record<string, any>,
  region: string,
): { action: string; resource: string }[] {
  const operation = commandName.replace(/Command$/, '');
  if (clientName.startsWith('DynamoDB')) {
    const tableArn = (name: string) => `arn:aws:dynamodb:${region}:${LOCAL_ACCOUNT}:table/${name}`;
    const action = `dynamodb:${operation}`;
    if (input.RequestItems)
      return Object.keys(input.RequestItems).map((name) => ({ action, resource: tableArn(name) }));
    if (!input.TableName) return [];
    const resource = input.IndexName
      ? `${tableArn(input.TableName)}/index/${input.IndexName}`
      : tableArn(input.TableName);
    return [{ action, resource }];
  }
  if (clientName.startsWith('S3')) {
    const object = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;
    const bucket = String(input.Bucket ?? '');
    const key = String(input.Key ?? '');
    switch (operation) {
      case 'HeadObject':
      case 'GetObject':
        return [{ action: 's3:GetObject', resource: object(bucket, key) }];
      case 'PutObject':
      case 'CreateMultipartUpload':
      case 'UploadPart':
      case 'CompleteMultipartUpload':
        return [{ action: 's3:PutObject', resource: object(bucket, key) }];
      case 'CopyObject': {
        const source = decodeURIComponent(String(input.CopySource ?? '')).replace(/^\//, '');
        return [
          { action: 's3:GetObject', resource: `arn:aws:s3:::${source}` },
          { action: 's3:PutObject', resource: object(bucket, key) },
        ];
      }
      case 'DeleteObject':
        return [{ action: 's3:DeleteObject', resource: object(bucket, key) }];
      case 'DeleteObjects':
        return ((input.Delete?.Objects ?? []) as { Key: string }[]).map((o) => ({
          action: 's3:DeleteObject',
          resource: object(bucket, o.Key),
        }));
      case 'ListObjectsV2':
      case 'HeadBucket':
        return [{ action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` }];
      default:
        return [{ action: `s3:${operation}`, resource: `arn:aws:s3:::${bucket}` }];
    }
  }
  if (clientName.startsWith('SQS')) {
    const name = String(input.QueueUrl ?? '')
      .split('/')
      .pop();
    return [{ action: `sqs:${operation}`, resource: `arn:aws:sqs:${region}:${LOCAL_ACCOUNT}:${name}` }];
  }
  if (clientName.startsWith('SNS')) return [{ action: `sns:${operation}`, resource: input.TopicArn ?? '*' }];
  return [];
}

type ExtensionAnswer = { status: number; body: string };

async function startSecretsExtension(
  answer: (token: string, secretId: string) => ExtensionAnswer,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = String(req.headers['x-aws-parameters-secrets-token'] ?? '');
    const { status, body } =
      url.pathname === '/secretsmanager/get'
        ? answer(token, url.searchParams.get('secretId') ?? '')
        : { status: 404, body: 'not found' };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}
