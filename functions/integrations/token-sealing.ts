// The Google refresh tokens at rest: in AWS encrypted by the stack's KMS key (GOOGLE_TOKEN_KEY_ARN; the encryption
// context binds each to its agent, so a value copied to another agent's item does not decrypt), locally sealed with a
// key derived from the server's secret (functions/domain/sealed-values.ts). The prefix of a stored value says which.
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { config, sessionSecret } from '../config';
import { purposeKey, seal, unseal } from '../domain/sealed-values';
import { asStandIn, authorizeStandIn } from '../lib/function-environment';
import { traced } from '../observability/tracing';

const PURPOSE = 'google-refresh-token';
const KMS_PREFIX = 'kms.';

let kms: KMSClient | undefined;
const kmsClient = () => (kms ??= traced(new KMSClient({ region: config().region, maxAttempts: 3 })));

/** Drop the cached client (tests). */
export function resetTokenSealing(): void {
  kms = undefined;
}

const context = (agentId: string) => ({ purpose: PURPOSE, agentId });

/** The local stand-in's key, derived from the server's secret: the stand-in's own, so no function needs that secret. */
const localKey = async () => purposeKey(await asStandIn(() => sessionSecret()), PURPOSE);

/** Locally a derived key stands in for the stack's KMS key: under the twin, the deployed call is checked first. */
function kmsStandIn(command: 'EncryptCommand' | 'DecryptCommand', agentId: string): void {
  authorizeStandIn(
    (deployed) => Boolean(deployed.GOOGLE_TOKEN_KEY_ARN),
    (deployed) => ({
      client: 'KMSClient',
      command,
      input: { KeyId: deployed.GOOGLE_TOKEN_KEY_ARN, EncryptionContext: context(agentId) },
    }),
  );
}

export async function sealRefreshToken(agentId: string, token: string): Promise<string> {
  const keyId = config().googleTokenKeyArn;
  if (!keyId) {
    kmsStandIn('EncryptCommand', agentId);
    return seal(await localKey(), token);
  }
  const out = await kmsClient().send(
    new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(token, 'utf8'), EncryptionContext: context(agentId) }),
  );
  return `${KMS_PREFIX}${Buffer.from(out.CiphertextBlob!).toString('base64url')}`;
}

/** The token, or null when it cannot be read (another key, another agent's, tampered with). */
export async function unsealRefreshToken(agentId: string, sealed: string): Promise<string | null> {
  if (!sealed.startsWith(KMS_PREFIX)) {
    // Where the KMS key seals tokens, a value it did not seal is unreadable: no function there holds the session
    // secret for this (the reviews sync has none).
    if (config().googleTokenKeyArn) return null;
    kmsStandIn('DecryptCommand', agentId);
    return unseal(await localKey(), sealed);
  }
  try {
    const out = await kmsClient().send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(sealed.slice(KMS_PREFIX.length), 'base64url'),
        EncryptionContext: context(agentId),
      }),
    );
    return out.Plaintext ? Buffer.from(out.Plaintext).toString('utf8') : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'InvalidCiphertextException') return null;
    throw error;
  }
}
