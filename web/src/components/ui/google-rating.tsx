// The location's rating on Google (the dashboard's and Insights'): five stars filled to the nearest half, named by the
// rating in words, and the line that says how many reviews it rests on and where.
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarHalfRounded from '@mui/icons-material/StarHalfRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import type { GoogleRating } from '@shared/api-types';
import { countText } from '@/lib/count-text';

/** "4.7 out of 5 stars". */
export const ratingText = (value: number): string => `${value.toFixed(1)} out of 5 stars`;

export function RatingStars({ value }: { value: number }) {
  const halves = Math.round(value * 2);
  return (
    <Box role="img" aria-label={ratingText(value)} sx={{ display: 'inline-flex', color: 'warning.main' }}>
      {[1, 2, 3, 4, 5].map((star) => {
        const Icon = halves >= star * 2 ? StarRounded : halves === star * 2 - 1 ? StarHalfRounded : StarBorderRounded;
        return <Icon key={star} fontSize="small" />;
      })}
    </Box>
  );
}

/** "38 reviews on Google · Rivera Homes Austin", or what is missing. */
export function googleRatingLine(rating: GoogleRating | null): string {
  if (!rating) return 'Connect your Google Business Profile to see it here';
  if (rating.averageRating === null) return `${rating.locationTitle}: not read from Google yet`;
  return `${countText(rating.totalReviewCount ?? 0, 'review', 'reviews')} on Google · ${rating.locationTitle}`;
}
