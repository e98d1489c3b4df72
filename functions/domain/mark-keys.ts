// The keys of what we keep, or hand out, only as a keyed hash and must still recognise after the signing root is
// replaced: the opt-out marks (an address or number that stopped, functions/domain/opt-out-marks.ts) and the reply
// addresses in client e-mails already sent (functions/domain/reply-address.ts). Both are derived from a root's
// unsubscribe purpose key, so each root has its own pair.
//
// A keyed hash cannot be recomputed under a new key without what it hides (the number, the address), which we no
// longer hold. So when the root is replaced, the older roots' pairs are carried instead: sealed (AES-256-GCM) under a
// key derived from the new root's unsubscribe key, kept in the table, and every lookup tries each pair, the current
// root's first. They are derived keys only: none of them signs a token.
import { optOutMarkKey } from './opt-out-marks';
import { replyAddressKey } from './reply-address';
import { purposeKey, seal, unseal } from './sealed-values';
import type { Keyring } from './signing-keys';

export type MarkKeys = { kid: string; optOut: Uint8Array; reply: Uint8Array };

/** A root's unsubscribe purpose key, named by the root's key id. */
export type UnsubscribeKey = { kid: string; key: Uint8Array };

const PURPOSE = 'unsubscribe';

/** The unsubscribe keys of the roots a keyring holds, the signing one first. */
export function unsubscribeKeys(ring: Keyring): UnsubscribeKey[] {
  return ring.keyIds().flatMap((kid) => ring.verificationKeys(PURPOSE, kid).map((key) => ({ kid, key })));
}

export function markKeysOf({ kid, key }: UnsubscribeKey): MarkKeys {
  return { kid, optOut: optOutMarkKey(key), reply: replyAddressKey(key) };
}

/** One entry per root, the first of each kept (so the current root's stays first). */
export function distinctMarkKeys(keys: readonly MarkKeys[]): MarkKeys[] {
  const seen = new Set<string>();
  return keys.filter(({ kid }) => !seen.has(kid) && seen.add(kid));
}

const sealingKey = (unsubscribe: UnsubscribeKey) => purposeKey(unsubscribe.key, 'carried-mark-keys');
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytesOf = (text: unknown) =>
  typeof text === 'string' && Buffer.from(text, 'base64url').length === 32
    ? new Uint8Array(Buffer.from(text, 'base64url'))
    : null;

/** The older roots' keys, sealed under the root whose unsubscribe key is `under`. */
export function sealMarkKeys(under: UnsubscribeKey, keys: readonly MarkKeys[]): string {
  const plain = keys.map(({ kid, optOut, reply }) => ({ kid, optOut: b64(optOut), reply: b64(reply) }));
  return seal(sealingKey(under), JSON.stringify(plain));
}

/** What sealMarkKeys sealed under `under`, or null when another key sealed it or it was altered. */
export function unsealMarkKeys(under: UnsubscribeKey, sealed: string): MarkKeys[] | null {
  const plain = unseal(sealingKey(under), sealed);
  if (plain === null) return null;
  const entries = JSON.parse(plain) as Array<Record<string, unknown>>;
  return entries.flatMap(({ kid, optOut, reply }) => {
    const keys = { optOut: bytesOf(optOut), reply: bytesOf(reply) };
    return typeof kid === 'string' && keys.optOut && keys.reply
      ? [{ kid, optOut: keys.optOut, reply: keys.reply }]
      : [];
  });
}
