import { renderApp, screen } from '@/testing/test-utils';

describe('an unknown path', () => {
  it("shows '404 Page Not Found' with the router hint and a link home", async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});
