// POST /api/outgoing/{id}/approve (optionally with the edited draft) and /skip: both idempotent;
// the answer says whether the message was sent, scheduled for its send time, or skipped. /snooze puts
// a waiting message off until tomorrow morning. "Approve all" is the server's approve-all.
import type { OutgoingAction, OutgoingSnooze } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { approveAllWaiting } from '@/lib/approve-all';
import { OUTGOING_KEY, revalidateAfterOutgoingAction } from './get-outgoing';

/** The agent's edit of a draft: the subject (e-mail only) and the body. */
export type EditedDraft = { subject?: string; body: string };

export type ApproveRequest = { id: string; draft?: EditedDraft };

const actionUrl = (id: string, action: 'approve' | 'skip' | 'snooze') =>
  `${OUTGOING_KEY}/${encodeURIComponent(id)}/${action}`;

export function approveOutgoing({ id, draft }: ApproveRequest): Promise<OutgoingAction> {
  return api.post<OutgoingAction>(actionUrl(id, 'approve'), draft);
}

export function skipOutgoing(id: string): Promise<OutgoingAction> {
  return api.post<OutgoingAction>(actionUrl(id, 'skip'));
}

export function useApproveOutgoing() {
  return useApiMutation(`POST ${OUTGOING_KEY}/approve`, approveOutgoing, revalidateAfterOutgoingAction);
}

export function useSkipOutgoing() {
  return useApiMutation(`POST ${OUTGOING_KEY}/skip`, skipOutgoing, revalidateAfterOutgoingAction);
}

export function snoozeOutgoing(id: string): Promise<OutgoingSnooze> {
  return api.post<OutgoingSnooze>(actionUrl(id, 'snooze'));
}

export function useSnoozeOutgoing() {
  return useApiMutation(`POST ${OUTGOING_KEY}/snooze`, snoozeOutgoing, revalidateAfterOutgoingAction);
}

/** "Approve all": the server approves every waiting message in one go (lib/approve-all.ts), then the queue is read. */
export function useApproveAll() {
  return useApiMutation(`APPROVE ${OUTGOING_KEY}`, () => approveAllWaiting(), revalidateAfterOutgoingAction);
}
