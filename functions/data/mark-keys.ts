// Which keys opt-out marks and reply addresses are checked with (functions/domain/mark-keys.ts): every root of the
// signing secret (`{"keys":["<new>","<old>"]}`), the current one first, then the keys of roots replaced earlier that
// `npm run optouts:rehash` carried into the table under a root still held. Read once per keyring (a cold start, or a
// configuration reset); the keys that write a new mark are the current root's alone.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { signingKeys } from '../config';
import {
  distinctMarkKeys,
  markKeysOf,
  sealMarkKeys,
  unsealMarkKeys,
  unsubscribeKeys,
  type MarkKeys,
  type UnsubscribeKey,
} from '../domain/mark-keys';
import type { Keyring } from '../domain/signing-keys';
import { db, table } from './db';
import { carriedMarkKeysKey } from './keys/messages';

const loaded = new WeakMap<Keyring, Promise<MarkKeys[]>>();

/** The current root's keys: what a new mark or reply address is made with. */
export async function currentMarkKeys(): Promise<MarkKeys> {
  return markKeysOf(unsubscribeKeys(await signingKeys())[0]!);
}

/** Every key a mark or reply address may have been made with, the current root's first. */
export async function markKeys(): Promise<MarkKeys[]> {
  const ring = await signingKeys();
  let keys = loaded.get(ring);
  if (!keys) {
    keys = allMarkKeys(ring).catch((error: unknown) => {
      loaded.delete(ring);
      throw error;
    });
    loaded.set(ring, keys);
  }
  return keys;
}

async function allMarkKeys(ring: Keyring): Promise<MarkKeys[]> {
  const roots = unsubscribeKeys(ring);
  const carried: MarkKeys[] = [];
  for (const root of roots) carried.push(...(await carriedUnder(root)));
  return distinctMarkKeys([...roots.map(markKeysOf), ...carried]);
}

async function carriedUnder(root: UnsubscribeKey): Promise<MarkKeys[]> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: carriedMarkKeysKey(root.kid) }));
  const sealed = out.Item?.sealed;
  return typeof sealed === 'string' ? (unsealMarkKeys(root, sealed) ?? []) : [];
}

/**
 * Carries the keys of every older root (those still in the secret, and those carried under them) to the current root,
 * so marks and reply addresses made under them are still recognised once the older roots leave the secret. Safe to run
 * again: it writes the same set.
 */
export async function carryMarkKeys(now = new Date()): Promise<{ carried: string[] }> {
  const ring = await signingKeys();
  const [current] = unsubscribeKeys(ring);
  const older = (await allMarkKeys(ring)).filter(({ kid }) => kid !== current!.kid);
  loaded.delete(ring);
  if (older.length === 0) return { carried: [] };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...carriedMarkKeysKey(current!.kid),
        type: 'carried-mark-keys',
        // The key ids are public (every token names its root's); the keys are sealed.
        kids: older.map(({ kid }) => kid),
        sealed: sealMarkKeys(current!, older),
        updatedAt: now.toISOString(),
      },
    }),
  );
  return { carried: older.map(({ kid }) => kid) };
}
