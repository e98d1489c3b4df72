// Web push to the agent's devices: the VAPID key pair (config.ts reads it once per container: the local runtime's
// from DATA_DIR, in AWS the push secret), each payload encrypted for its subscription (RFC 8291, aes128gcm) and signed
// (RFC 8292, VAPID) by `web-push`. web-push builds the request (generateRequestDetails, as its sendNotification does);
// fetch delivers it, so a push service on this machine (http://127.0.0.1 in the local runtime) gets exactly what a
// browser vendor's would. A push service's 404 or 410 means the subscription is gone: it is deleted, as is one whose
// endpoint is at no known push service (kept before that rule), without a request; a push taken marks the device
// used. Any other failure is logged and never reaches the caller: a notification is a courtesy on top of what the
// product already did.
import { isPushEndpoint } from '@shared/push';
import { config, vapidKeys, type VapidKeys } from '../config';
import {
  deletePushSubscription,
  listPushSubscriptions,
  markPushSubscriptionUsed,
  type PushSubscriptionItem,
} from '../data/push-subscriptions';
import type { PushNotification } from '../domain/push-notifications';
import { createLogger } from '../observability/logger';

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long one push service may take to answer before the notification counts as failed. */
const PUSH_TIMEOUT_MS = 5000;

export class PushNotSetUpError extends Error {
  override name = 'PushNotSetUpError';
  constructor() {
    super('No VAPID key pair is set up (the push secret is empty)');
  }
}

/** The public key browsers subscribe with (base64url); PushNotSetUpError until an operator has put a pair. */
export async function pushPublicKey(): Promise<string> {
  const keys = await vapidKeys();
  if (!keys) throw new PushNotSetUpError();
  return keys.publicKey;
}

/** The contact the VAPID JWT names: the secret's `subject`, else our sender address. */
function subjectOf(keys: VapidKeys): string {
  if (keys.subject) return keys.subject;
  const from = config().mailFrom;
  return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`;
}

/** Sends one notification to one subscription; throws nothing. */
export async function pushTo(
  subscription: Pick<PushSubscriptionItem, 'endpoint' | 'p256dh' | 'auth'>,
  { message, options }: PushNotification,
): Promise<PushOutcome> {
  const log = createLogger({ component: 'push' });
  try {
    const keys = await vapidKeys();
    if (!keys) throw new PushNotSetUpError();
    // Loaded at the first push, not with the function: most runs of the functions that may push never do.
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        contentEncoding: 'aes128gcm',
        vapidDetails: { subject: subjectOf(keys), publicKey: keys.publicKey, privateKey: keys.privateKey },
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return 'sent';
    if (response.status === 404 || response.status === 410) return 'gone';
    log.warn('push service refused the notification', { status: response.status, host: hostOf(subscription) });
    return 'failed';
  } catch (error) {
    log.warn('push notification not sent', { error, host: hostOf(subscription) });
    return 'failed';
  }
}

/**
 * Sends the notification to each of the agent's devices, deleting the subscriptions the push service says are gone
 * and noting when each of the others took it. Answers how many push services took it; never throws.
 */
export async function pushToAgent(agentId: string, notification: PushNotification): Promise<number> {
  let subscriptions: PushSubscriptionItem[];
  try {
    subscriptions = await listPushSubscriptions(agentId);
  } catch (error) {
    createLogger({ component: 'push' }).warn('push subscriptions not read', { error });
    return 0;
  }
  const { localRuntime } = config();
  const outcomes = await Promise.all(
    subscriptions.map(async (subscription) => {
      const outcome = isPushEndpoint(subscription.endpoint, localRuntime)
        ? await pushTo(subscription, notification)
        : 'gone';
      if (outcome === 'gone')
        await deletePushSubscription(agentId, subscription.id).catch((error: unknown) =>
          createLogger({ component: 'push' }).warn('gone push subscription not deleted', { error }),
        );
      if (outcome === 'sent')
        await markPushSubscriptionUsed(agentId, subscription.id, new Date()).catch((error: unknown) =>
          createLogger({ component: 'push' }).warn('push subscription not marked used', { error }),
        );
      return outcome;
    }),
  );
  return outcomes.filter((outcome) => outcome === 'sent').length;
}

/** The push service's host only: the endpoint's path identifies the device. */
function hostOf(subscription: { endpoint: string }): string {
  try {
    return new URL(subscription.endpoint).host;
  } catch {
    return 'invalid';
  }
}
