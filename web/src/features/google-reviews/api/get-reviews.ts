// GET /api/reviews?filter=&cursor=: the agent's Google reviews, newest first, a page at a time, with the location's
// rating and count. The pages read so far are kept together; "Show more" reads the next from the last cursor.
import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { BusinessReview, ReviewInbox } from '@shared/api-types';
import type { ReviewFilter } from '@shared/reviews';
import { api } from '@/lib/api-client';

export const REVIEWS_KEY = '/api/reviews';

export const isReviewsKey = (key: unknown): boolean =>
  typeof key === 'string' ? key.startsWith(REVIEWS_KEY) : Array.isArray(key) && isReviewsKey(key[0]);

export function reviewPageKey(filter: ReviewFilter) {
  return (index: number, previous: ReviewInbox | null): string | null => {
    if (index === 0) return `${REVIEWS_KEY}?filter=${filter}`;
    if (!previous?.nextCursor) return null;
    return `${REVIEWS_KEY}?filter=${filter}&cursor=${encodeURIComponent(previous.nextCursor)}`;
  };
}

export function getReviewPage(key: string): Promise<ReviewInbox> {
  return api.get<ReviewInbox>(key);
}

export function useReviewPages(filter: ReviewFilter) {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<ReviewInbox, Error>(
    reviewPageKey(filter),
    getReviewPage,
    { revalidateOnMount: true, revalidateFirstPage: false, dedupingInterval: 0 },
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
