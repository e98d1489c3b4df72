// A step the agent asked for that says how it went: a success toast once it is done (when it has one to say), or a
// destructive toast with the error's message when it failed. What follows the step goes inside `run`.
import { errorMessage } from '@/lib/api-client';
import type { ToastOptions } from './toast-store';
import { useToast } from './use-toast';

type Said = Omit<ToastOptions, 'variant'>;

type ToastedOptions<T> = {
  /** What the success toast says, from the step's result; no toast without it. */
  done?: (result: T) => Said;
  /** The failure toast's title (its description: the error's message)... */
  failureTitle?: string;
  /** ...or all it says, whatever the error (a refusal the page words itself). */
  failure?: Said;
};

/** Returns `act(run, options)`: runs the step, toasts how it went, and answers its result (undefined if it failed). */
export function useToastedAction() {
  const { toast } = useToast();
  return async <T>(run: () => Promise<T>, { done, failureTitle = 'Error', failure }: ToastedOptions<T> = {}) => {
    try {
      const result = await run();
      if (done) toast({ ...done(result), variant: 'success' });
      return result;
    } catch (error) {
      toast({ ...(failure ?? { title: failureTitle, description: errorMessage(error) }), variant: 'destructive' });
      return undefined;
    }
  };
}
