// The message the page sends the service worker (workbox-window's messageSkipWaiting() posts it).
export const SKIP_WAITING = 'SKIP_WAITING';
