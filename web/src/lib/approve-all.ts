// POST /api/outgoing/approve-all: approves every message waiting on Today (or one broadcast's) on the server, which
// schedules what the daily caps hold back for the next days with room. A request stops before the API's time limit and
// says where to continue: the requests follow one another until none remain, and their answers are added up. Today's
// "Approve all" and a broadcast's both go through here, and say what happened in the same words.
import type { ApproveAllResult } from '@shared/api-types';
import { api } from './api-client';
import { countText } from './count-text';
import { formatCalendarDateWithWeekday } from './dates';

export const APPROVE_ALL_URL = '/api/outgoing/approve-all';

/** Approves the waiting messages (only the broadcast's when one is named) until none remain; the answers added up. */
export async function approveAllWaiting(broadcastId?: string): Promise<ApproveAllResult> {
  let total: ApproveAllResult | undefined;
  let after: string | null = null;
  do {
    const part: ApproveAllResult = await api.post<ApproveAllResult>(APPROVE_ALL_URL, {
      ...(broadcastId ? { broadcastId } : {}),
      ...(after ? { after } : {}),
    });
    total = total ? addApprovals(total, part) : part;
    after = part.continueAfter;
  } while (after);
  return total;
}

function addApprovals(a: ApproveAllResult, b: ApproveAllResult): ApproveAllResult {
  const days = [a.lastSendDate, b.lastSendDate].filter((day): day is string => day !== null).sort();
  return {
    sent: a.sent + b.sent,
    scheduled: a.scheduled + b.scheduled,
    heldBack: a.heldBack + b.heldBack,
    failed: a.failed + b.failed,
    lastSendDate: days.at(-1) ?? null,
    remaining: b.remaining,
    continueAfter: b.continueAfter,
  };
}

/**
 * What "Approve all" did, in words: a title and the reasons behind it (none when every message went); `tone`: success
 * when every message went or waits for its time, info when the daily limit held some back, warning when some failed.
 */
export type ApprovalReport = { title: string; reasons: string[]; tone: 'success' | 'info' | 'warning' };

/**
 * "3 messages sent, 1 scheduled for its time, 2 scheduled for later days", and why: the daily sending limit held some
 * back (until which day), some could not be approved.
 */
export function approvalReport(result: ApproveAllResult): ApprovalReport {
  const { sent, scheduled, heldBack, failed, lastSendDate } = result;
  const parts = [
    sent ? `${countText(sent, 'message', 'messages')} sent` : null,
    scheduled ? `${scheduled} scheduled for ${scheduled === 1 ? 'its' : 'their'} time` : null,
    heldBack ? `${heldBack} scheduled for later days` : null,
  ].filter((part): part is string => part !== null);
  const reasons: string[] = [];
  if (heldBack) {
    const last = lastSendDate ? `, the last on ${formatCalendarDateWithWeekday(lastSendDate)}` : '';
    reasons.push(
      `Your daily sending limit was reached: ${heldBack === 1 ? 'that one goes' : `those ${heldBack} go`} out on the next days with room${last}.`,
    );
  }
  if (failed) {
    reasons.push(
      `${countText(failed, 'message', 'messages')} could not be approved and still ${failed === 1 ? 'waits' : 'wait'} on Today: approve ${failed === 1 ? 'it' : 'each one'} there to see why.`,
    );
  }
  return {
    title: parts.length ? parts.join(', ') : 'Nothing was approved',
    reasons,
    tone: failed ? 'warning' : heldBack ? 'info' : 'success',
  };
}
