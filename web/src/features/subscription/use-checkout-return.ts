// Back from Stripe (or the local simulator) on /settings?checkout=success|cancelled: says how it
// went, drops the query, and re-reads the user until the webhook has made them Pro.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast/use-toast';
import { USER_KEY } from '@/lib/auth';

const POLL_EVERY_MS = 2000;
const POLL_TRIES = 15;

export const CHECKOUT_TOASTS = {
  success: { title: 'Welcome to Pro!', description: 'Your payment went through. You can now add unlimited clients.' },
  cancelled: { title: 'Upgrade cancelled', description: 'You have not been charged.' },
  subscriptionCancelled: {
    title: 'Subscription cancelled',
    description: 'Your clients stay with you. Above the free plan’s limit you can edit them but not add new ones.',
  },
} as const;

/** `confirming` is true while a paid checkout waits for the webhook to make the user Pro. */
export function useCheckoutReturn(isPro: boolean): { confirming: boolean } {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const [awaitingPro, setAwaitingPro] = useState(false);
  const handled = useRef<string | null>(null);
  const checkout = params.get('checkout');
  const subscription = params.get('subscription');

  useEffect(() => {
    const outcome = checkout ? `checkout=${checkout}` : subscription ? `subscription=${subscription}` : null;
    if (!outcome || handled.current === outcome) return;
    handled.current = outcome;
    if (checkout === 'success') {
      toast({ ...CHECKOUT_TOASTS.success, variant: 'success' });
      setAwaitingPro(true);
      void mutate(USER_KEY);
    } else if (checkout === 'cancelled') {
      toast(CHECKOUT_TOASTS.cancelled);
    } else if (subscription === 'cancelled') {
      toast(CHECKOUT_TOASTS.subscriptionCancelled);
      void mutate(USER_KEY);
    }
    setParams(
      (next) => {
        next.delete('checkout');
        next.delete('subscription');
        return next;
      },
      { replace: true },
    );
  }, [checkout, subscription, toast, mutate, setParams]);

  useEffect(() => {
    if (!awaitingPro || isPro) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void mutate(USER_KEY);
      if (tries >= POLL_TRIES) {
        clearInterval(timer);
        setAwaitingPro(false);
      }
    }, POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [awaitingPro, isPro, mutate]);

  return { confirming: awaitingPro && !isPro };
}
