// False while React renders a page at build time (scripts/build.mjs prerenders the public pages)
// and during the client's first render that hydrates that markup; true from the render that
// follows, and at once where nothing was prerendered. What depends on the browser (the URL's
// query and fragment, localStorage) waits for it, so the first client render matches the HTML.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
