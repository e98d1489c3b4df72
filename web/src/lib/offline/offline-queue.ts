// Which requests work offline, and the queue of writes taken offline: a read on the list keeps its last answer per
// account; a write on the list that cannot reach the server waits in the browser, and is sent again (first taken,
// first sent, each with its own Idempotency-Key so the server does it once) when the network returns.
import { resetOfflineState, setWaiting } from './offline-state';
import {
  countQueued,
  currentAccount,
  enqueueAction,
  forgetAccount,
  markSignedOut,
  queuedActions,
  removeAction,
  type QueuedAction,
} from './offline-store';

export const USER_URL = '/api/user';

/**
 * Today (the outgoing queue and the next best touches), the reminders, the pages of the client list the agent opened
 * (the way to a client), a client and everything read under it, and the signed-in user.
 */
const KEPT_READS = [
  /^\/api\/user$/,
  /^\/api\/outgoing$/,
  /^\/api\/today\/next-best(\?.*)?$/,
  /^\/api\/reminders(\?.*)?$/,
  /^\/api\/clients(\?.*)?$/,
  /^\/api\/clients\/[^/?]+(\/[^?]*)?(\?.*)?$/,
];

/** Log a touch (a check-in done is one), approve or skip an automatic message. */
const QUEUED_WRITES = [/^\/api\/clients\/[^/?]+\/touches$/, /^\/api\/outgoing\/[^/?]+\/(approve|skip)$/];

export const isKeptRead = (url: string): boolean => KEPT_READS.some((pattern) => pattern.test(url));

export const isQueuedWrite = (method: string, url: string): boolean =>
  method === 'POST' && QUEUED_WRITES.some((pattern) => pattern.test(url));

/** How a queued action's sending went: done, refused for good (the reason), or not now (kept, tried again later). */
export type ReplayOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'later' };
export type ReplayReport = { sent: number; refused: string[] };

/** Brings the "Waiting to send" count up to date with the current account's queue. */
export async function refreshWaiting(): Promise<void> {
  const accountId = currentAccount();
  setWaiting(accountId ? await countQueued(accountId) : 0);
}

/** Keeps the action for the current account; false when there is none or the browser would not store it. */
export async function queueAction(action: QueuedAction): Promise<boolean> {
  const accountId = currentAccount();
  if (!accountId) return false;
  const kept = await enqueueAction(accountId, action);
  await refreshWaiting();
  return kept;
}

let running: Promise<ReplayReport> | null = null;

/**
 * Sends the current account's waiting actions in the order they were taken, one at a time, through `send`. An action
 * sent or refused for good leaves the queue; the first one that cannot be sent now stops the round (the ones after it
 * wait behind it). One round at a time: a call during a round gets that round's report.
 */
export function replayQueue(send: (action: QueuedAction) => Promise<ReplayOutcome>): Promise<ReplayReport> {
  running ??= (async () => {
    const report: ReplayReport = { sent: 0, refused: [] };
    const accountId = currentAccount();
    if (!accountId) return report;
    try {
      for (const { key, action } of await queuedActions(accountId)) {
        const outcome = await send(action);
        if (outcome.kind === 'later') break;
        await removeAction(key);
        if (outcome.kind === 'sent') report.sent += 1;
        else report.refused.push(outcome.message);
      }
    } finally {
      await refreshWaiting();
    }
    return report;
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Sign-out, or a session the server ended: the device is marked signed out first (no copy is given from then on), then
 * every answer kept and every action waiting for the account is deleted from this browser.
 */
export async function forgetSignedInAccount(): Promise<void> {
  await markSignedOut();
  const accountId = currentAccount();
  if (accountId) await forgetAccount(accountId);
  resetOfflineState();
}
