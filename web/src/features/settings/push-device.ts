// This browser's side of web push: whether it can receive notifications, the service worker registration that
// receives them (web/src/sw), and turning them on (permission, subscribe with the server's key, tell the server) and
// off (unsubscribe, tell the server). The server's id of this device's subscription is kept in localStorage.
import { base64UrlBytes } from '@shared/push';
import { ApiError } from '@/lib/api-client';
import { deletePushSubscription } from './api/delete-push-subscription';
import { getPushKey } from './api/get-push-key';
import { savePushSubscription } from './api/save-push-subscription';

const STORED_ID = 'hearthside.push-subscription-id';

export type PushDeviceState =
  /** No Push API, Notification API or service workers in this browser. */
  | { kind: 'unsupported' }
  /** A capable browser, but the app's service worker is not installed here (yet). */
  | { kind: 'no-service-worker' }
  | { kind: 'ready'; registration: ServiceWorkerRegistration; subscribed: boolean; permission: NotificationPermission };

/** The server's id of this browser's subscription, when this browser subscribed (and did not turn it off since). */
export function storedPushSubscriptionId(): string | null {
  return localStorage.getItem(STORED_ID);
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export async function readPushDevice(): Promise<PushDeviceState> {
  if (!pushSupported()) return { kind: 'unsupported' };
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return { kind: 'no-service-worker' };
  const subscription = await registration.pushManager.getSubscription();
  return { kind: 'ready', registration, subscribed: subscription !== null, permission: Notification.permission };
}

export class PushPermissionError extends Error {
  override name = 'PushPermissionError';
}

/** Asks for permission, subscribes with the server's key and saves the subscription on the server. */
export async function turnOnPush(registration: ServiceWorkerRegistration): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushPermissionError(
      permission === 'denied'
        ? 'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.'
        : 'Notifications were not allowed.',
    );
  const { publicKey } = await getPushKey();
  const key = base64UrlBytes(publicKey);
  if (!key) throw new Error('The server sent an unreadable notification key.');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const { id } = await savePushSubscription(toInput(subscription));
  localStorage.setItem(STORED_ID, id);
}

/** Unsubscribes this browser and forgets the subscription on the server (already gone there is fine). */
export async function turnOffPush(registration: ServiceWorkerRegistration): Promise<void> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  // The server's id: kept when it was made, else asked again (the same endpoint answers the same id).
  const id = localStorage.getItem(STORED_ID) ?? (await savePushSubscription(toInput(subscription))).id;
  await subscription.unsubscribe();
  localStorage.removeItem(STORED_ID);
  await deletePushSubscription(id).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  });
}

function toInput(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
