// What the offline banner and the "Waiting to send" chip show, as a small store React subscribes to
// (useSyncExternalStore): whether the network is down, the time of the oldest answer shown from the browser's copy
// since, and how many actions wait to be sent.
export type OfflineSnapshot = {
  offline: boolean;
  /** When the oldest answer on screen was read (ISO-8601), while offline answers are shown. */
  shownFrom: string | null;
  waiting: number;
};

let snapshot: OfflineSnapshot = { offline: false, shownFrom: null, waiting: 0 };
const listeners = new Set<() => void>();

function update(next: Partial<OfflineSnapshot>): void {
  const merged = { ...snapshot, ...next };
  if (
    merged.offline === snapshot.offline &&
    merged.shownFrom === snapshot.shownFrom &&
    merged.waiting === snapshot.waiting
  )
    return;
  snapshot = merged;
  for (const listener of listeners) listener();
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const offlineSnapshot = (): OfflineSnapshot => snapshot;

/** When the server last answered: what the page shows was read then or before. */
let lastAnsweredAt: string | null = null;

/**
 * A request could not reach the server. What the page shows (a copy, or answers still in memory from before the
 * network went) is what the agent saw when the server last answered, if not earlier.
 */
export const markOffline = (): void => update({ offline: true, shownFrom: snapshot.shownFrom ?? lastAnsweredAt });

/** The server answered: what is shown is no longer the kept copy. */
export function markOnline(): void {
  lastAnsweredAt = new Date().toISOString();
  update({ offline: false, shownFrom: null });
}

/** The browser says the network is back (the reads that follow refresh what is shown). */
export const markBackOnline = (): void => update({ offline: false, shownFrom: null });

/** An answer read at `savedAt` is shown in place of one the network could not give. */
export function markShownFromCopy(savedAt: string): void {
  const oldest = snapshot.shownFrom && snapshot.shownFrom < savedAt ? snapshot.shownFrom : savedAt;
  update({ offline: true, shownFrom: oldest });
}

export const setWaiting = (waiting: number): void => update({ waiting });

/** After sign-out: nothing of the account is shown. */
export function resetOfflineState(): void {
  lastAnsweredAt = null;
  update({ offline: false, shownFrom: null, waiting: 0 });
}
