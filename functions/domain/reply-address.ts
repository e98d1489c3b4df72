// The Reply-To address of a client e-mail, `r-<token>@<inbound domain>`: the token names the agent and the client,
// so a reply reaches that client's activity. It has to live in a mailbox's local part (at most 64 characters, and
// mail systems may change its case), so it is not a JWS: it is lower-case base32 of an 8-byte HMAC (over the agent
// and the client) followed by the client's id. No personal data: the ids are random. The agent is not in it: the
// reader finds the client's agent by the client's id and the HMAC proves the pair (a token moved to another agent,
// altered or made up verifies for nobody).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** `a`: the client id is 16 random bytes in base64url (every id we make); `b`: any other id, as its UTF-8 bytes. */
type Version = 'a' | 'b';

const MAC_BYTES = 8;
const MAX_ID_BYTES = 24;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const RANDOM_ID = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = /^[ab][a-z2-7]{14,52}$/;
const PREFIX = 'r-';

/** The key reply tokens are signed with, derived from a purpose key so that no other token can pass for one. */
export function replyAddressKey(purposeKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', purposeKey).update('hearthside:reply-address').digest());
}

function mac(key: Uint8Array, agentId: string, clientId: string): Buffer {
  return createHmac('sha256', key).update(`${agentId}\n${clientId}`).digest().subarray(0, MAC_BYTES);
}

function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

/** The bytes, or null when the text is not base32 that a whole number of bytes encodes to (no stray bits). */
function fromBase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return null;
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return bits >= 5 || value !== 0 ? null : Buffer.from(bytes);
}

function idBytes(clientId: string): { version: Version; bytes: Buffer } {
  if (RANDOM_ID.test(clientId)) {
    const bytes = Buffer.from(clientId, 'base64url');
    if (bytes.toString('base64url') === clientId) return { version: 'a', bytes };
  }
  const bytes = Buffer.from(clientId, 'utf8');
  if (bytes.length === 0 || bytes.length > MAX_ID_BYTES)
    throw new RangeError('A client id for a reply address must be 1 to 24 bytes');
  return { version: 'b', bytes };
}

/** The token for this agent and client (lower case, at most 53 characters). */
export function mintReplyToken(key: Uint8Array, agentId: string, clientId: string): string {
  const { version, bytes } = idBytes(clientId);
  return version + base32(Buffer.concat([mac(key, agentId, clientId), bytes]));
}

/** The client a token names, unverified (to find the client's agent), or null when it is not a token's shape. */
export function replyTokenClientId(token: string): string | null {
  const lower = token.toLowerCase();
  if (!TOKEN.test(lower)) return null;
  const bytes = fromBase32(lower.slice(1));
  if (!bytes || bytes.length <= MAC_BYTES) return null;
  const id = bytes.subarray(MAC_BYTES);
  if (lower[0] === 'a') return id.length === 16 ? id.toString('base64url') : null;
  const text = id.toString('utf8');
  return Buffer.from(text, 'utf8').equals(id) ? text : null;
}

/**
 * The client id when one of `keys` (the current one first, then those of replaced roots) signed the token for this
 * agent and that client; null when it is forged, altered or another agent's.
 */
export function verifyReplyToken(keys: readonly Uint8Array[], token: string, agentId: string): string | null {
  const clientId = replyTokenClientId(token);
  if (clientId === null) return null;
  const given = fromBase32(token.toLowerCase().slice(1))!.subarray(0, MAC_BYTES);
  return keys.some((key) => timingSafeEqual(mac(key, agentId, clientId), given)) ? clientId : null;
}

/** `r-<token>@<domain>`. */
export const replyAddress = (token: string, domain: string): string => `${PREFIX}${token}@${domain.toLowerCase()}`;

/** The token of a reply address at our inbound domain (any case), or null for any other address. */
export function replyTokenOf(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const local = address.slice(0, at).trim().toLowerCase();
  if (
    address
      .slice(at + 1)
      .trim()
      .toLowerCase() !== domain.toLowerCase() ||
    !local.startsWith(PREFIX)
  )
    return null;
  const token = local.slice(PREFIX.length);
  return TOKEN.test(token) ? token : null;
}
