// GET /api/reviews?filter=&cursor=: the agent's Google reviews, newest first, a page at a time, with the location's
// rating and count. The pages read so far are kept together; "Show more" reads the next from the last cursor.
import { useMemo } from 'react';
import type { ScopedMutator } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import type { BusinessReview, ReviewInbox } from '@shared/api-types';
import { REVIEW_FILTERS, type ReviewFilter } from '@shared/reviews';
import { api } from '@/lib/api-client';

export const REVIEWS_KEY = '/api/reviews';

export function reviewPageKey(filter: ReviewFilter) {
  return (index: number, previous: ReviewInbox | null): string | null => {
    if (index === 0) return `${REVIEWS_KEY}?filter=${filter}`;
    if (!previous?.nextCursor) return null;
    return `${REVIEWS_KEY}?filter=${filter}&cursor=${encodeURIComponent(previous.nextCursor)}`;
  };
}

/** Reads every filter's pages again (SWR's global mutate reaches useSWRInfinite's pages only by this key). */
export function revalidateReviews(mutate: ScopedMutator): Promise<unknown> {
  return Promise.all(REVIEW_FILTERS.map((filter) => mutate(unstable_serialize(reviewPageKey(filter)))));
}

export function getReviewPage(key: string): Promise<ReviewInbox> {
  return api.get<ReviewInbox>(key);
}

export function useReviewPages(filter: ReviewFilter) {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<ReviewInbox, Error>(
    reviewPageKey(filter),
    getReviewPage,
    // Every page read again on a revalidation: a write (a match, a reply, a sync) may change any of them, and
    // SWR's global mutate reaches the pages only this way.
    { revalidateOnMount: true, revalidateAll: true, dedupingInterval: 0 },
  );
  const reviews = useMemo<BusinessReview[] | undefined>(() => data?.flatMap((page) => page.reviews), [data]);
  return {
    reviews,
    summary: data?.[0]?.summary,
    isLoading,
    error,
    hasMore: Boolean(data?.at(-1)?.nextCursor),
    loadingMore: data !== undefined && size > data.length && isValidating,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}
