// The one fetch client: same-origin cookies, JSON in and out, and one error shape.
import type { ApiErrorBody } from '@shared/api-types';

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

async function request<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (method !== 'GET') {
    if (body instanceof FormData) {
      init.body = body;
    } else {
      // The server refuses state-changing requests that are not JSON (CSRF defence), so always send it.
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
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

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
};

/**
 * The message to show a person for any thrown value: the server's own sentence when it sent one
 * (the `status: body` form stays on `error.message` for logs and callers), else that form.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return error instanceof Error ? error.message : String(error);
}
