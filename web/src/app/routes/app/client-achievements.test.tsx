// The client's page: the specification's achievement badges (each with its description and "Achieved on" date), and
// Accept for a client from the directory who waits for it.
import type { ClientMilestone } from '@shared/api-types';
import { createClient, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import {
  findPageHeading,
  quickUser,
  regionByHeading,
  renderApp,
  renderWithProviders,
  screen,
  toastRegion,
  waitFor,
  within,
} from '@/testing/test-utils';
import { ClientAchievements, NO_ACHIEVEMENTS } from '@/features/clients/components/client-achievements';

const milestones: ClientMilestone[] = [
  {
    type: 'profile-complete',
    name: 'Profile Complete',
    description: 'Every detail of their profile is filled in.',
    icon: 'Star',
    achievedAt: '2025-02-01T15:00:00.000Z',
  },
  {
    type: 'homeowner-1',
    name: '1 Year Homeowner',
    description: 'Celebrating 1 year in their home.',
    icon: 'Home',
    achievedAt: '2025-04-30T15:00:00.000Z',
  },
];

describe("a client's page", () => {
  it('shows each achievement with its description and the day it was achieved, and accepts a waiting client', async () => {
    const pending = createClient({ id: 'c-lena', name: 'Lena Ortiz', registrationPending: true });
    let accepted = false;
    const { fetchMock } = renderApp('/clients/c-lena', {
      user: createUser(),
      api: {
        'GET /api/clients/c-lena': () =>
          jsonResponse(200, accepted ? { ...pending, registrationPending: undefined } : pending),
        'GET /api/clients/c-lena/messages': () =>
          jsonResponse(200, { client: pending, lastContactDate: null, activity: [] }),
        'GET /api/clients/c-lena/milestones': () => jsonResponse(200, milestones),
        'GET /api/clients/c-lena/testimonials': () => jsonResponse(200, []),
        'GET /api/clients/c-lena/relationship': () => jsonResponse(404, { message: 'Client not found' }),
        'POST /api/clients/c-lena/accept-registration': () => {
          accepted = true;
          return jsonResponse(200, { ...pending, registrationPending: undefined });
        },
      },
    });
    const user = quickUser();
    await findPageHeading('Lena Ortiz');

    const achievements = regionByHeading('Achievements');
    const badges = await within(achievements).findAllByRole('listitem');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Profile CompleteEvery detail of their profile is filled in.Achieved on Feb 1, 2025',
      '1 Year HomeownerCelebrating 1 year in their home.Achieved on Apr 30, 2025',
    ]);

    const notice = screen.getByText('Waiting for you to accept').closest('[role="alert"]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Accept Lena Ortiz' }));
    expect(await within(toastRegion()).findByText('Client accepted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Waiting for you to accept')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/clients/c-lena/accept-registration')).toHaveLength(1);
  });
});

describe('the achievements card', () => {
  it('says when there are none yet, and when they could not be loaded', async () => {
    const onRetry = jest.fn();
    const { rerender, user } = renderWithProviders(
      <ClientAchievements milestones={[]} error={undefined} onRetry={onRetry} />,
    );
    expect(screen.getByText(NO_ACHIEVEMENTS)).toBeInTheDocument();

    rerender(<ClientAchievements milestones={undefined} error={undefined} onRetry={onRetry} />);
    expect(screen.getByRole('status', { name: 'Loading achievements' })).toBeInTheDocument();

    rerender(<ClientAchievements milestones={undefined} error={new Error('busy')} onRetry={onRetry} />);
    expect(screen.getByText('The achievements could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
