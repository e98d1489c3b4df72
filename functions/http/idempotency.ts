// Writes a phone may send again (queued offline, then replayed) carry an `Idempotency-Key` (a UUID made when the agent
// acted). The first request with a key claims it and keeps its answer; the same request again gets that answer
// without running again; the key with another request is refused. No key: the request runs as it always did.
import { createHash } from 'node:crypto';
import { isRefusal } from '../domain/refusals';
import { runOnce, type KeptAnswer } from '../services/idempotency';
import { requestHeader } from './client-ip';
import { badRequest, HttpError } from './errors';
import type { AuthedContext, HandlerResult } from './handler';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header's key, lowercased; undefined when the request has none; a 400 when it is not a UUID. */
function keyOf<B, Q>(ctx: AuthedContext<B, Q>): string | undefined {
  const raw = requestHeader(ctx.event, 'idempotency-key');
  if (raw === undefined) return undefined;
  const key = raw.trim();
  if (!UUID.test(key)) {
    throw badRequest(
      'The Idempotency-Key header must be a UUID, such as 3f2c1e9a-8b7d-4c6e-9f10-2a3b4c5d6e7f.',
      undefined,
      'IDEMPOTENCY_KEY_INVALID',
    );
  }
  return key.toLowerCase();
}

/** The request a key stands for: the route, the path (and so the object) and the body as the schema read it. */
function fingerprintOf<B, Q>(ctx: AuthedContext<B, Q>): string {
  const request = `${ctx.route.method} ${ctx.event.rawPath}\n${JSON.stringify(ctx.body ?? null)}`;
  return createHash('sha256').update(request).digest('base64url');
}

/**
 * Wraps an agent handler's body so that a request with an `Idempotency-Key` runs at most once per agent and key (for
 * 24 hours): a 2xx answer is kept and given again; a refusal or an error releases the key, so the same request may be
 * tried again.
 */
export function idempotent<B, Q, T>(
  fn: (ctx: AuthedContext<B, Q>) => Promise<T>,
): (ctx: AuthedContext<B, Q>) => Promise<T> {
  return async (ctx) => {
    const key = keyOf(ctx);
    if (key === undefined) return fn(ctx);
    const outcome = await runOnce(ctx.user.id, key, fingerprintOf(ctx), () => fn(ctx), keptAnswerOf);
    switch (outcome.kind) {
      case 'ran':
        return outcome.result;
      case 'replayed':
        // The kept answer is one this handler gave (a HandlerResult of T's shape), read back.
        return {
          status: outcome.answer.status,
          body: outcome.answer.body,
          headers: { 'idempotent-replayed': 'true' },
        } satisfies HandlerResult as T;
      case 'other-request':
        throw new HttpError(422, 'This Idempotency-Key was already used for another request.', {
          code: 'IDEMPOTENCY_KEY_REUSED',
        });
      case 'running':
        throw new HttpError(409, 'This request is still being handled. Please try again in a moment.', {
          code: 'IDEMPOTENCY_KEY_IN_USE',
          headers: { 'retry-after': '1' },
        });
    }
  };
}

/** A JSON success is kept; a refusal (answered as a 4xx), a raw body or any other status is not. */
function keptAnswerOf(result: unknown): KeptAnswer | undefined {
  if (isRefusal(result)) return undefined;
  const answer = result as HandlerResult;
  const status = answer.status ?? 200;
  if (answer.raw || status >= 300) return undefined;
  return { status, body: answer.body };
}
