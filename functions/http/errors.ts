// Errors a handler may throw; the error middleware renders them as the error shape `{ message, code?, errors? }`.

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: { code?: string; errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>, code?: string) =>
  new HttpError(400, message, { errors, code });
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message, { code: 'UNAUTHENTICATED' });
export const forbidden = (message = 'Not authorized', code = 'FORBIDDEN') => new HttpError(403, message, { code });
export const notFound = (message = 'Not found') => new HttpError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, { errors, code: 'CONFLICT' });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { code: 'RATE_LIMITED', headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const serviceUnavailable = (message: string, retryAfterSeconds = 1) =>
  new HttpError(503, message, { code: 'UNAVAILABLE', headers: { 'retry-after': String(retryAfterSeconds) } });
