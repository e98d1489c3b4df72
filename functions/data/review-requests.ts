// Asking a client for a review: status requested and reviewRequestedAt, at most once per interval, decided by the
// client record's conditional write (client-record.ts), so two clicks at once send one request.
import { changeClient } from './client-record';
import type { ClientItem } from './clients';

export type ReviewRequestMark =
  | { outcome: 'marked'; before: ClientItem; after: ClientItem }
  | { outcome: 'too-soon'; lastRequestedAt: string }
  | { outcome: 'already-submitted' }
  | { outcome: 'no-such-client' };

export async function markReviewRequested(
  agentId: string,
  clientId: string,
  minIntervalMs: number,
  now = new Date(),
  timeZone?: string,
): Promise<ReviewRequestMark> {
  const change = await changeClient(agentId, clientId, { kind: 'request-review', minIntervalMs }, { now, timeZone });
  switch (change.kind) {
    case 'changed':
      return { outcome: 'marked', before: change.before, after: change.after };
    case 'too-soon':
      return { outcome: 'too-soon', lastRequestedAt: change.lastRequestedAt };
    case 'already-submitted':
      return { outcome: 'already-submitted' };
    case 'not-found':
    case 'unchanged':
    case 'opted-out':
    case 'tags-full':
      return { outcome: 'no-such-client' };
  }
}

/** Puts back what a request changed when it could not be sent (only if nothing changed since). */
export async function undoReviewRequest(before: ClientItem, requestedAt: string, timeZone?: string): Promise<void> {
  const previous = {
    reviewStatus: before.reviewStatus,
    reviewRequestedAt: before.reviewRequestedAt,
    reviewLinkOpenedAt: before.reviewLinkOpenedAt,
  };
  await changeClient(
    before.agentId,
    before.id,
    { kind: 'withdraw-review-request', requestedAt, previous },
    { timeZone },
  );
}
