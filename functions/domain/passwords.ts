// Password hashing with scrypt (OWASP: N=2^17, r=8, p=1), stored with its parameters so the cost
// can rise later without breaking older hashes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const maxmem = (N: number, r: number) => 256 * N * r + 1024 * 1024;

/** `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost;
  const r = 8;
  const p = 1;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', cost, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, rText, pText, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const N = 2 ** Number(costText);
  const r = Number(rText);
  const p = Number(pText);
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), { N, r, p, maxmem: maxmem(N, r) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so a login for an unknown user is not faster than one with a wrong password.
 */
export async function verifyAgainstDummy(password: string, cost: number): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password', cost);
  await verifyPassword(password, await dummyHash);
  return false;
}
