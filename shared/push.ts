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
/** Test notifications (POST /api/push/test) one agent may send in an hour. */
export const PUSH_TESTS_PER_HOUR = 5;
/** Push services' endpoint URLs are a few hundred characters; anything far longer is not one. */
export const PUSH_ENDPOINT_MAX = 1024;

export const PUSH_MESSAGES = {
  endpoint: 'The push endpoint must be an https URL of a known push service (FCM, Mozilla, Apple or Windows)',
  endpointTooLong: `The push endpoint is at most ${PUSH_ENDPOINT_MAX} characters`,
  endpointLocal:
    'The push endpoint must be an https URL of a known push service (or http://localhost or http://127.0.0.1 on this machine)',
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

/** The push services browsers subscribe with: the exact hosts, and the domains whose subdomains are push hosts. */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'] as const;
const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

const isPushServiceHost = (hostname: string): boolean =>
  (PUSH_SERVICE_HOSTS as readonly string[]).includes(hostname) ||
  PUSH_SERVICE_DOMAINS.some((domain) => hostname.endsWith(`.${domain}`));

/**
 * Where a push may go: https on port 443 to a known push service (FCM for Chrome, Edge on Android and the other
 * Chromium browsers, Mozilla for Firefox, Apple for Safari, WNS for Edge on Windows), so a subscription cannot aim our
 * requests anywhere else; on the local runtime also http to a push service on this machine (a test's, a developer's).
 * Never userinfo in the URL.
 */
export function isPushEndpoint(value: string, localRuntime: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // The URL parser lower-cases the host and drops the default port (":443" of https reads as "").
  if (url.protocol === 'https:') return url.port === '' && isPushServiceHost(url.hostname);
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
