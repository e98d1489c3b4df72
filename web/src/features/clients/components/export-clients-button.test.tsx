import { deferred, jsonResponse, mockApi, callsTo } from '@/testing/mock-api';
import { renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { ExportClientsButton } from './export-clients-button';

const LINK = {
  url: 'http://s3.example/exports/client-exports/x.csv?X-Amz-Expires=300',
  expiresAt: '2030-01-01T00:05:00.000Z',
  rows: 12,
  fileName: 'hearthside-clients-2030-01-01.csv',
};

describe('the Export CSV button', () => {
  let click: jest.SpyInstance;
  beforeEach(() => {
    // jsdom cannot download: the link the button clicks is recorded instead.
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => click.mockRestore());

  it("asks for the export, shows 'Exporting...' meanwhile, then downloads the file from the link the server hands out", async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'GET /api/clients/export': () => answer.promise });
    const { user } = renderWithProviders(<ExportClientsButton />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'GET /api/clients/export')).toHaveLength(1);
    expect(click).not.toHaveBeenCalled();

    answer.resolve(jsonResponse(200, LINK));
    expect(await within(toastRegion()).findByText('Export ready')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('12 clients in hearthside-clients-2030-01-01.csv')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe(LINK.url);
    expect(link.download).toBe(LINK.fileName);
    // The toast can show a render before the button leaves its busy state.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
  });

  it("says 'Export failed' with the server's reason, downloads nothing and can be tried again", async () => {
    const fetchMock = mockApi({
      'GET /api/clients/export': () =>
        jsonResponse(503, { message: 'The service is busy. Please try again in a moment.', code: 'UNAVAILABLE' }),
    });
    const { user } = renderWithProviders(<ExportClientsButton />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Export failed')).toBeInTheDocument();
    expect(within(toast).getByText('The service is busy. Please try again in a moment.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/clients/export')).toHaveLength(2));
  });

  it('is reached and used from the keyboard', async () => {
    mockApi({ 'GET /api/clients/export': () => jsonResponse(200, { ...LINK, rows: 1 }) });
    const { user } = renderWithProviders(<ExportClientsButton />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(toastRegion()).findByText('1 client in hearthside-clients-2030-01-01.csv')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
  });
});
