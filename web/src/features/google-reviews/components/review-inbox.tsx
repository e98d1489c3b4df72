// The review list: the filter (all, unreplied, unmatched), the reviews a page at a time, and the loading, empty and
// error states.
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { BusinessReview } from '@shared/api-types';
import type { ReviewFilter } from '@shared/reviews';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { LoadingRows } from '@/components/ui/loading-rows';
import { ReviewCard } from './review-card';

const FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All',
  unreplied: 'Unreplied',
  unmatched: 'Unmatched',
};
const EMPTY: Record<ReviewFilter, string> = {
  all: 'No reviews yet. Sync to read them from Google.',
  unreplied: 'Every review has a reply.',
  unmatched: 'Every review is matched to a client, or anonymous.',
};

type ReviewInboxProps = {
  filter: ReviewFilter;
  onFilter: (filter: ReviewFilter) => void;
  reviews: BusinessReview[] | undefined;
  error: Error | undefined;
  onRetry: () => void;
  more: { hasMore: boolean; loading: boolean; onMore: () => void };
};

export function ReviewInboxList({ filter, onFilter, reviews, error, onRetry, more }: ReviewInboxProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        aria-label="Show reviews"
        onChange={(_event, value: ReviewFilter | null) => value && onFilter(value)}
      >
        {(Object.keys(FILTER_LABELS) as ReviewFilter[]).map((value) => (
          <ToggleButton key={value} value={value}>
            {FILTER_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error ? (
        <LoadError onRetry={onRetry}>The reviews could not be loaded: {error.message}</LoadError>
      ) : !reviews ? (
        <Card>
          <LoadingRows label="Loading reviews" />
        </Card>
      ) : reviews.length === 0 ? (
        <Card>
          <EmptyPanel icon={<InboxOutlined />} title="Nothing here" actions={null}>
            {EMPTY[filter]}
          </EmptyPanel>
        </Card>
      ) : (
        <Box component="section" aria-label="Reviews" sx={{ display: 'grid', gap: 2 }}>
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </Box>
      )}
      {more.hasMore ? (
        <Box>
          <Button onClick={more.onMore} disabled={more.loading}>
            {more.loading ? 'Loading…' : 'Show more reviews'}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
