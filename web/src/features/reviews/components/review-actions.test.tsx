import type { Client } from '@shared/api-types';
import { createClient } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders, screen, toastRegion, within } from '@/testing/test-utils';
import { ClientReview } from '@/features/clients/components/client-review';
import { RequestReviewButton } from './review-actions';

/** Generous waits: the suite shares two cores with the rest of the build. */
const WAIT = { timeout: 5000 };

/** The review block as the clients page composes it: the status and Check Review, with Request Review. */
function renderActions(client: Client, api: MockRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/clients': () => jsonResponse(200, [client]),
    'GET /api/user': () => jsonResponse(200, {}),
    ...api,
  });
  return {
    ...renderWithProviders(
      <ClientReview client={client} renderReviewActions={(c) => <RequestReviewButton client={c} />} />,
    ),
    fetchMock,
  };
}

describe('review actions', () => {
  it('shows a pending review in yellow with both actions', () => {
    renderActions(createClient({ reviewStatus: 'pending' }));
    expect(screen.getByText('Pending').closest('[data-status]')).toHaveAttribute('data-status', 'pending');
    expect(screen.getByRole('button', { name: 'Request Review' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Check Review' })).toBeEnabled();
  });

  it('shows a requested review in blue with the date it was requested', () => {
    renderActions(createClient({ reviewStatus: 'requested', reviewRequestedAt: '2026-03-02T15:00:00.000Z' }));
    expect(screen.getByText('Requested').closest('[data-status]')).toHaveAttribute('data-status', 'requested');
    expect(screen.getByText(/^Requested Mar \d, 2026$/)).toBeInTheDocument();
  });

  it('shows a submitted review in green, with nothing left to do', () => {
    renderActions(createClient({ reviewStatus: 'submitted', reviewSubmittedAt: '2026-03-05T15:00:00.000Z' }));
    expect(screen.getByText('Submitted').closest('[data-status]')).toHaveAttribute('data-status', 'submitted');
    expect(screen.queryByRole('button', { name: 'Request Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Review' })).not.toBeInTheDocument();
  });

  it('requests a review, confirms with the server message and refreshes the clients', async () => {
    const client = createClient({ id: 'c-1', name: 'Maria Lopez' });
    const { user, fetchMock } = renderActions(client, {
      'POST /api/clients/c-1/request-review': () =>
        jsonResponse(200, {
          client: { ...client, reviewStatus: 'requested' },
          emailed: true,
          texted: false,
          message: 'Review request sent to Maria Lopez by e-mail.',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Request Review' }));
    expect(await within(toastRegion()).findByText('Review requested', {}, WAIT)).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Review request sent to Maria Lopez by e-mail.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/clients/c-1/request-review')).toHaveLength(1);
  });

  it("shows the weekly limit in a destructive 'Error' toast", async () => {
    const { user } = renderActions(createClient({ id: 'c-2' }), {
      'POST /api/clients/c-2/request-review': () =>
        jsonResponse(429, {
          message:
            'A review was already requested on March 2, 2026. You can ask again from March 9, 2026 (at most once a week).',
          code: 'RATE_LIMITED',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Request Review' }));
    const toast = await screen.findByRole('alert', {}, WAIT);
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText(/at most once a week/)).toBeInTheDocument();
  });

  it('checks for a review and says what was checked', async () => {
    const client = createClient({ id: 'c-3', name: 'Maria Lopez' });
    const { user } = renderActions(client, {
      'POST /api/clients/c-3/check-review': () =>
        jsonResponse(200, {
          hasReview: false,
          message: 'Add your Google Place ID in your Business Profile so reviews can be looked up on Google.',
          client,
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Check Review' }));
    expect(await within(toastRegion()).findByText('No review yet', {}, WAIT)).toBeInTheDocument();
    expect(within(toastRegion()).getByText(/Add your Google Place ID/)).toBeInTheDocument();
  });

  it("shows a failed check in a destructive 'Error' toast", async () => {
    const { user } = renderActions(createClient({ id: 'c-4' }), {
      'POST /api/clients/c-4/check-review': () =>
        jsonResponse(503, { message: 'Google did not answer in time. Please try again in a moment.' }),
    });
    await user.click(screen.getByRole('button', { name: 'Check Review' }));
    const toast = await screen.findByRole('alert', {}, WAIT);
    expect(within(toast).getByText('Google did not answer in time. Please try again in a moment.')).toBeInTheDocument();
  });
});
