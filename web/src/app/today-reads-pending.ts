// Which of Today's first reads (started by the entry: first-reads.ts) still wait for an answer or the device's copy:
// Today's page reads it while it waits, and first-reads.ts writes it.
import { useSyncExternalStore } from 'react';

/** Today's first reads the entry started that have neither an answer nor the device's copy yet. */
const unanswered = new Set<string>();
const listeners = new Set<() => void>();

/** A read of Today's first screen has started. */
export function readPending(key: string): void {
  unanswered.add(key);
}

/** The read has its answer (or its copy, or failed): Today stops waiting for it. */
export function readAnswered(key: string): void {
  if (!unanswered.delete(key)) return;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether Today's first reads the entry started still wait for an answer (or a copy): until then Today keeps its cards'
 * place rather than showing each card loading and moving the ones below as answers come in.
 */
export function useTodayReadsPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unanswered.size > 0,
    () => false,
  );
}
