// GET /api/today/next-best?limit=: the agent's list for today of whom to contact, why and how, best first. A free
// account gets the first few and `limited`. shared/next-best.ts has no yup (the routes' schemas are
// shared/next-best-requests.ts), so Today, a first screen, reads its limits.
import useSWR, { type ScopedMutator } from 'swr';
import { NEXT_BEST_LIMIT, type NextBestList } from '@shared/next-best';
import { api } from '@/lib/api-client';
import { NEXT_BEST_KEY_PREFIX } from '@/lib/revalidate-clients';

/** How many clients Today asks for. */
export const NEXT_BEST_SHOWN = NEXT_BEST_LIMIT.default;

export const nextBestKey = (limit = NEXT_BEST_SHOWN) => `${NEXT_BEST_KEY_PREFIX}?limit=${limit}`;

export function getNextBest(key: string): Promise<NextBestList> {
  return api.get<NextBestList>(key);
}

/** The list, read again each time Today opens (a new day, a touch logged elsewhere). */
export function useNextBest() {
  const { data, error, mutate } = useSWR<NextBestList, Error>(nextBestKey(), getNextBest, {
    revalidateOnMount: true,
  });
  return { list: data, error, retry: () => void mutate() };
}

/** Takes a client off the list at once, before the server has answered (the answer reads the list again). */
export function removeFromNextBest(mutate: ScopedMutator, clientId: string): Promise<unknown> {
  return mutate<NextBestList>(
    nextBestKey(),
    (list) => list && { ...list, items: list.items.filter((item) => item.clientId !== clientId) },
    { revalidate: false },
  );
}
