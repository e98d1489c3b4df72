// /reviews: every Google review of the agent's Business Profile location, who wrote it, and the replies; before
// Google is connected, how to connect. Google's consent page comes back here with ?google=<how it went>.
import type { ReviewFilter } from '@shared/reviews';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { CenteredSpinner } from '@/components/ui/spinner';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useGoogleConnection } from '@/features/google-reviews/api/google-connection';
import { useReviewPages } from '@/features/google-reviews/api/get-reviews';
import { ConnectGooglePanel } from '@/features/google-reviews/components/connect-google-panel';
import { GoogleCallbackAlert } from '@/features/google-reviews/components/google-callback-alert';
import { ReviewInboxList } from '@/features/google-reviews/components/review-inbox';
import { ReviewSummary } from '@/features/google-reviews/components/review-summary';

export function ReviewsRoute() {
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const { connection, error: connectionError, retry } = useGoogleConnection();
  const pages = useReviewPages(filter);
  return (
    <PageLayout
      title={paths.reviews.label}
      description="Every Google review of your business, who wrote it, and your replies."
    >
      <GoogleCallbackAlert />
      {connectionError ? (
        <LoadError onRetry={retry}>Your Google connection could not be loaded: {connectionError.message}</LoadError>
      ) : !connection ? (
        <CenteredSpinner label="Loading" />
      ) : !connection.connected ? (
        <ConnectGooglePanel />
      ) : (
        <>
          <ReviewSummary connection={connection} summary={pages.summary} />
          {connection.locationName ? (
            <ReviewInboxList
              filter={filter}
              onFilter={setFilter}
              reviews={pages.reviews}
              error={pages.error}
              onRetry={pages.retry}
              more={{ hasMore: pages.hasMore, loading: pages.loadingMore, onMore: pages.loadMore }}
            />
          ) : null}
        </>
      )}
    </PageLayout>
  );
}
