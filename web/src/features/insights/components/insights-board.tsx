// The Insights page's cards for one answer (the agent's own, or the sample behind the Pro upsell):
// touches per month, the period's outcomes, the location's Google rating, reach, the book's health and any cards the
// page adds (the agent's referrals); then the time zone the months follow.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Insights, QuietClient } from '@shared/api-types';
import { BookHealthCard } from './book-health-card';
import { GoogleRatingCard } from './google-rating-card';
import { InvitationsCard, OccasionsCard, OptOutsCard, ReviewsCard } from './rate-cards';
import { ReachCard } from './reach-card';
import { TouchesCard } from './touches-card';

export const BOARD_COLUMNS = { xs: '1fr', md: 'repeat(12, minmax(0, 1fr))' };
export const SPAN = {
  whole: { gridColumn: '1 / -1' },
  half: { gridColumn: { md: 'span 6' }, '& > .MuiCard-root': { height: '100%' } },
  // Side by side from lg, each as tall as its content (the reach list may be long or empty).
  wide: { gridColumn: { md: '1 / -1', lg: 'span 7' }, alignSelf: 'start' },
  narrow: { gridColumn: { md: '1 / -1', lg: 'span 5' }, alignSelf: 'start' },
} as const;

type InsightsBoardProps = {
  insights: Insights;
  onMessage: (client: QuietClient) => void;
  /** More cards at the end of the board, each in a box that says its span (SPAN). */
  children?: ReactNode;
};

export function InsightsBoard({ insights, onMessage, children }: InsightsBoardProps) {
  const { totals } = insights;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: BOARD_COLUMNS, '& > *': { minWidth: 0 } }}>
        <Box sx={SPAN.whole}>
          <TouchesCard insights={insights} />
        </Box>
        <Box sx={SPAN.half}>
          <OccasionsCard occasions={totals.occasions} />
        </Box>
        <Box sx={SPAN.half}>
          <ReviewsCard reviews={totals.reviews} />
        </Box>
        <Box sx={SPAN.half}>
          <InvitationsCard invitations={totals.invitations} />
        </Box>
        <Box sx={SPAN.half}>
          <OptOutsCard optOuts={totals.optOuts} bounces={totals.bounces} />
        </Box>
        <Box sx={SPAN.whole}>
          <GoogleRatingCard rating={insights.googleRating} />
        </Box>
        <Box sx={SPAN.wide}>
          <ReachCard reach={insights.reach} onMessage={onMessage} />
        </Box>
        <Box sx={SPAN.narrow}>
          <BookHealthCard book={insights.book} />
        </Box>
        {children}
      </Box>
      <Typography variant="muted">Months follow your time zone ({insights.timeZone}).</Typography>
    </Box>
  );
}
