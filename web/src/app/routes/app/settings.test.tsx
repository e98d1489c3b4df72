import { PRO_FEATURES } from '@shared/constants';
import { MESSAGES } from '@shared/schemas';
import { leaveAppTo } from '@/lib/leave-app';
import { createUser } from '@/testing/data-generators';
import { callsTo, deferred, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { openSettingsPage } from '@/testing/settings-page';
import { fill, regionByHeading, screen, toastRegion, waitFor, within } from '@/testing/test-utils';

/** Generous waits: the suite shares two cores with the rest of the build. */
const WAIT = { timeout: 5000 };

jest.mock('@/lib/leave-app', () => ({ leaveAppTo: jest.fn() }));

const toasts = () => within(toastRegion());

async function openSettings({
  isPro = false,
  url = '/settings',
  api = {},
}: { isPro?: boolean; url?: string; api?: MockRoutes } = {}) {
  const agent = createUser({
    isPro,
    googlePlaceId: 'ChIJ_old',
    businessName: 'Old Name',
    businessLocation: 'Austin, TX',
  });
  return openSettingsPage({ agent, url, api });
}

/** The business profile form, by its label (its role asserted): a page-wide role query is slow in jsdom. */
function businessForm(): HTMLElement {
  const form = screen.getByLabelText('Business profile');
  expect(form).toHaveRole('form');
  return form;
}

beforeEach(() => jest.mocked(leaveAppTo).mockClear());

describe('/settings: Pro Subscription', () => {
  it('lists the four Pro features and offers the upgrade to a free agent', async () => {
    await openSettings();
    const card = regionByHeading('Pro Subscription');
    const features = within(card).getByRole('list', { name: 'Pro features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...PRO_FEATURES]);
    expect(within(card).getByRole('button', { name: 'Upgrade to Pro - $15/month' })).toBeEnabled();
    expect(within(card).queryByText('You are currently on the Pro plan')).not.toBeInTheDocument();
  });

  it('starts a checkout and sends the browser to its url', async () => {
    const answer = deferred<Response>();
    const { user, fetchMock } = await openSettings({
      api: { 'POST /api/subscription/create-checkout': () => answer.promise },
    });
    await user.click(
      within(regionByHeading('Pro Subscription')).getByRole('button', { name: 'Upgrade to Pro - $15/month' }),
    );
    expect(
      await within(regionByHeading('Pro Subscription')).findByRole(
        'button',
        { name: 'Redirecting to checkout...' },
        WAIT,
      ),
    ).toBeDisabled();
    answer.resolve(jsonResponse(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'), WAIT);
    expect(callsTo(fetchMock, 'POST /api/subscription/create-checkout')).toHaveLength(1);
  });

  it("says 'Failed to initiate upgrade process. Please try again.' when the checkout cannot start", async () => {
    const { user } = await openSettings({
      api: {
        'POST /api/subscription/create-checkout': () =>
          jsonResponse(502, { message: 'Stripe could not start the checkout' }),
      },
    });
    await user.click(
      within(regionByHeading('Pro Subscription')).getByRole('button', { name: 'Upgrade to Pro - $15/month' }),
    );
    const toast = await toasts().findByRole('alert', {}, WAIT);
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to initiate upgrade process. Please try again.')).toBeInTheDocument();
    expect(
      within(regionByHeading('Pro Subscription')).getByRole('button', { name: 'Upgrade to Pro - $15/month' }),
    ).toBeEnabled();
    expect(leaveAppTo).not.toHaveBeenCalled();
  });

  it('tells a Pro agent they are on the Pro plan and opens the billing portal', async () => {
    const { user } = await openSettings({
      isPro: true,
      api: {
        'POST /api/subscription/portal': () => jsonResponse(200, { url: 'https://billing.stripe.com/p/session/1' }),
      },
    });
    const card = regionByHeading('Pro Subscription');
    expect(within(card).getByText('You are currently on the Pro plan')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Upgrade to Pro/ })).not.toBeInTheDocument();
    expect(within(card).getByText(/your clients stay/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'), WAIT);
  });

  it('welcomes the agent back from a paid checkout and drops the query', async () => {
    const { router } = await openSettings({ isPro: true, url: '/settings?checkout=success' });
    expect(await toasts().findByText('Welcome to Pro!', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
  });

  it('says nothing was charged when the checkout was cancelled', async () => {
    await openSettings({ url: '/settings?checkout=cancelled' });
    expect(await toasts().findByText('Upgrade cancelled', {}, WAIT)).toBeInTheDocument();
    expect(toasts().getByText('You have not been charged.')).toBeInTheDocument();
  });
});

describe('/settings: business profile', () => {
  it('saves the three fields and confirms with a toast', async () => {
    const saved = createUser({
      googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
      businessName: 'Rivera Home Group',
      businessLocation: 'Round Rock, TX',
    });
    const { user, fetchMock } = await openSettings({
      api: { 'PATCH /api/user/business': () => jsonResponse(200, saved) },
    });
    const form = businessForm();
    expect(within(form).getByLabelText('Google Place ID')).toHaveValue('ChIJ_old');
    await user.clear(within(form).getByLabelText('Google Place ID'));
    await fill(user, within(form).getByLabelText('Google Place ID'), 'ChIJN1t_tDeuEmsRUsoyG83frY4');
    await user.clear(within(form).getByLabelText('Business Name'));
    await fill(user, within(form).getByLabelText('Business Name'), '  Rivera Home Group ');
    await user.clear(within(form).getByLabelText('Business Location'));
    await fill(user, within(form).getByLabelText('Business Location'), 'Round Rock, TX');
    await user.click(within(form).getByRole('button', { name: 'Save Business Profile' }));

    expect(await toasts().findByText('Business profile updated successfully', {}, WAIT)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/user/business')[0]?.body).toEqual({
      googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
      businessName: 'Rivera Home Group',
      businessLocation: 'Round Rock, TX',
    });
  });

  it("shows the specification's messages for empty fields and sends nothing", async () => {
    const { user, fetchMock } = await openSettings();
    const form = businessForm();
    for (const label of ['Google Place ID', 'Business Name', 'Business Location'])
      await user.clear(within(form).getByLabelText(label));
    await user.click(within(form).getByRole('button', { name: 'Save Business Profile' }));
    expect(await within(form).findByText(MESSAGES.googlePlaceIdRequired, {}, WAIT)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.businessNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.businessLocationRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/user/business')).toHaveLength(0);
  });

  it("shows a destructive 'Error' toast when saving fails", async () => {
    const { user } = await openSettings({
      api: {
        'PATCH /api/user/business': () =>
          jsonResponse(503, { message: 'The service is busy right now. Please try again in a moment.' }),
      },
    });
    await user.click(within(businessForm()).getByRole('button', { name: 'Save Business Profile' }));
    const toast = await toasts().findByRole('alert', {}, WAIT);
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('The service is busy right now. Please try again in a moment.')).toBeInTheDocument();
  });
});
