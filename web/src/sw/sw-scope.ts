// What the service worker's code uses of its global scope (the project's type check uses the DOM's
// library, which has no ServiceWorkerGlobalScope), and the message the page sends it.
export type ServiceWorkerScope = {
  skipWaiting(): Promise<void>;
  registration: ServiceWorkerRegistration;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
};

/** workbox-window's messageSkipWaiting() sends `{ type: 'SKIP_WAITING' }`. */
export const SKIP_WAITING = 'SKIP_WAITING';
