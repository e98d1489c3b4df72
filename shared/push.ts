// Web push: the agent's switches for each kind of notification, and the subscription a browser hands over
// (POST /api/push/subscriptions), validated the same way by the API and the Settings card.
import * as yup from 'yup';

export type PushPrefs = {
  /** The morning digest, at the agent's digest hour. */
  digest: boolean;
  /** A client wrote back. */
  replies: boolean;
  /** Automatic messages are waiting for the agent's approval. */
  approvals: boolean;
};

export const PUSH_KINDS = ['digest', 'replies', 'approvals'] as const satisfies readonly (keyof PushPrefs)[];
export const DEFAULT_PUSH_PREFS: PushPrefs = { digest: true, replies: true, approvals: true };

/** Stored switches with the defaults filled in; anything unreadable is on. */
export function withDefaultPushPrefs(stored: Partial<Record<keyof PushPrefs, unknown>> | null | undefined): PushPrefs {
  const pick = (kind: keyof PushPrefs) =>
    typeof stored?.[kind] === 'boolean' ? (stored[kind] as boolean) : DEFAULT_PUSH_PREFS[kind];
  return { digest: pick('digest'), replies: pick('replies'), approvals: pick('approvals') };
}

/** Devices (browsers) one agent may have subscribed at once. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Push services' endpoint URLs are a few hundred characters; anything far longer is not one. */
export const PUSH_ENDPOINT_MAX = 1024;

export const PUSH_MESSAGES = {
  endpoint: 'The push endpoint must be an https URL',
  endpointTooLong: `The push endpoint is at most ${PUSH_ENDPOINT_MAX} characters`,
  endpointLocal: 'The push endpoint must be an https URL (or http://localhost or http://127.0.0.1 on this machine)',
  p256dh: "keys.p256dh must be the browser's public key: 65 bytes (an uncompressed P-256 point), in base64url",
  auth: 'keys.auth must be the 16-byte authentication secret, in base64url',
  tooMany: `You have notifications on for ${MAX_PUSH_SUBSCRIPTIONS} devices already: turn them off on one first`,
  notFound: 'No such notification subscription',
  notSetUp: 'Notifications are not set up on this server yet.',
} as const;

/** The bytes of a base64url string (no padding), or null when it is not one. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** An uncompressed P-256 point: 0x04, then x and y of 32 bytes each. */
export const isUncompressedP256 = (value: string): boolean => {
  const bytes = base64UrlBytes(value);
  return bytes !== null && bytes.length === 65 && bytes[0] === 4;
};

export const isAuthSecret = (value: string): boolean => base64UrlBytes(value)?.length === 16;

/**
 * Where a push may go: https to a named host (push services have names: never an IP address or localhost, which could
 * aim our requests at the machine itself), or on the local runtime a push service on this machine (a test's, a
 * developer's). Never userinfo in the URL.
 */
export function isPushEndpoint(value: string, localRuntime: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const named = !/^(localhost|\[.*\]|[\d.]+)$/i.test(url.hostname) && !url.hostname.endsWith('.localhost');
  if (url.protocol === 'https:') return named;
  return localRuntime && url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives (expirationTime and the rest are ignored). */
export const pushSubscriptionSchema = yup.object({
  endpoint: yup
    .string()
    .strict()
    .required('endpoint is required')
    .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointTooLong),
  keys: yup
    .object({
      p256dh: yup
        .string()
        .strict()
        .required('keys.p256dh is required')
        .test('p256dh', PUSH_MESSAGES.p256dh, (v) => (v === undefined ? true : isUncompressedP256(v))),
      auth: yup
        .string()
        .strict()
        .required('keys.auth is required')
        .test('auth', PUSH_MESSAGES.auth, (v) => (v === undefined ? true : isAuthSecret(v))),
    })
    .required('keys is required'),
});
export type PushSubscriptionInput = yup.InferType<typeof pushSubscriptionSchema>;

/** The `push` part of PATCH /api/user/preferences: any of the three switches. */
export const pushPrefsSchema = yup
  .object({
    digest: yup.boolean().strict(),
    replies: yup.boolean().strict(),
    approvals: yup.boolean().strict(),
  })
  .noUnknown('push takes digest, replies and approvals only')
  .default(undefined);
