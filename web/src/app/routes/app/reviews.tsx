// /reviews: every Google review of the agent's Business Profile location, who wrote it, and the replies; before
// Google is connected, how to connect. Google's consent page comes back here with ?google=<how it went>.
import Alert from '@mui/material/Alert';
import type { ReviewFilter } from '@shared/reviews';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { CenteredSpinner } from '@/components/ui/spinner';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useGoogleConnection } from '@/features/google-reviews/api/google-connection';
import { useReviewPages } from '@/features/google-reviews/api/get-reviews';
import { ConnectGooglePanel } from '@/features/google-reviews/components/connect-google-panel';
import { ReviewInboxList } from '@/features/google-reviews/components/review-inbox';
import { ReviewSummary } from '@/features/google-reviews/components/review-summary';

const CALLBACK_MESSAGES: Record<string, { severity: 'success' | 'error'; text: string }> = {
  connected: { severity: 'success', text: 'Google Business Profile connected.' },
  denied: { severity: 'error', text: 'Google was not connected: access was not allowed.' },
  state: { severity: 'error', text: 'That Google sign-in link was already used or expired. Please connect again.' },
  'signed-out': { severity: 'error', text: 'Please log in, then connect Google again.' },
  quota: { severity: 'error', text: 'Google is limiting requests right now. Please try again later.' },
  forbidden: {
    severity: 'error',
    text: 'Google refused access: the app may not be approved for the Business Profile API yet, or this Google account does not manage a location.',
  },
};

export function ReviewsRoute() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const { connection, error: connectionError, retry } = useGoogleConnection();
  const pages = useReviewPages(filter);
  const outcome = params.get('google');
  const callback = outcome
    ? (CALLBACK_MESSAGES[outcome] ?? {
        severity: 'error' as const,
        text: 'Google could not be connected. Please try again.',
      })
    : null;
  return (
    <PageLayout
      title={paths.reviews.label}
      description="Every Google review of your business, who wrote it, and your replies."
    >
      {callback ? (
        <Alert severity={callback.severity} sx={{ mb: 3 }}>
          {callback.text}
        </Alert>
      ) : null}
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
