// The one fetch client: same-origin cookies, JSON in and out, and one error shape. Offline (lib/offline/): the reads
// worth showing offline keep their last answer per account and give it when the network is down; the writes an agent
// may take offline carry an Idempotency-Key and, when the network is down, wait in the browser to be sent again.
import type { ApiErrorBody } from '@shared/api-types';
import {
  isKeptRead,
  isQueuedWrite,
  queueAction,
  refreshWaiting,
  replayQueue,
  USER_URL,
  type ReplayReport,
} from './offline/offline-queue';
import { markOffline, markOnline, markShownFromCopy } from './offline/offline-state';
import {
  clearSignedOutMark,
  currentAccount,
  forgetOtherAccountsAnswers,
  readAnswer,
  saveAnswer,
  switchAccount,
  type QueuedAction,
} from './offline/offline-store';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any non-OK response. `message` is `${status}: ${body text or status text}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed error body when the server answered with one (`{ message, code?, errors? }`). */
  readonly body: ApiErrorBody | null;

  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  /** Field-level validation messages from a 400 answer, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { message, code, errors } = value as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  const body: ApiErrorBody = { message };
  if (typeof code === 'string') body.code = code;
  if (typeof errors === 'object' && errors !== null) {
    body.errors = Object.fromEntries(
      Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return body;
}

/** A read the network could not answer, of a page this browser has not kept. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super("You're offline, and this wasn't opened on this device before. It will load when you're back online.");
  }
}

/** A write taken offline: kept in the browser, it is sent once the network is back (the UI says it waits). */
export class QueuedOfflineError extends Error {
  override readonly name = 'QueuedOfflineError';
  constructor() {
    super("You're offline. It will be sent when you're back online.");
  }
}

/** fetch rejects with a TypeError when the request never got an answer (no network, DNS, a dropped connection). */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing: a version 4 UUID from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function send<T>(
  method: HttpMethod,
  url: string,
  payload: string | FormData | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (payload !== undefined) {
    init.body = payload;
    if (typeof payload === 'string') headers['Content-Type'] = 'application/json';
  }

  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      toErrorBody(parseJson(text)),
    );
  }
  if (!text) return undefined as T;
  return (parseJson(text) ?? text) as T;
}

/** A read: its answer kept for the account when it is one worth showing offline, and given back when offline. */
async function read<T>(url: string): Promise<T> {
  const accountId = currentAccount();
  let data: T;
  try {
    data = await send<T>('GET', url, undefined);
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    markOffline();
    const kept = accountId && isKeptRead(url) ? await readAnswer(accountId, url) : undefined;
    if (!kept) throw new OfflineError();
    markShownFromCopy(kept.savedAt);
    return kept.data as T;
  }
  markOnline();
  const owner = url === USER_URL ? (data as { id?: unknown } | undefined)?.id : accountId;
  if (typeof owner === 'string' && isKeptRead(url)) {
    // GET /api/user named the signed-in account: the device is no longer marked signed out.
    if (url === USER_URL) await clearSignedOutMark();
    if (url === USER_URL && owner !== accountId) {
      switchAccount(owner);
      await Promise.all([refreshWaiting(), forgetOtherAccountsAnswers(owner)]);
    }
    // Kept in the background: the page does not wait for the browser's storage.
    if (currentAccount() === owner) void saveAnswer(owner, url, data);
  }
  return data;
}

/** A write an agent may take offline: sent with a new Idempotency-Key, or kept with it when the network is down. */
async function writeOrQueue<T>(method: HttpMethod, url: string, payload: string): Promise<T> {
  const action: QueuedAction = {
    idempotencyKey: newIdempotencyKey(),
    method: method as QueuedAction['method'],
    url,
    body: payload,
    takenAt: new Date().toISOString(),
  };
  try {
    return await send<T>(method, url, payload, { 'Idempotency-Key': action.idempotencyKey });
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    markOffline();
    if (!(await queueAction(action))) throw error;
    throw new QueuedOfflineError();
  }
}

async function request<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  if (method === 'GET') return read<T>(url);
  // The server refuses state-changing requests that are not JSON (CSRF defence), so always send it.
  const payload = body instanceof FormData ? body : JSON.stringify(body ?? {});
  if (typeof payload === 'string' && isQueuedWrite(method, url)) return writeOrQueue<T>(method, url, payload);
  return send<T>(method, url, payload);
}

/**
 * Sends the actions taken offline by the signed-in account, in order, each with the Idempotency-Key it was taken with
 * (the server does each once, even one whose answer was lost). One the server refuses for good (the client is gone,
 * the message already sent) leaves the queue with its reason; a network failure, a busy server or an ended session
 * keeps it for the next try.
 */
export function replayQueuedActions(): Promise<ReplayReport> {
  return replayQueue(async (action) => {
    try {
      await send(action.method, action.url, action.body, { 'Idempotency-Key': action.idempotencyKey });
      return { kind: 'sent' };
    } catch (error) {
      if (isNetworkFailure(error)) {
        markOffline();
        return { kind: 'later' };
      }
      const retryable =
        error instanceof ApiError &&
        (error.status >= 500 ||
          error.status === 401 ||
          error.status === 429 ||
          error.code === 'IDEMPOTENCY_KEY_IN_USE');
      return retryable ? { kind: 'later' } : { kind: 'refused', message: errorMessage(error) };
    }
  });
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
};

/** A read whose refusal with `status` is an answer ("not signed in", "none yet"): null instead of the error. */
export async function nullWhen<T>(status: number, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === status) return null;
    throw error;
  }
}

/**
 * The message to show a person for any thrown value: the server's own sentence when it sent one
 * (the `status: body` form stays on `error.message` for logs and callers), else that form.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return error instanceof Error ? error.message : String(error);
}
