// Purpose keys: one root, a key per purpose, key ids for rotation, and a function given one purpose's
// key (the reminders worker) that can sign for that purpose and nothing else.
import { createHmac } from 'node:crypto';
import { ConfigError, readFromSecretsExtension, resetConfig, signingKeys } from '../config';
import { startFakeSecretsExtension } from '../testing/secrets-extension';
import { signToken, verifyToken } from './signed-tokens';
import {
  derivePurposeKey,
  parsePurposeKeySecret,
  parseRootSecret,
  purposeKeyring,
  purposeKeySecretValue,
  rootKeyId,
  rootKeyring,
} from './signing-keys';

const oldRoot = new TextEncoder().encode('the-root-before-the-rotation-0123456789');
const newRoot = new TextEncoder().encode('the-root-after-the-rotation-9876543210');
const claims = { sub: 'agent-1', jti: 'client-1' };

describe('purpose keys', () => {
  it('derives a different key for each purpose, none of them the root', () => {
    // Act
    const keys = (['session', 'reset', 'unsubscribe'] as const).map((purpose) =>
      Buffer.from(derivePurposeKey(newRoot, purpose)).toString('hex'),
    );
    // Assess
    expect(new Set([...keys, Buffer.from(newRoot).toString('hex')]).size).toBe(4);
  });

  it('signs with the first root and still verifies what an older root signed, by key id', async () => {
    // Prepare
    const before = rootKeyring([oldRoot]);
    const after = rootKeyring(parseRootSecret(JSON.stringify({ keys: [newRoot, oldRoot].map(text) })));
    const oldLink = await signToken(before, 'unsubscribe', claims, 3600);
    // Act
    const newLink = await signToken(after, 'unsubscribe', claims, 3600);
    // Assess
    expect(await verifyToken(after, 'unsubscribe', oldLink)).toMatchObject(claims);
    expect(await verifyToken(after, 'unsubscribe', newLink)).toMatchObject(claims);
    expect(await verifyToken(before, 'unsubscribe', newLink)).toBeNull();
    expect(headerOf(newLink).kid).toBe(rootKeyId(newRoot));
    expect(headerOf(oldLink).kid).toBe(rootKeyId(oldRoot));
  });

  it('verifies a token signed with the root itself before key ids existed, and nothing the purpose key signs', async () => {
    // Prepare: the header and signature tokens had before purpose keys.
    const legacy = sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, pur: 'unsubscribe', exp: inAnHour() }, oldRoot);
    // Act + Assess
    expect(await verifyToken(rootKeyring([oldRoot]), 'unsubscribe', legacy)).toMatchObject(claims);
    expect(await verifyToken(purposeKeyring('unsubscribe', [signingKeyOf(oldRoot)]), 'unsubscribe', legacy)).toBeNull();
  });

  it('lets a holder of the unsubscribe key sign unsubscribe links the root verifies, and refuses it a session', async () => {
    // Prepare
    const worker = purposeKeyring('unsubscribe', parsePurposeKeySecret(purposeKeySecretValue(newRoot, 'unsubscribe')));
    // Act
    const link = await signToken(worker, 'unsubscribe', claims, 3600);
    // Assess
    expect(await verifyToken(rootKeyring([newRoot]), 'unsubscribe', link)).toMatchObject(claims);
    await expect(signToken(worker, 'session', claims, 3600)).rejects.toThrow(/unsubscribe key only/);
    // Its key signs nothing another purpose accepts, even forged by hand under the unsubscribe key id.
    const forged = sign(
      { alg: 'HS256', typ: 'JWT', kid: rootKeyId(newRoot) },
      { ...claims, pur: 'session', exp: inAnHour() },
      derivePurposeKey(newRoot, 'unsubscribe'),
    );
    expect(await verifyToken(rootKeyring([newRoot]), 'session', forged)).toBeNull();
  });

  it('refuses a root under 32 characters and a purpose key secret that is not {kid, key}', () => {
    // Act + Assess
    expect(() => parseRootSecret('short')).toThrow(/32 characters/);
    expect(() => parseRootSecret(JSON.stringify({ keys: [text(newRoot), 'short'] }))).toThrow(/32 characters/);
    expect(() => parsePurposeKeySecret('{"kid":"a"}')).toThrow(/kid/);
    expect(() => parsePurposeKeySecret('not json')).toThrow(/JSON/);
  });
});

describe('the signing keys a function is given', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
  });

  it('signs every purpose with the root (SESSION_SECRET)', async () => {
    // Prepare
    process.env.SESSION_SECRET = text(newRoot);
    delete process.env.SESSION_SECRET_ARN;
    resetConfig();
    // Act
    const keys = await signingKeys();
    // Assess
    expect(keys.signingKey('session').kid).toBe(rootKeyId(newRoot));
  });

  it('reads the unsubscribe key from its secret when no root is given, and cannot sign a session with it', async () => {
    // Prepare
    const arn = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:UnsubscribeSigningKey-abc';
    const extension = await startFakeSecretsExtension({ [arn]: purposeKeySecretValue(newRoot, 'unsubscribe') });
    delete process.env.SESSION_SECRET;
    delete process.env.SESSION_SECRET_ARN;
    process.env.UNSUBSCRIBE_SIGNING_KEY_ARN = arn;
    resetConfig();
    try {
      // Act
      const keys = await signingKeys();
      const link = await signToken(keys, 'unsubscribe', claims, 3600);
      // Assess
      expect(await verifyToken(newRoot, 'unsubscribe', link)).toMatchObject(claims);
      expect(() => keys.signingKey('session')).toThrow(/unsubscribe key only/);
      expect(extension.requests).toEqual([arn]);
      expect(await readFromSecretsExtension(arn)).toContain(rootKeyId(newRoot));
    } finally {
      await extension.close();
    }
  });

  it('fails loudly with neither a root nor a purpose key', async () => {
    // Prepare
    delete process.env.SESSION_SECRET;
    delete process.env.SESSION_SECRET_ARN;
    delete process.env.UNSUBSCRIBE_SIGNING_KEY;
    delete process.env.UNSUBSCRIBE_SIGNING_KEY_ARN;
    resetConfig();
    // Act + Assess
    await expect(signingKeys()).rejects.toThrow(ConfigError);
  });
});

function text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function signingKeyOf(root: Uint8Array) {
  return { kid: rootKeyId(root), key: derivePurposeKey(root, 'unsubscribe') };
}

function headerOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function inAnHour(): number {
  return Math.floor(Date.now() / 1000) + 3600;
}

function sign(header: unknown, payload: unknown, key: Uint8Array): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}
