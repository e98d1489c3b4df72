// The answers a handler declares for the refusals it returns and its calls' errors, and the HttpError they give (the
// middleware throws its own); the error middleware renders them as the error shape `{ message, code?, errors? }`.
import { Refused, type Refusal } from '../domain/refusals';

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

/** How each kind a handler's use cases may refuse is answered: TypeScript holds the table to every kind of `R`. */
export type RefusalTable<R extends Refusal> = {
  [K in R['kind']]: (refusal: Extract<R, { kind: K }>) => HttpError;
};

/**
 * A refusal table as one more entry of a handler's answers (the entry for `Refused`): the stack throws a refusal the
 * handler returns as a `Refused`, so a refusal and a declared error take one way to their answer. `answerRefusal`
 * answers one refusal of `R` (and tells defineHandler which refusals the handler may return).
 */
export type RefusalAnswers<R extends Refusal> = ErrorAnswer & { readonly answerRefusal: (refusal: R) => HttpError };

/** `refusalAnswers<RefusalOf<typeof useCase>>({ 'not-found': () => notFound('Client not found'), … })`. */
export function refusalAnswers<R extends Refusal>(table: RefusalTable<R>): RefusalAnswers<R> {
  const entries = table as unknown as Partial<Record<string, (refusal: Refusal) => HttpError>>;
  // A kind outside the table (only a `Refused` thrown from code the types did not see) stays a 500.
  const answer = (refusal: Refusal) =>
    Object.hasOwn(entries, refusal.kind) ? entries[refusal.kind]!(refusal) : undefined;
  return {
    ...errorAnswer(Refused, (error) => answer(error.refusal)),
    answerRefusal: (refusal) => answer(refusal)!,
  };
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
/** The retry-after header: whole seconds, at least 1. */
export const retryAfter = (seconds: number): Record<string, string> => ({
  'retry-after': String(Math.max(1, Math.ceil(seconds))),
});
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { code: 'RATE_LIMITED', headers: retryAfter(retryAfterSeconds) });
export const serviceUnavailable = (message: string, retryAfterSeconds = 1) =>
  new HttpError(503, message, { code: 'UNAVAILABLE', headers: { 'retry-after': String(retryAfterSeconds) } });

/** Seconds from now until `iso`, for a retry-after header: what a refusal says as a moment. */
export const secondsUntil = (iso: string, now = Date.now()): number => (Date.parse(iso) - now) / 1000;
