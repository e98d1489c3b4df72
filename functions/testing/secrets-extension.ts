// A stand-in for the AWS Parameters and Secrets Lambda extension, which only runs inside Lambda:
// an HTTP server on a free localhost port answering GET /secretsmanager/get the way the extension
// does (GetSecretValue's JSON, 400 without the session-token header), or failing on request.
// It sets PARAMETERS_SECRETS_EXTENSION_HTTP_PORT and AWS_SESSION_TOKEN while it runs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SESSION_TOKEN = 'fake-lambda-session-token';

export type FakeSecretsExtension = {
  /** Every secretId asked for, in order. */
  requests: string[];
  /** Answer the next requests with this status instead of the secret (undefined: back to normal). */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
};

export async function startFakeSecretsExtension(secrets: Record<string, string>): Promise<FakeSecretsExtension> {
  const requests: string[] = [];
  let failure: number | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const secretId = url.searchParams.get('secretId') ?? '';
    requests.push(secretId);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.headers['x-aws-parameters-secrets-token'] !== FAKE_SESSION_TOKEN)
      return send(400, 'missing or wrong X-Aws-Parameters-Secrets-Token');
    if (url.pathname !== '/secretsmanager/get') return send(404, 'not found');
    if (failure) return send(failure, 'failure requested by the test');
    if (!(secretId in secrets))
      return send(400, {
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      });
    return send(200, {
      ARN: secretId,
      Name: secretId.split(':').at(-1),
      SecretString: secrets[secretId],
      VersionId: 'v1',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: new Date().toISOString(),
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const saved = { port: process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, token: process.env.AWS_SESSION_TOKEN };
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((server.address() as AddressInfo).port);
  process.env.AWS_SESSION_TOKEN = FAKE_SESSION_TOKEN;
  return {
    requests,
    failWith: (status) => {
      failure = status;
    },
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      for (const [name, value] of [
        ['PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', saved.port],
        ['AWS_SESSION_TOKEN', saved.token],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
