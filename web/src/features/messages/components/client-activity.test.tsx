import type { Activity, ClientActivity, LogTouchResult } from '@shared/api-types';
import { createClient, createMessageActivity, createTouchActivity } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { fireEvent, quickUser, renderWithProviders, screen, toastRegion, within } from '@/testing/test-utils';
import { ClientActivitySection } from './client-activity';

const ACTIVITY = 'GET /api/clients/client-jane/messages';
const TOUCHES = 'POST /api/clients/client-jane/touches';
const EMPTY = 'No messages or calls yet. Send a message from here, or log a call you made outside Hearthside.';

const client = createClient({ id: 'client-jane', name: 'Jane Smith' });

const activityOf = (activity: Activity[]): ClientActivity => ({ activity, lastContactDate: null, client });

function renderActivity(api: MockRoutes) {
  const fetchMock = mockApi(api);
  const view = renderWithProviders(<ClientActivitySection client={client} />);
  return { ...view, user: quickUser(), fetchMock };
}

/** A button by its text (a role query over the page computes every element's style). */
function button(container: HTMLElement, name: string): HTMLElement {
  const element = within(container).getByText(name).closest('button');
  expect(element).toHaveRole('button');
  return element!;
}

describe("a client's activity", () => {
  it('says there is nothing yet when the client has no activity', async () => {
    renderActivity({ [ACTIVITY]: () => jsonResponse(200, activityOf([])) });
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    // The timeline still says how the client came in.
    const entries = screen.getByLabelText('Activity with Jane Smith').querySelectorAll(':scope > li');
    expect([...entries].map((li) => li.textContent)).toEqual(['Added to your clientsJan 20, 2025']);
  });

  it('lists a sent e-mail and a logged call, newest first as the API gives them', async () => {
    const email = createMessageActivity({
      channel: 'email',
      subject: 'Happy birthday, Jane!',
      body: 'Hi Jane, happy birthday!',
      status: 'sent',
      sentAt: '2025-03-05T15:00:00.000Z',
      engine: { provider: 'local', model: null },
    });
    const call = createTouchActivity({
      kind: 'call',
      note: 'Talked about selling in the spring',
      date: '2025-03-01T12:00:00.000Z',
    });
    renderActivity({ [ACTIVITY]: () => jsonResponse(200, activityOf([email, call])) });

    const list = await screen.findByLabelText('Activity with Jane Smith');
    expect(list).toHaveRole('list');
    const [first, second, joined, ...rest] = Array.from(list.querySelectorAll<HTMLElement>(':scope > li'));
    expect(rest).toHaveLength(0);
    expect(joined).toHaveTextContent('Added to your clients');

    expect(within(first!).getByText('E-mail')).toBeInTheDocument();
    expect(within(first!).getByText('Sent')).toHaveClass('MuiChip-label');
    expect(within(first!).getByText('Happy birthday, Jane!')).toBeInTheDocument();
    expect(within(first!).getByText('Hi Jane, happy birthday!')).toBeInTheDocument();
    expect(within(first!).getByText("Suggested by Hearthside's composer, without AI")).toBeInTheDocument();

    expect(within(second!).getByText('Call')).toBeInTheDocument();
    expect(within(second!).getByText('Talked about selling in the spring')).toBeInTheDocument();
    expect(within(second!).queryByText('Sent')).not.toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
  });

  it('marks a message an automation wrote as "Automatic", with why it waited', async () => {
    const note = 'Your daily e-mail limit was reached, so this waits for your approval.';
    const automatic = createMessageActivity({
      subject: 'Happy birthday, Jane!',
      status: 'sent',
      automatic: true,
      note,
    });
    const byHand = createMessageActivity({ subject: 'Checking in', status: 'sent' });
    renderActivity({ [ACTIVITY]: () => jsonResponse(200, activityOf([automatic, byHand])) });

    const list = await screen.findByLabelText('Activity with Jane Smith');
    const [first, second] = Array.from(list.querySelectorAll<HTMLElement>(':scope > li'));
    expect(within(first!).getByText('Automatic')).toHaveClass('MuiChip-label');
    expect(within(first!).getByText(note)).toBeInTheDocument();
    expect(within(second!).queryByText('Automatic')).not.toBeInTheDocument();
  });

  it('logs a call: posts its kind, date and note, says "Call logged" and closes the form', async () => {
    let logged: Activity[] = [];
    const { user, fetchMock } = renderActivity({
      [ACTIVITY]: () => jsonResponse(200, activityOf(logged)),
      [TOUCHES]: ({ body }) => {
        const { note, date } = body as { note: string; date: string };
        const touch = createTouchActivity({ kind: 'call', note, date: `${date}T12:00:00.000Z` });
        logged = [touch];
        return jsonResponse(201, { touch, client } satisfies LogTouchResult);
      },
    });
    await screen.findByText(EMPTY);

    await user.click(button(document.body, 'Log a call'));
    const form = screen.getByLabelText('Log a call, meeting or note');
    expect(form.tagName).toBe('FORM');
    expect(within(form).getByLabelText('Kind')).toHaveDisplayValue('Call');
    fireEvent.change(within(form).getByLabelText(/^Date/), { target: { value: '2025-03-04' } });
    await user.click(within(form).getByLabelText('Note (optional)'));
    await user.paste('Talked about selling in the spring');
    await user.click(button(form, 'Save'));

    expect(await within(toastRegion()).findByText('Call logged')).toBeInTheDocument();
    expect(callsTo(fetchMock, TOUCHES).map((request) => request.body)).toEqual([
      { kind: 'call', date: '2025-03-04', note: 'Talked about selling in the spring' },
    ]);
    expect(screen.queryByLabelText('Log a call, meeting or note')).not.toBeInTheDocument();
    expect(button(document.body, 'Log a call')).toBeEnabled();
    // The activity is read again and shows the call.
    const list = await screen.findByLabelText('Activity with Jane Smith');
    expect(within(list).getByText('Talked about selling in the spring')).toBeInTheDocument();
  });

  it('says when the activity could not be loaded and loads it again on "Try again"', async () => {
    let fail = true;
    const { user, fetchMock } = renderActivity({
      [ACTIVITY]: () => (fail ? jsonResponse(500, { message: 'Internal error' }) : jsonResponse(200, activityOf([]))),
    });
    expect(await screen.findByText(/^The activity could not be loaded right now\./)).toBeInTheDocument();

    fail = false;
    await user.click(button(document.body, 'Try again'));
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(callsTo(fetchMock, ACTIVITY)).toHaveLength(2);
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
