// The client page's Home value card: the range with the change since purchase and over the last year, labelled as an
// index-based estimate with how it is worked out and FHFA's line; what is missing when there is no estimate; what Pro
// adds for a free account.
import { FHFA_ATTRIBUTION, type HomeValue } from '@shared/home-value';
import { createClient } from '@/testing/data-generators';
import { jsonResponse, mockApi } from '@/testing/mock-api';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { HOME_VALUE_LABEL, HOME_VALUE_MISSING, HomeValueCard } from './home-value-card';

const client = createClient({ id: 'c-maria', name: 'Maria Lopez', purchaseDate: '2015-05-20' });
const ROUTE = 'GET /api/clients/c-maria/home-value';
const value: HomeValue = {
  estimateLow: 512000,
  estimateHigh: 561000,
  changeSincePurchasePct: 34.2,
  yearChangePct: -2.5,
  geoUsed: { level: 'zip3', code: '787', label: 'ZIP codes 787xx' },
  fromQuarter: '2015Q2',
  vintage: { through: '2022Q4', fetchedAt: '2026-12-01T09:15:00.000Z' },
  attribution: FHFA_ATTRIBUTION,
};
const card = () => screen.getByRole('region', { name: 'Home value' });

describe('the Home value card', () => {
  it('shows the range, the changes, what it is, how it is worked out and FHFA’s line', async () => {
    mockApi({ [ROUTE]: () => jsonResponse(200, value) });
    renderWithProviders(<HomeValueCard client={client} />);
    expect(await screen.findByText('$512,000 – $561,000')).toBeInTheDocument();
    expect(card()).toHaveTextContent('Up 34.2% since purchase (ZIP codes 787xx)');
    expect(card()).toHaveTextContent('Down 2.5% over the last year in ZIP codes 787xx');
    expect(card()).toHaveTextContent(HOME_VALUE_LABEL);
    expect(screen.getByText('How we estimate this')).toBeInTheDocument();
    expect(card()).toHaveTextContent(/from the quarter of the purchase \(2015Q2\) to the latest published \(2022Q4\)/);
    expect(card()).toHaveTextContent(FHFA_ATTRIBUTION);
  });

  it('says what is missing when there is no estimate, and what Pro adds', async () => {
    mockApi({
      [ROUTE]: () => jsonResponse(422, { message: 'No ZIP code', code: 'NO_POSTAL_CODE' }),
    });
    const first = renderWithProviders(<HomeValueCard client={client} />);
    expect(await screen.findByText(HOME_VALUE_MISSING.NO_POSTAL_CODE!)).toBeInTheDocument();
    first.unmount();
    mockApi({ [ROUTE]: () => jsonResponse(403, { message: 'Pro', code: 'PRO_REQUIRED' }) });
    renderWithProviders(<HomeValueCard client={{ ...client, id: 'c-maria' }} />);
    expect(await screen.findByText(HOME_VALUE_MISSING.PRO_REQUIRED!)).toBeInTheDocument();
  });
});
