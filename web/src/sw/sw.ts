// The service worker (/sw.js, bundled by scripts/build.mjs with the list of built files put in
// `self.__WB_MANIFEST`): Workbox precaches the app's pages and hashed bundles, so a visit after the
// first paints from the cache; a page navigation gets the prerendered page the edge would pick
// (shared/prerendered-pages.ts), else the signed-in frame. Nothing under /api/ is routed here: its
// answers belong to one session and go to the network untouched. A new version installs beside the
// old one and waits until the page asks it to take over (the "new version" prompt posts SKIP_WAITING).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { htmlFileFor, isFilePath } from '@shared/prerendered-pages';
import { registerPushHandlers } from './push-handlers';
import { SKIP_WAITING } from './sw-scope';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/**
 * Paths the origin answers with something other than the app's pages: the API, the tracked review links, and the
 * local runtime's own pages (its payment simulator and stand-in Google sign-in under /local/).
 */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/r\//, /^\/local\//];

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A navigation to a file (/icons/icon-192.png opened in a tab) is not a page: it goes to the network.
registerRoute(
  new NavigationRoute(
    async ({ url, request }) =>
      (isFilePath(url.pathname) ? undefined : await matchPrecache(`/${htmlFileFor(url.pathname)}`)) ??
      (await fetch(request)),
    { denylist: NOT_PAGES },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

registerPushHandlers(self);
