// Registers the service worker (/sw.js, web/src/sw/sw.ts) once the page has loaded, with
// workbox-window loaded on its own then, so neither adds to what the first screen waits for. When a
// new version has installed and waits, `onWaiting` hears of it; `activateWaiting` asks it to take
// over and reloads the page once it controls it.
import type { Workbox } from 'workbox-window';

export const SERVICE_WORKER_URL = '/sw.js';

let workbox: Promise<Workbox | undefined> | undefined;

function whenLoaded(): Promise<void> {
  return document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((done) => window.addEventListener('load', () => done(), { once: true }));
}

/** Starts the registration (once per page); resolves to undefined where the browser has no service workers. */
export function registerServiceWorker(): Promise<Workbox | undefined> {
  workbox ??=
    typeof navigator === 'undefined' || !('serviceWorker' in navigator)
      ? Promise.resolve(undefined)
      : whenLoaded()
          .then(() => import('workbox-window'))
          .then(async ({ Workbox }) => {
            const wb = new Workbox(SERVICE_WORKER_URL);
            await wb.register();
            return wb;
          })
          .catch(() => undefined);
  return workbox;
}

/** Calls `listener` when a new version waits (now, if one already does); returns the unsubscribe. */
export function onWaiting(listener: () => void): () => void {
  let unsubscribe = () => {};
  let stopped = false;
  void registerServiceWorker().then((wb) => {
    if (!wb || stopped) return;
    wb.addEventListener('waiting', listener);
    unsubscribe = () => wb.removeEventListener('waiting', listener);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** Lets the waiting version take over, then reloads the page under it. */
export async function activateWaiting(): Promise<void> {
  const wb = await registerServiceWorker();
  if (!wb) return window.location.reload();
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
