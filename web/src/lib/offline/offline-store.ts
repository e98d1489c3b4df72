// What the browser keeps for the signed-in account while it may go offline, in IndexedDB: the last answer of each read
// worth showing offline, and the writes taken offline waiting to be sent. Every entry's key starts with the account's
// id, so another account on this browser never reads them, and signing out deletes them all. Two entries belong to the
// device, not an account: the "signed out" mark (while it is set no copy is given; in IndexedDB, a service worker can
// read it too) and a logout taken offline, waiting to be sent.
import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';

/** A read's last answer and when it was read (ISO-8601). */
export type KeptAnswer = { data: unknown; savedAt: string };

/** A write taken while offline: sent later as it was, with the Idempotency-Key made when it was taken. */
export type QueuedAction = {
  idempotencyKey: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The JSON body as it is sent. */
  body: string;
  takenAt: string;
};

export type QueuedEntry = { key: string; action: QueuedAction };

const ACCOUNT_ITEM = 'hearthside.offline-account';
let store: UseStore | null | undefined;
let account: string | null | undefined;
let sequence = 0;

/** The store, opened on first use; null where the browser has no IndexedDB (nothing is kept then). */
function entries(): UseStore | null {
  if (store === undefined)
    store = typeof indexedDB === 'undefined' ? null : createStore('hearthside-offline', 'entries');
  return store;
}

/** Runs an IndexedDB step; a browser that refuses storage (private mode, quota) keeps nothing rather than failing. */
async function safely<T>(step: (store: UseStore) => Promise<T>, otherwise: T): Promise<T> {
  const opened = entries();
  if (!opened) return otherwise;
  try {
    return await step(opened);
  } catch {
    return otherwise;
  }
}

const answerKey = (accountId: string, url: string) => `${accountId}|answer|${url}`;
const actionPrefix = (accountId: string) => `${accountId}|action|`;
// The device's own entries: no '|', so no account's key is ever one of them.
const SIGNED_OUT_KEY = 'signed-out';
const PENDING_LOGOUT_KEY = 'logout-pending';

/** The device was signed out (a sign-out, a session the server ended): no copy is given until an account signs in. */
export async function markSignedOut(now = new Date()): Promise<void> {
  await safely((s) => set(SIGNED_OUT_KEY, now.toISOString(), s), undefined);
}

export async function isMarkedSignedOut(): Promise<boolean> {
  return (await safely((s) => get<string>(SIGNED_OUT_KEY, s), undefined)) !== undefined;
}

/** An account signed in (GET /api/user named it): its copies may be given again. */
export function clearSignedOutMark(): Promise<void> {
  return safely((s) => del(SIGNED_OUT_KEY, s), undefined);
}

/** A sign-out the network could not send: kept to be sent when it returns. False when the browser would not keep it. */
export function rememberPendingLogout(now = new Date()): Promise<boolean> {
  return safely(async (s) => {
    await set(PENDING_LOGOUT_KEY, now.toISOString(), s);
    return true;
  }, false);
}

export async function hasPendingLogout(): Promise<boolean> {
  return (await safely((s) => get<string>(PENDING_LOGOUT_KEY, s), undefined)) !== undefined;
}

export function forgetPendingLogout(): Promise<void> {
  return safely((s) => del(PENDING_LOGOUT_KEY, s), undefined);
}

/** The signed-in account whose entries are read and written: the last one this browser saw, until it signs out. */
export function currentAccount(): string | null {
  if (account === undefined) {
    try {
      account = localStorage.getItem(ACCOUNT_ITEM);
    } catch {
      account = null;
    }
  }
  return account;
}

/** Another account signing in: only its entries are read from now on. */
export function switchAccount(accountId: string): void {
  if (currentAccount() === accountId) return;
  account = accountId;
  try {
    localStorage.setItem(ACCOUNT_ITEM, accountId);
  } catch {
    // Without storage the account is known until the page closes.
  }
}

const saving = new Set<Promise<void>>();

/** Keeps a read's answer; the caller need not wait (sign-out waits for every save still under way). */
export function saveAnswer(accountId: string, url: string, data: unknown, now = new Date()): Promise<void> {
  const kept: KeptAnswer = { data, savedAt: now.toISOString() };
  const save = safely((s) => set(answerKey(accountId, url), kept, s), undefined).finally(() => saving.delete(save));
  saving.add(save);
  return save;
}

/** Resolves once every answer being saved is written. */
export async function savesSettled(): Promise<void> {
  await Promise.all([...saving]);
}

/** The answer kept for `url`; none while the device is marked signed out. */
export async function readAnswer(accountId: string, url: string): Promise<KeptAnswer | undefined> {
  if (await isMarkedSignedOut()) return undefined;
  return safely((s) => get<KeptAnswer>(answerKey(accountId, url), s), undefined);
}

/**
 * Another account signed in on this browser: the answers kept for any other (one whose session ended without a
 * sign-out) are deleted. Their waiting actions stay, to be sent if that account signs in again.
 */
export async function forgetOtherAccountsAnswers(accountId: string): Promise<void> {
  await savesSettled();
  const all = await safely((s) => keys<IDBValidKey>(s), []);
  const others = all.filter(
    (key) => typeof key === 'string' && !key.startsWith(`${accountId}|`) && key.includes('|answer|'),
  );
  await safely((s) => delMany(others, s), undefined);
}

/** Keeps `action` after those already waiting; its key sorts by the order the actions were taken. */
export async function enqueueAction(accountId: string, action: QueuedAction): Promise<boolean> {
  sequence += 1;
  const order = `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}`;
  return safely(async (s) => {
    await set(`${actionPrefix(accountId)}${order}`, action, s);
    return true;
  }, false);
}

async function keysOf(accountId: string, prefix = `${accountId}|`): Promise<string[]> {
  const all = await safely((s) => keys<IDBValidKey>(s), []);
  return all.filter((key): key is string => typeof key === 'string' && key.startsWith(prefix)).sort();
}

/** The account's waiting actions, first taken first. */
export async function queuedActions(accountId: string): Promise<QueuedEntry[]> {
  const found: QueuedEntry[] = [];
  for (const key of await keysOf(accountId, actionPrefix(accountId))) {
    const action = await safely((s) => get<QueuedAction>(key, s), undefined);
    if (action) found.push({ key, action });
  }
  return found;
}

export async function countQueued(accountId: string): Promise<number> {
  return (await keysOf(accountId, actionPrefix(accountId))).length;
}

export function removeAction(key: string): Promise<void> {
  return safely((s) => del(key, s), undefined);
}

/** Deletes every entry of the account (its answers and its waiting actions) and forgets it as the current one. */
export async function forgetAccount(accountId: string): Promise<void> {
  // A save under way would write its answer back after the deletion.
  await savesSettled();
  const owned = await keysOf(accountId);
  await safely((s) => delMany(owned, s), undefined);
  if (currentAccount() === accountId) {
    account = null;
    try {
      localStorage.removeItem(ACCOUNT_ITEM);
    } catch {
      // Nothing was kept there.
    }
  }
}
