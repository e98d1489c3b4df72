// What outlives an erasure to honour an opt-out: a keyed hash (HMAC-SHA256) of the normalised address or number,
// never the address itself. The key is derived (HKDF) from the unsubscribe purpose key, which every function that
// sends to clients already holds, so the mark is checked wherever a send is decided.
import { createHmac, hkdfSync } from 'node:crypto';
import type { MessageChannel } from '@shared/messages';
import { phoneToE164 } from './phone-numbers';

/** The HMAC key of opt-out marks, from the unsubscribe purpose key. */
export function optOutMarkKey(unsubscribeKey: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', unsubscribeKey, Buffer.alloc(0), 'hearthside:opt-out-mark', 32));
}

/** The address as one mark for it: an e-mail trimmed and lower-cased, a number in E.164; undefined when unreadable. */
export function normalisedDestination(channel: MessageChannel, value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (channel === 'sms') return phoneToE164(value);
  const email = value.trim().toLowerCase();
  return email || undefined;
}

export function optOutMark(
  key: Uint8Array,
  channel: MessageChannel,
  value: string | null | undefined,
): string | undefined {
  const normalised = normalisedDestination(channel, value);
  return normalised && createHmac('sha256', key).update(`${channel}:${normalised}`, 'utf8').digest('base64url');
}
