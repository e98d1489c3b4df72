// The state and actions of one message of the Today queue: approve it as it is, edit then approve it (the edit form,
// outgoing-draft-form.tsx, checks the edit), or skip it (stop it, once scheduled), each saying how it went.
import { useState } from 'react';
import type { OutgoingMessage } from '@shared/api-types';
import type { MessageDraft } from '@/components/ui/message-draft-fields';
import { useToast } from '@/components/ui/toast/use-toast';
import { QueuedOfflineError } from '@/lib/api-client';
import { sendErrorMessage } from '@/lib/email-verification';
import { serverFieldErrors } from '@/lib/form-errors';
import { useApproveOutgoing, useSkipOutgoing, type EditedDraft } from '../api/outgoing-actions';
import { SKIPPED, approvedText, firstNameOf } from '../automation-text';

type DraftErrors = Partial<Record<keyof MessageDraft, string>>;

const waitingToast = (what: string) => ({ title: 'Waiting to send', description: `You're offline: ${what}` });

const draftOf = (message: OutgoingMessage): MessageDraft => ({ subject: message.subject ?? '', body: message.body });

export function useOutgoingCard(message: OutgoingMessage) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(message));
  const [errors, setErrors] = useState<DraftErrors>({});
  const approving = useApproveOutgoing();
  const skipping = useSkipOutgoing();
  const { toast } = useToast();
  const name = firstNameOf(message.clientName);

  const approve = async (edited?: EditedDraft) => {
    try {
      const action = await approving.trigger({ id: message.id, draft: edited });
      toast({
        ...approvedText(action, message.clientName),
        variant: action.status === 'skipped' ? 'destructive' : 'success',
      });
      setEditing(false);
    } catch (error) {
      if (error instanceof QueuedOfflineError) {
        toast(waitingToast(`the message to ${name} will be approved once you're back.`));
        setEditing(false);
        return;
      }
      setErrors(serverFieldErrors(error, ['subject', 'body'] as const));
      toast({ title: `Not sent to ${name}`, description: sendErrorMessage(error), variant: 'destructive' });
    }
  };

  /** `done`: the agent reached the client another way (a call, their own text), so the draft is not sent. */
  const skip = async ({ done = false }: { done?: boolean } = {}) => {
    try {
      await skipping.trigger(message.id);
      toast(
        done
          ? { title: 'Done', description: `${name} is off today's list; the draft was not sent.`, variant: 'success' }
          : { title: SKIPPED, description: `${name} won't get this message.`, variant: 'success' },
      );
    } catch (error) {
      if (error instanceof QueuedOfflineError) {
        toast(waitingToast(`the message to ${name} will be skipped once you're back.`));
        return;
      }
      toast({ title: 'Not skipped', description: sendErrorMessage(error), variant: 'destructive' });
    }
  };

  const cancelEdit = () => {
    setEditing(false);
    setErrors({});
    setDraft(draftOf(message));
  };

  return {
    editing,
    startEditing: () => setEditing(true),
    draft,
    setDraft,
    errors,
    setErrors,
    approve,
    skip,
    cancelEdit,
    isApproving: approving.isMutating,
    isSkipping: skipping.isMutating,
  };
}

export type OutgoingCardState = ReturnType<typeof useOutgoingCard>;
