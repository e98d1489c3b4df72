import type { Client } from '@shared/api-types';
import { clientPageKey, useClientPage } from '@/lib/clients';
import { createClient } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { quickUser, renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { AutomationsPauseSwitch, PAUSE_LABEL } from './automations-pause-switch';

const PATCH = 'PATCH /api/clients/client-jane';

const PAGE = clientPageKey({ limit: 25 });

/** The switch as the client detail shows it: for the client as the cached page of the list has it. */
function Harness() {
  const { page } = useClientPage(PAGE);
  return page?.clients[0] ? <AutomationsPauseSwitch client={page.clients[0]} /> : null;
}

/** `refusal`: what the PATCH answers instead of the updated client. */
function renderSwitch(paused: boolean, refusal?: Response) {
  let client = createClient({ id: 'client-jane', name: 'Jane Smith', automationsPaused: paused });
  const fetchMock = mockApi({
    [`GET ${PAGE}`]: () => jsonResponse(200, { clients: [client], nextCursor: null, total: 1 }),
    'GET /api/user': () => jsonResponse(401, { message: 'Not logged in' }),
    [PATCH]: ({ body }) => {
      if (refusal) return refusal;
      client = { ...client, ...(body as Partial<Client>) };
      return jsonResponse(200, client);
    },
  });
  renderWithProviders(<Harness />);
  return { fetchMock, user: quickUser() };
}

describe('the automations pause switch', () => {
  it('pauses automatic messages for the client: PATCHes { automationsPaused: true } and shows the client as paused', async () => {
    const { user, fetchMock } = renderSwitch(false);
    const control = await screen.findByLabelText(PAUSE_LABEL);
    expect(control).toBeChecked();
    expect(control).toHaveAccessibleDescription(
      'Jane gets your birthday and anniversary messages as your automations say.',
    );

    await user.click(control);

    expect(await within(toastRegion()).findByText('Automatic messages paused for Jane')).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH).map((request) => request.body)).toEqual([{ automationsPaused: true }]);
    // The client list was read again, and the switch follows it.
    expect(callsTo(fetchMock, `GET ${PAGE}`)).toHaveLength(2);
    expect(screen.getByLabelText(PAUSE_LABEL)).not.toBeChecked();
    expect(screen.getByLabelText(PAUSE_LABEL)).toHaveAccessibleDescription(
      'Paused: no automatic messages go to Jane. You can still send one yourself.',
    );
  });

  it('turns them back on with { automationsPaused: false }', async () => {
    const { user, fetchMock } = renderSwitch(true);
    await user.click(await screen.findByLabelText(PAUSE_LABEL));
    expect(await within(toastRegion()).findByText('Automatic messages on for Jane')).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH).map((request) => request.body)).toEqual([{ automationsPaused: false }]);
    expect(screen.getByLabelText(PAUSE_LABEL)).toBeChecked();
  });

  it("says why when the change is refused, and shows the client's state again", async () => {
    const { user } = renderSwitch(false, jsonResponse(404, { message: 'Client not found' }));
    await user.click(await screen.findByLabelText(PAUSE_LABEL));
    const toast = await within(toastRegion()).findByRole('alert');
    expect(within(toast).getByText('Client not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(PAUSE_LABEL)).toBeChecked());
  });
});
