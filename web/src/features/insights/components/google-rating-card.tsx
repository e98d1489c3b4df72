// Insights' Google rating: the location's rating now (whatever the period), its stars and how many reviews it rests
// on; without a location followed, the way to connect one on /reviews.
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GoogleRating } from '@shared/api-types';
import { googleRatingLine, RatingStars } from '@/components/ui/google-rating';
import { LinkButton } from '@/components/ui/link-button';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { formatTimestamp } from '@/lib/dates';

export function GoogleRatingCard({ rating }: { rating: GoogleRating | null }) {
  const value = rating?.averageRating ?? null;
  return (
    <SectionCard icon={<StarOutlineRounded />} title="Google rating" subtitle="Your location on Google, as of now">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
          {value !== null ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 750, lineHeight: 1.1 }}>
                {value.toFixed(1)}
              </Typography>
              <RatingStars value={value} />
            </Box>
          ) : null}
          <Typography variant={value === null ? 'body1' : 'muted'}>{googleRatingLine(rating)}</Typography>
          {rating?.lastSyncAt ? (
            <Typography variant="muted">Read from Google {formatTimestamp(rating.lastSyncAt)}</Typography>
          ) : null}
        </Box>
        <LinkButton to={paths.reviews.getHref()} variant="outlined">
          {rating ? 'See your reviews' : 'Connect Google'}
        </LinkButton>
      </Box>
    </SectionCard>
  );
}
