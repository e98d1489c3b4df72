import { createUser } from '@/testing/data-generators';
import { renderApp, screen, within } from '@/testing/test-utils';

/** Generous waits: the suite shares two cores with the rest of the build. */
const WAIT = { timeout: 5000 };

describe('/business-profile', () => {
  it("shows the form with the agent's profile and a link to Google's Place ID finder", async () => {
    renderApp('/business-profile', {
      user: createUser({ googlePlaceId: 'ChIJ123', businessName: 'Rivera Home Group', businessLocation: 'Austin, TX' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Profile' }, WAIT)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Business profile' });
    expect(within(form).getByLabelText('Google Place ID')).toHaveValue('ChIJ123');
    expect(within(form).getByLabelText('Business Name')).toHaveValue('Rivera Home Group');
    expect(within(form).getByLabelText('Business Location')).toHaveValue('Austin, TX');
    const finder = within(form).getByRole('link', { name: /Place ID finder/ });
    expect(finder).toHaveAttribute(
      'href',
      'https://developers.google.com/maps/documentation/places/web-service/place-id',
    );
    expect(finder).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('region', { name: 'Pro Subscription' })).not.toBeInTheDocument();
  });
});
