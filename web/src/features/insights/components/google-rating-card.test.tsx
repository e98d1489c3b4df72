// Insights' Google rating: the location's rating now with its stars, when it was read from Google, and the way to the
// reviews; without a location followed, the way to connect one; before the first sync, that it was not read yet.
import { MemoryRouter } from 'react-router-dom';
import type { GoogleRating } from '@shared/api-types';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { GoogleRatingCard } from './google-rating-card';

const show = (rating: GoogleRating | null) =>
  renderWithProviders(
    <MemoryRouter>
      <GoogleRatingCard rating={rating} />
    </MemoryRouter>,
  );

describe("Insights' Google rating", () => {
  it('shows the rating, its stars, how many reviews and the location, and leads to the reviews', () => {
    const rating = {
      locationTitle: 'Rivera Homes Austin',
      averageRating: 4.25,
      totalReviewCount: 1,
      lastSyncAt: '2026-03-10T09:00:00.000Z',
    };
    const { unmount } = show(rating);
    const card = screen.getByRole('region', { name: 'Google rating' });
    expect(card).toHaveTextContent('4.3');
    expect(screen.getByRole('img', { name: '4.3 out of 5 stars' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1 review on Google · Rivera Homes Austin');
    expect(card).toHaveTextContent(/Read from Google Mar 10, 2026/);
    expect(screen.getByRole('link', { name: 'See your reviews' })).toHaveAttribute('href', '/reviews');

    unmount();

    show({ ...rating, averageRating: null, totalReviewCount: null, lastSyncAt: null });
    expect(screen.getByRole('region', { name: 'Google rating' })).toHaveTextContent(
      'Rivera Homes Austin: not read from Google yet',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says to connect Google when no location is followed', () => {
    show(null);
    expect(screen.getByRole('region', { name: 'Google rating' })).toHaveTextContent(
      'Connect your Google Business Profile to see it here',
    );
    expect(screen.getByRole('link', { name: 'Connect Google' })).toHaveAttribute('href', '/reviews');
  });
});
