import { createClient } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { renderWithProviders, screen, toastRegion, within } from '@/testing/test-utils';
import { MarkReviewButton } from './mark-review-button';

describe('Mark review submitted', () => {
  it('marks the review submitted by hand and says so', async () => {
    const client = createClient({ id: 'c-ana', name: 'Ana Ruiz', reviewStatus: 'requested' });
    const fetchMock = mockApi({
      'POST /api/clients/c-ana/review-status': () => jsonResponse(200, { ...client, reviewStatus: 'submitted' }),
      'GET /api/clients': () => jsonResponse(200, [{ ...client, reviewStatus: 'submitted' }]),
    });
    const { user } = renderWithProviders(<MarkReviewButton client={client} />);
    await user.click(screen.getByRole('button', { name: 'Mark review submitted' }));
    expect(await within(toastRegion()).findByText('Review marked as submitted')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/clients/c-ana/review-status')[0]?.body).toEqual({ status: 'submitted' });
  });

  it('is an icon button named for the client in a row, and is not offered once the review is in', () => {
    mockApi({});
    const first = renderWithProviders(<MarkReviewButton client={createClient({ name: 'Ben Cole' })} variant="icon" />);
    expect(screen.getByRole('button', { name: "Mark Ben Cole's review as submitted" })).toBeInTheDocument();
    first.unmount();
    renderWithProviders(
      <MarkReviewButton client={createClient({ name: 'Ben Cole', reviewStatus: 'submitted' })} variant="icon" />,
    );
    expect(screen.queryByRole('button', { name: /review as submitted/ })).not.toBeInTheDocument();
  });
});
