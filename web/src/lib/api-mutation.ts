// A write as an SWR mutation hook: the trigger's argument goes to the request, and the cached reads
// the write changed are brought up to date before the trigger's promise settles.
import { useSWRConfig, type ScopedMutator } from 'swr';
import useSWRMutation, { type SWRMutationResponse } from 'swr/mutation';

/** What a write does to the cache once its request has answered (`result` is that answer). */
export type AfterWrite<TResult> = (mutate: ScopedMutator, result: TResult) => Promise<unknown>;

/**
 * `key` names the mutation (its URL, or a label where several writes share one); `request` takes the
 * trigger's argument (none when it takes no parameter) and `afterWrite` refreshes or replaces reads.
 */
export function useApiMutation<TResult, TArg = never>(
  key: string,
  request: (arg: TArg) => Promise<TResult>,
  afterWrite: AfterWrite<TResult>,
): SWRMutationResponse<TResult, Error, string, TArg> {
  const { mutate } = useSWRConfig();
  return useSWRMutation<TResult, Error, string, TArg>(key, async (_key, { arg }) => {
    const result = await request(arg);
    await afterWrite(mutate, result);
    return result;
  });
}
