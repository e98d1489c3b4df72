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

/** One error class and the answer it gets; a handler declares its list in its options (functions/http/handler.ts). */
export type ErrorAnswer = {
  type: abstract new (...args: never[]) => Error;
  answer: (error: Error) => HttpError | undefined;
};
export type ErrorAnswers = readonly ErrorAnswer[];

/** `answer` returning undefined leaves the error as it is (a 500, or another list's). */
export function errorAnswer<E extends Error>(
  type: abstract new (...args: never[]) => E,
  answer: (error: E) => HttpError | undefined,
): ErrorAnswer {
  return { type, answer: answer as (error: Error) => HttpError | undefined };
}

/** The HttpError the first matching entry gives, if any. */
export function answerFor(answers: ErrorAnswers | undefined, error: unknown): HttpError | undefined {
  for (const { type, answer } of answers ?? []) {
    if (error instanceof type) return answer(error);
  }
  return undefined;
}

export const badRequest = (message: string, errors?: Record<string, string>, code?: string) =>
  new HttpError(400, message, { errors, code });
export const unauthorized = (message = 'Please log in to continue.') =>
  new HttpError(401, message, { code: 'UNAUTHENTICATED' });
export const forbidden = (message = 'Not authorized', code = 'FORBIDDEN') => new HttpError(403, message, { code });
export const notFound = (message = 'Not found') => new HttpError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, { errors, code: 'CONFLICT' });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {
    code: 'RATE_LIMITED',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const serviceUnavailable = (message: string, retryAfterSeconds = 1) =>
  new HttpError(503, message, { code: 'UNAVAILABLE', headers: { 'retry-after': String(retryAfterSeconds) } });
