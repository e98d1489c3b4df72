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
import { addClientPlugin, currentFunction, type AwsCall, type FunctionScope } from '../../lib/function-environment';
import type { EdgeBehavior } from './edge-model';
import { evaluate, type PolicyStatement } from './iam';
import { iamChecksOf } from './sdk-permissions';
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
  /**
   * Tests only (functions/local/twin/deploy-settings.ts, TEST_DEPLOY): these settings are read from the process's
   * environment whenever a function reads them (else the template's value), so a test changes one with resetConfig()
   * as a new deploy would. Only where the function's template gives the variable: it never sees one it does not give.
   */
  liveSettings?: readonly string[];
};

export type Twin = {
  model: StackModel;
  /** The scope a route's or job's function runs in, by its description in the template. */
  scopeFor(description: string): FunctionScope;
  /** The value CloudFront puts in each custom origin header of the behaviour's origin (x-origin-verify). */
  originHeaders(behavior: EdgeBehavior): Record<string, string>;
  /** The custom origin headers of the API's origin (what every request the API gets through CloudFront carries). */
  apiOriginHeaders(): Record<string, string>;
  close(): Promise<void>;
};

export class AccessDeniedError extends Error {
  override name = 'AccessDeniedException';
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
}

/** How many IAM decisions a function remembers (an object's key is in its ARN, so the list is cleared when full). */
const REMEMBERED_DECISIONS = 10_000;

export async function startTwin(options: TwinOptions): Promise<Twin> {
  const model = modelOf(options.templateDir, options.names);
  const { secretValue } = options;
  const byDescription = new Map(model.functions.map((fn) => [fn.description, fn]));
  const tokens = new Map<string, TwinFunction>();
  const scopes = new Map<string, FunctionScope & { statements: PolicyStatement[] }>();

  const where = { region: options.names.region, account: LOCAL_ACCOUNT };
  /**
   * Each IAM check of the call against the function's role; the first denial is thrown as AWS answers it. A role's
   * statements are fixed for the template's life, so each decision is remembered (a bounded number of them).
   */
  const authorizeFor = (fn: TwinFunction) => {
    const decisions = new Map<string, boolean>();
    return (call: AwsCall) => {
      for (const check of iamChecksOf(call, where)) {
        const key = `${check.action}\n${check.resource}\n${JSON.stringify(check.context)}`;
        let allowed = decisions.get(key);
        if (allowed === undefined) {
          allowed = evaluate(fn.statements, check).allowed;
          if (decisions.size >= REMEMBERED_DECISIONS) decisions.clear();
          decisions.set(key, allowed);
        }
        if (!allowed) throw new AccessDeniedError(denial(fn, check.action, check.resource));
      }
    };
  };

  const extension = await startSecretsExtension((token, secretId) => {
    const fn = tokens.get(token);
    if (!fn) return { status: 400, body: 'missing or wrong X-Aws-Parameters-Secrets-Token' };
    const logicalId = model.secrets.get(secretId);
    try {
      authorizeFor(fn)({
        client: 'SecretsManagerClient',
        command: 'GetSecretValueCommand',
        input: { SecretId: secretId },
      });
    } catch (error) {
      return {
        status: 400,
        body: JSON.stringify({ __type: 'AccessDeniedException', message: (error as Error).message }),
      };
    }
    if (!logicalId) return { status: 400, body: JSON.stringify({ __type: 'ResourceNotFoundException' }) };
    return { status: 200, body: JSON.stringify({ ARN: secretId, SecretString: secretValue(logicalId) }) };
  });

  const scopeOf = (fn: TwinFunction) => {
    let scope = scopes.get(fn.logicalId);
    if (!scope) {
      const token = randomUUID();
      tokens.set(token, fn);
      const deployed = Object.fromEntries(
        Object.entries(fn.env).map(([name, value]) => [name, value.split(model.edgeOrigin).join(options.appUrl)]),
      );
      const env: NodeJS.ProcessEnv = { ...deployed };
      for (const name of options.liveSettings ?? []) {
        if (!(name in deployed)) continue;
        const value = deployed[name];
        live(env, name, () => process.env[name] ?? value);
      }
      Object.assign(env, options.overlay, {
        AWS_SESSION_TOKEN: token,
        PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(extension.port),
      });
      for (const [name, fallback] of Object.entries(options.ports ?? {}))
        live(env, name, () => process.env[name] ?? fallback);
      scope = {
        name: fn.logicalId,
        env,
        statements: fn.statements,
        deployed,
        authorize: authorizeFor(fn),
      };
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
  const authorize: InitializeMiddleware<Record<string, unknown>, object> =
    (next, context) => async (args: InitializeHandlerArguments<Record<string, unknown>>) => {
      currentFunction()?.authorize?.({
        client: String(context.clientName),
        command: String(context.commandName),
        input: args.input,
      });
      return next(args);
    };

  const originHeaders = (behavior: EdgeBehavior): Record<string, string> =>
    Object.fromEntries(
      Object.entries(behavior.originHeaders).map(([name, source]) => [
        name,
        'value' in source ? source.value : secretValue(model.secrets.get(source.secretArn) ?? ''),
      ]),
    );

  return {
    model,
    scopeFor(description) {
      const fn = byDescription.get(description);
      if (!fn) throw new Error(`The template has no function described "${description}": synthesize it again`);
      return scopeOf(fn);
    },
    originHeaders,
    apiOriginHeaders() {
      const api = model.edge.behaviors.find((behavior) => behavior.origin === 'api');
      return api ? originHeaders(api) : {};
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
