// The service worker's push notifications: a placeholder until they are written (push, notificationclick).
import type { ServiceWorkerScope } from './sw-scope';

export function registerPushHandlers(sw: ServiceWorkerScope): void {
  void sw;
}
