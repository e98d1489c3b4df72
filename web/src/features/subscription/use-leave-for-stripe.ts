// Leaving the app for a Stripe page (Checkout, the billing portal): asks the API for the page's
// address and goes there; a failure stays here with a destructive toast.
import { useState } from 'react';
import type { RedirectUrl } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { leaveAppTo } from '@/lib/leave-app';

export function useLeaveForStripe(requestPage: () => Promise<RedirectUrl>, failureText: (error: unknown) => string) {
  const { toast } = useToast();
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    try {
      const { url } = await requestPage();
      leaveAppTo(url);
    } catch (error) {
      setLeaving(false);
      toast({ title: 'Error', description: failureText(error), variant: 'destructive' });
    }
  };
  return { leaving, leave };
}
