import type { BusinessReview, GoogleConnection, ReviewInbox } from '@shared/api-types';
import { createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { findPageHeading, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const CONNECTION = 'GET /api/google/connection';
const REVIEWS = 'GET /api/reviews?*';

const connected: GoogleConnection = {
  connected: true,
  accountName: 'Rivera Realty',
  locations: [{ name: 'locations/1', title: 'Rivera Realty · Austin' }],
  locationName: 'locations/1',
};
const review = (overrides: Partial<BusinessReview> = {}): BusinessReview => ({
  id: 'r1',
  reviewer: { displayName: 'Jane D.', isAnonymous: false },
  stars: 5,
  comment: 'Wonderful from start to finish.',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  needsAttention: false,
  reply: null,
  match: null,
  ...overrides,
});
const inbox = (reviews: BusinessReview[]): ReviewInbox => ({
  reviews,
  nextCursor: null,
  summary: {
    connected: true,
    locationTitle: 'Rivera Realty · Austin',
    averageRating: 4.5,
    totalReviewCount: reviews.length,
    lastSyncAt: '2026-11-21T09:00:00.000Z',
  },
});

async function openReviews(api: MockRoutes) {
  const view = renderApp('/reviews', { user: createUser(), api });
  await findPageHeading('Reviews');
  return view;
}

describe('/reviews', () => {
  it('offers to connect the Google Business Profile before anything is connected', async () => {
    await openReviews({
      [CONNECTION]: () => jsonResponse(200, { connected: false, accountName: null, locations: [], locationName: null }),
      [REVIEWS]: () => jsonResponse(200, { ...inbox([]), summary: { ...inbox([]).summary, connected: false } }),
    });
    expect(await screen.findByRole('button', { name: 'Connect Google Business Profile' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Reviews' })).not.toBeInTheDocument();
  });

  it('shows the rating, each review with its stars, the attention mark and the suggested client, and confirms it', async () => {
    const suggested = review({
      match: {
        clientId: 'c1',
        clientName: 'Jane Doe',
        confidence: 0.9,
        status: 'suggested',
        evidence: ['They opened your review link the same day.'],
      },
    });
    const unhappy = review({
      id: 'r2',
      reviewer: { displayName: 'Sam Lowe', isAnonymous: false },
      stars: 2,
      needsAttention: true,
    });
    const { fetchMock, user } = await openReviews({
      [CONNECTION]: () => jsonResponse(200, connected),
      [REVIEWS]: () => jsonResponse(200, inbox([suggested, unhappy])),
      'POST /api/reviews/r1/match': () =>
        jsonResponse(200, { ...suggested, match: { ...suggested.match!, status: 'confirmed' } }),
    });
    const list = await screen.findByRole('region', { name: 'Reviews' });
    expect(screen.getByText('4.5')).toBeInTheDocument();
    const jane = within(list).getByRole('article', { name: 'Jane D.' });
    expect(within(jane).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(jane).toHaveTextContent('Possibly by your client Jane Doe (90% sure)');
    const sam = within(list).getByRole('article', { name: 'Sam Lowe' });
    expect(sam).toHaveTextContent('Needs attention');

    await user.click(within(jane).getByRole('button', { name: 'Confirm Jane Doe' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/reviews/r1/match')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/reviews/r1/match')[0]!.body).toEqual({ clientId: 'c1' });
  });

  it('drafts a reply to edit, and posts nothing until the agent posts it', async () => {
    const { fetchMock, user } = await openReviews({
      [CONNECTION]: () => jsonResponse(200, connected),
      [REVIEWS]: () => jsonResponse(200, inbox([review()])),
      'POST /api/reviews/r1/reply-draft': () =>
        jsonResponse(200, { comment: 'Thank you so much, Jane!', engine: { provider: 'local', model: null } }),
      'PUT /api/reviews/r1/reply': () =>
        jsonResponse(
          200,
          review({ reply: { comment: 'Thank you!', updatedAt: '2026-11-22T00:00:00.000Z', state: 'published' } }),
        ),
    });
    const article = await screen.findByRole('article', { name: 'Jane D.' });
    await user.click(within(article).getByRole('button', { name: 'Draft a reply' }));
    const box = await within(article).findByRole('textbox', { name: 'Reply to Jane D.' });
    expect(box).toHaveValue('Thank you so much, Jane!');
    expect(callsTo(fetchMock, 'PUT /api/reviews/r1/reply')).toHaveLength(0);
    await user.click(within(article).getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/reviews/r1/reply')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT /api/reviews/r1/reply')[0]!.body).toEqual({ comment: 'Thank you so much, Jane!' });
  });

  it('says when there is nothing to show, and offers to try again when the reviews cannot be loaded', async () => {
    let fail = true;
    const { user } = await openReviews({
      [CONNECTION]: () => jsonResponse(200, connected),
      [REVIEWS]: () =>
        fail
          ? jsonResponse(503, { message: 'The service is busy right now.', code: 'UNAVAILABLE' })
          : jsonResponse(200, inbox([])),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The reviews could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeInTheDocument();
  });
});
