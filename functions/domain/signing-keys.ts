// The keys that sign bearer tokens (functions/domain/signed-tokens.ts), one per purpose, all derived
// (HKDF-SHA256) from one root secret. A function that only needs one purpose is given that purpose's
// key and never the root: the reminders worker can sign unsubscribe links, and a leak of its key
// cannot mint a session. Each derived key carries the id of its root (`kid`, in the token header),
// so after the root is replaced the old root, kept beside the new one, still verifies old links.
import { hkdfSync } from 'node:crypto';

/** What a token is for: each purpose signs with its own key. */
export type TokenPurpose = 'session' | 'reset' | 'verify-email' | 'client-upload' | 'payment-simulator' | 'unsubscribe';

export type SigningKey = { kid: string; key: Uint8Array };

export type Keyring = {
  /** The key that signs new tokens of this purpose; throws when this keyring may not sign for it. */
  signingKey(purpose: TokenPurpose): SigningKey;
  /**
   * The keys a token of this purpose verifies with: its root's derived key when it names one (`kid`), every
   * root itself for a token from before key ids.
   */
  verificationKeys(purpose: TokenPurpose, kid: string | undefined): Uint8Array[];
  /** The ids of the roots this keyring holds keys of, the signing one first (for keys used without a token header). */
  keyIds(): string[];
};

export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

/** The id of a root: public, short, and the same wherever that root is. */
export function rootKeyId(root: Uint8Array): string {
  return Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'hearthside:key-id', 9)).toString('base64url');
}

/** The key of one purpose under a root. */
export function derivePurposeKey(root: Uint8Array, purpose: TokenPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', root, Buffer.alloc(0), `hearthside:sign:${purpose}`, 32));
}

/**
 * All purposes, from the roots: the first signs, every one verifies (a replaced root stays listed until the tokens
 * it signed have expired).
 */
export function rootKeyring(roots: readonly Uint8Array[]): Keyring {
  if (roots.length === 0) throw new SigningKeyError('A keyring needs at least one root');
  const ids = roots.map(rootKeyId);
  const derived = new Map<string, Uint8Array>();
  const keyOf = (index: number, purpose: TokenPurpose) => {
    const cacheKey = `${index}:${purpose}`;
    let key = derived.get(cacheKey);
    if (!key) {
      key = derivePurposeKey(roots[index]!, purpose);
      derived.set(cacheKey, key);
    }
    return key;
  };
  return {
    signingKey: (purpose) => ({ kid: ids[0]!, key: keyOf(0, purpose) }),
    verificationKeys: (purpose, kid) => {
      if (kid === undefined) return [...roots];
      const index = ids.indexOf(kid);
      return index === -1 ? [] : [keyOf(index, purpose)];
    },
    keyIds: () => [...ids],
  };
}

/** One purpose's keys only, without their roots: what a function that signs for that purpose alone is given. */
export function purposeKeyring(purpose: TokenPurpose, keys: readonly SigningKey[]): Keyring {
  if (keys.length === 0) throw new SigningKeyError(`No ${purpose} key`);
  return {
    signingKey: (asked) => {
      if (asked !== purpose) throw new SigningKeyError(`This function holds the ${purpose} key only, not ${asked}'s`);
      return keys[0]!;
    },
    verificationKeys: (asked, kid) =>
      asked === purpose && kid !== undefined ? keys.filter((k) => k.kid === kid).map((k) => k.key) : [],
    keyIds: () => keys.map((k) => k.kid),
  };
}

/**
 * A root secret as stored: one string, or `{"keys":["<new>","<old>",…]}` while a replaced root still verifies.
 */
export function parseRootSecret(value: string): Uint8Array[] {
  const trimmed = value.trim();
  const texts = trimmed.startsWith('{') ? keysOf(trimmed) : [trimmed];
  if (texts.length === 0 || texts.some((text) => text.length < 32))
    throw new SigningKeyError('Each signing root must be at least 32 characters');
  return texts.map((text) => new TextEncoder().encode(text));
}

function keysOf(json: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new SigningKeyError('The signing root is neither a key nor {"keys":[…]}');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string'))
    throw new SigningKeyError('The signing root is neither a key nor {"keys":[…]}');
  return keys.map((k: string) => k.trim());
}

/** A purpose key as its secret holds it: `{"kid":"…","key":"<base64url>"}`, or a list of them (newest first). */
export function parsePurposeKeySecret(value: string): SigningKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new SigningKeyError('A purpose key secret must be JSON {"kid":"…","key":"…"}');
  }
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  return entries.map((entry: unknown) => {
    const { kid, key } = (entry ?? {}) as { kid?: unknown; key?: unknown };
    if (typeof kid !== 'string' || typeof key !== 'string' || Buffer.from(key, 'base64url').length !== 32)
      throw new SigningKeyError('A purpose key secret must be JSON {"kid":"…","key":"<32 bytes, base64url>"}');
    return { kid, key: new Uint8Array(Buffer.from(key, 'base64url')) };
  });
}

const purposeKeyEntry = (root: Uint8Array, purpose: TokenPurpose) => ({
  kid: rootKeyId(root),
  key: Buffer.from(derivePurposeKey(root, purpose)).toString('base64url'),
});

/** What a purpose key secret holds for `purpose` under `root`. */
export function purposeKeySecretValue(root: Uint8Array, purpose: TokenPurpose): string {
  return JSON.stringify(purposeKeyEntry(root, purpose));
}

/**
 * What the deploy step writes for `purpose` under the roots of the session secret: one root's key as
 * purposeKeySecretValue, every root's (the new one first) while a replaced root is kept beside it, so a function
 * holding the purpose key alone still recognises what the old root's key made (opt-out marks, reply addresses).
 */
export function purposeKeysSecretValue(roots: readonly Uint8Array[], purpose: TokenPurpose): string {
  const entries = roots.map((root) => purposeKeyEntry(root, purpose));
  return JSON.stringify(entries.length === 1 ? entries[0] : entries);
}
