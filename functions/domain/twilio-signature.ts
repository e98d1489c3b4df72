// Twilio's request signature (X-Twilio-Signature), as its documentation defines it: the full URL
// Twilio requested, followed by every POST parameter's name and value, sorted by name, signed with
// HMAC-SHA1 under the account's auth token, base64-encoded.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) {
    // A repeated parameter contributes each of its values, in sorted order.
    for (const value of params.getAll(name).sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Constant-time comparison of the header with the signature we compute. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const presented = Buffer.from(header);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
