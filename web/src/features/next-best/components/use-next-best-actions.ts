// What the agent decides on a suggestion of Today's list: Done, Snooze for some days, or Dismiss with a reason. The row
// leaves the list at once (brought back if the server refuses), a toast says what happened, focus moves to the next
// row rather than falling to the page, and "Wrong rhythm" then asks for the client's new rhythm.
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { DismissReason, NextBestItem } from '@shared/next-best';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { nextBestKey, removeFromNextBest } from '../api/get-next-best';
import { useNextBestFeedback, type NextBestDecision } from '../api/next-best-feedback';
import { feedbackToast } from '../next-best-text';

/** The attribute each row carries with its client's id, where focus goes after a row leaves. */
export const ROW_ATTRIBUTE = 'data-next-best';

/** The next row's (else the previous row's) client link, or null when no other row is left. */
function focusTargetAfter(list: HTMLElement | null, clientId: string): HTMLElement | null {
  const row = list?.querySelector<HTMLElement>(`[${ROW_ATTRIBUTE}="${CSS.escape(clientId)}"]`);
  const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null | undefined;
  return neighbour?.querySelector<HTMLElement>('a') ?? null;
}

export function useNextBestActions(fallbackFocus: () => HTMLElement | null) {
  const feedback = useNextBestFeedback();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const listRef = useRef<HTMLUListElement>(null);
  const [rhythmFor, setRhythmFor] = useState<NextBestItem | null>(null);

  /** The row leaves; then, once a menu has closed and given focus back to its (removed) button, focus moves on. */
  const leave = async (clientId: string) => {
    const next = focusTargetAfter(listRef.current, clientId);
    await removeFromNextBest(mutate, clientId);
    setTimeout(() => {
      const active = document.activeElement;
      // The fallback (the empty list's sentence) is there only once the last row has left.
      if (!active || active === document.body || !active.isConnected) (next ?? fallbackFocus())?.focus();
    }, 0);
  };

  const decide = async (item: NextBestItem, decision: NextBestDecision) => {
    void leave(item.clientId);
    try {
      const answer = await feedback.trigger(decision);
      toast({ ...feedbackToast(item.name, answer), variant: 'success' });
      if (decision.action === 'dismiss' && decision.reason === 'wrong-cadence') setRhythmFor(item);
    } catch (failure) {
      void mutate(nextBestKey());
      toast({ title: `Not saved for ${item.name}`, description: errorMessage(failure), variant: 'destructive' });
    }
  };

  return {
    listRef,
    done: (item: NextBestItem) => decide(item, { clientId: item.clientId, action: 'done' }),
    snooze: (item: NextBestItem, days: number) => decide(item, { clientId: item.clientId, action: 'snooze', days }),
    dismiss: (item: NextBestItem, reason: DismissReason) =>
      decide(item, { clientId: item.clientId, action: 'dismiss', reason }),
    /** The client whose new rhythm is asked for (after "Wrong rhythm"), or null. */
    rhythmFor,
    closeRhythm: () => setRhythmFor(null),
  };
}

export type NextBestActions = ReturnType<typeof useNextBestActions>;
