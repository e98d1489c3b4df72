// The message the page sends the service worker: workbox-window's messageSkipWaiting() posts `{ type: 'SKIP_WAITING' }`.
export const SKIP_WAITING = 'SKIP_WAITING';
