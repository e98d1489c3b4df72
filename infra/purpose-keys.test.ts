// The deploy step that derives the purpose keys runs in AWS only; here its own source runs against a
// Secrets Manager stand-in and a local server playing CloudFormation's response URL, and what it
// writes must be what functions/domain/signing-keys.ts derives.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  parsePurposeKeySecret,
  purposeKeySecretValue,
  purposeKeysSecretValue,
  rootKeyId,
} from '../functions/domain/signing-keys';
import { purposeKeyHandlerSource } from './constructs/purpose-keys';

type Sent = { name: string; input: Record<string, string> };

function loadHandler(secrets: Record<string, string>) {
  const sent: Sent[] = [];
  const command = (name: string) =>
    class {
      constructor(readonly input: Record<string, string>) {}
      readonly name = name;
    };
  const sdk = {
    SecretsManagerClient: class {
      send(cmd: Sent) {
        sent.push({ name: cmd.name, input: cmd.input });
        if (cmd.name === 'GetSecretValue') {
          const value = secrets[cmd.input.SecretId!];
          if (value === undefined) return Promise.reject(new Error('ResourceNotFoundException'));
          return Promise.resolve({ SecretString: value });
        }
        secrets[cmd.input.SecretId!] = cmd.input.SecretString!;
        return Promise.resolve({});
      }
    },
    GetSecretValueCommand: command('GetSecretValue'),
    PutSecretValueCommand: command('PutSecretValue'),
  };
  const module = { exports: {} as Record<string, (...args: any[]) => any> };
  const require = (id: string) => (id === '@aws-sdk/client-secrets-manager' ? sdk : jest.requireActual(id));
  new Function('require', 'module', 'exports', purposeKeyHandlerSource)(require, module, module.exports);
  return { exports: module.exports, sent };
}

async function cloudFormation() {
  const responses: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      responses.push({ method: req.method, ...(JSON.parse(body) as Record<string, unknown>) });
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/response`;
  return { url, responses, close: () => new Promise<void>((done) => server.close(() => done())) };
}

const root = 'a-generated-session-secret-of-sixty-four-characters-0123456789ab';
const event = (url: string, type: 'Create' | 'Update' | 'Delete') => ({
  RequestType: type,
  ResponseURL: url,
  StackId: 'stack',
  RequestId: 'request',
  LogicalResourceId: 'PurposeKeysDeriveUnsubscribeKey',
  ResourceProperties: { RootSecretArn: 'root-arn', TargetSecretArn: 'key-arn', Purpose: 'unsubscribe' },
});

describe('the purpose keys deploy step', () => {
  it('derives exactly what the functions derive, for a plain root and for a rotated {"keys": […]} root', () => {
    // Prepare
    const { exports } = loadHandler({});
    const older = 'the-older-root-still-verifying-old-links-123';
    const rotated = JSON.stringify({ keys: [root, older] });
    // Act + Assess
    expect(exports.derive!(root, 'unsubscribe')).toBe(purposeKeySecretValue(Buffer.from(root), 'unsubscribe'));
    expect(exports.derive!(rotated, 'unsubscribe')).toBe(
      purposeKeysSecretValue([Buffer.from(root), Buffer.from(older)], 'unsubscribe'),
    );
  });

  it('keeps the replaced root’s key after the new one, so the jobs still recognise the marks the old root made', () => {
    // Prepare
    const { exports } = loadHandler({});
    const older = 'the-older-root-still-verifying-old-links-123';
    // Act
    const keys = parsePurposeKeySecret(exports.derive!(JSON.stringify({ keys: [root, older] }), 'unsubscribe'));
    // Assess: the new root signs (first), the old one is there to verify.
    expect(keys.map((k) => k.kid)).toEqual([rootKeyId(Buffer.from(root)), rootKeyId(Buffer.from(older))]);
  });

  it('puts the derived key into the purpose secret on create and answers SUCCESS; on delete touches nothing', async () => {
    // Prepare
    const secrets: Record<string, string> = { 'root-arn': root };
    const { exports, sent } = loadHandler(secrets);
    const cfn = await cloudFormation();
    try {
      // Act
      await exports.handler!(event(cfn.url, 'Create'));
      await exports.handler!(event(cfn.url, 'Delete'));
      // Assess
      expect(parsePurposeKeySecret(secrets['key-arn']!)[0]!.kid).toBe(rootKeyId(Buffer.from(root)));
      expect(sent.map((s) => s.name)).toEqual(['GetSecretValue', 'PutSecretValue']);
      expect(cfn.responses).toEqual([
        expect.objectContaining({
          method: 'PUT',
          Status: 'SUCCESS',
          PhysicalResourceId: 'PurposeKeysDeriveUnsubscribeKey',
        }),
        expect.objectContaining({ method: 'PUT', Status: 'SUCCESS' }),
      ]);
    } finally {
      await cfn.close();
    }
  });

  it('answers FAILED with the reason when the root cannot be read, so the deploy stops', async () => {
    // Prepare
    const { exports } = loadHandler({});
    const cfn = await cloudFormation();
    try {
      // Act
      await exports.handler!(event(cfn.url, 'Update'));
      // Assess
      expect(cfn.responses).toEqual([
        expect.objectContaining({ Status: 'FAILED', Reason: 'ResourceNotFoundException' }),
      ]);
    } finally {
      await cfn.close();
    }
  });
});
