// POST /api/outgoing/{id}/approve (optionally with the edited draft) and /skip: both idempotent;
// the answer says whether the message was sent, scheduled for its send time, or skipped. /snooze puts
// a waiting message off until tomorrow morning.
import type { OutgoingAction, OutgoingMessage, OutgoingSnooze } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { sendErrorMessage } from '@/lib/email-verification';
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

/** What became of each message "Approve all" approved: the answer, or why it was refused. */
export type ApproveAllResult = Array<
  { message: OutgoingMessage; action: OutgoingAction } | { message: OutgoingMessage; problem: string }
>;

/** Approves the messages one after another as they are; a refusal does not stop the rest. */
export async function approveAll(messages: readonly OutgoingMessage[]): Promise<ApproveAllResult> {
  const results: ApproveAllResult = [];
  for (const message of messages) {
    try {
      results.push({ message, action: await approveOutgoing({ id: message.id }) });
    } catch (error) {
      results.push({ message, problem: sendErrorMessage(error) });
    }
  }
  return results;
}

export function useApproveAll() {
  return useApiMutation(`POST ${OUTGOING_KEY}/approve-all`, approveAll, revalidateAfterOutgoingAction);
}
