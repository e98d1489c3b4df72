import { DecryptCommand, EncryptCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { resetTokenSealing, sealRefreshToken, unsealRefreshToken } from './token-sealing';
import { useOwnEnvironment } from '../testing/settings';
import { tampered } from '../testing/tamper';

const KEY = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';

const setEnv = useOwnEnvironment(
  {
    APP_URL: 'http://localhost:3000',
    TABLE_NAME: 'test',
    SESSION_SECRET: 'a-local-session-secret-that-is-long-enough-0123456789',
    GOOGLE_TOKEN_KEY_ARN: '',
  },
  resetTokenSealing,
);

describe('a refresh token sealed locally (no KMS key set)', () => {
  beforeEach(() => setEnv({}));

  it('reads back, never holds the token in the clear, and a tampered value reads as nothing', async () => {
    const sealed = await sealRefreshToken('agent-1', '1//refresh-token');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('refresh-token');
    expect(await unsealRefreshToken('agent-1', sealed)).toBe('1//refresh-token');
    expect(await unsealRefreshToken('agent-1', tampered(sealed))).toBeNull();
  });
});

describe('a refresh token encrypted by the KMS key (GOOGLE_TOKEN_KEY_ARN)', () => {
  const kms = mockClient(KMSClient);
  beforeEach(() => {
    kms.reset();
    setEnv({ GOOGLE_TOKEN_KEY_ARN: KEY });
  });

  it('encrypts with the key and the agent in the encryption context, and decrypts with the same context', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('ciphertext'), $metadata: {} });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('1//refresh-token'), $metadata: {} });
    const sealed = await sealRefreshToken('agent-1', '1//refresh-token');
    expect(sealed).toBe(`kms.${Buffer.from('ciphertext').toString('base64url')}`);
    const encrypt = kms.commandCalls(EncryptCommand)[0]!.args[0].input;
    expect(encrypt).toMatchObject({
      KeyId: KEY,
      EncryptionContext: { purpose: 'google-refresh-token', agentId: 'agent-1' },
    });
    expect(Buffer.from(encrypt.Plaintext!).toString()).toBe('1//refresh-token');
    expect(await unsealRefreshToken('agent-1', sealed)).toBe('1//refresh-token');
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input).toMatchObject({
      CiphertextBlob: Buffer.from('ciphertext'),
      EncryptionContext: { purpose: 'google-refresh-token', agentId: 'agent-1' },
    });
  });

  it("reads another agent's value (another encryption context) as nothing", async () => {
    kms.on(DecryptCommand).rejects(new InvalidCiphertextException({ message: 'context mismatch', $metadata: {} }));
    expect(await unsealRefreshToken('agent-2', `kms.${Buffer.from('ciphertext').toString('base64url')}`)).toBeNull();
  });

  it('reads a locally sealed value as nothing, without the session secret (the reviews sync has none)', async () => {
    setEnv({});
    const sealed = await sealRefreshToken('agent-1', '1//refresh-token');
    setEnv({ GOOGLE_TOKEN_KEY_ARN: KEY, SESSION_SECRET: '' });
    expect(await unsealRefreshToken('agent-1', sealed)).toBeNull();
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(0);
  });
});
