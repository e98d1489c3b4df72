// Today's next best touches: each suggestion with its reasons and one-tap ways in, and what Done, Snooze and Dismiss
// send; the row leaves at once and a toast says what happened. "Wrong rhythm" asks for the client's new rhythm. A
// free account's cut list says how to see the rest; an empty day, a failed read and a refused decision say so.
import { MemoryRouter } from 'react-router-dom';
import type { NextBestFeedback, NextBestItem, NextBestList } from '@shared/next-best';
import { callsTo, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { quickUser, renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { nextBestKey } from '../api/get-next-best';
import { NOBODY_TODAY } from '../next-best-text';
import { NextBestCard } from './next-best-card';

const LIST = `GET ${nextBestKey()}`;
const feedbackRoute = (clientId: string, action: NextBestFeedback['action']) =>
  `POST /api/today/next-best/${clientId}/${action}`;

function suggestion(overrides: Partial<NextBestItem> & Pick<NextBestItem, 'clientId' | 'name'>): NextBestItem {
  return {
    score: 80,
    reasons: [
      { code: 'overdue', text: 'No contact in 95 days (every 60)' },
      { code: 'home-anniversary', text: 'Home anniversary in 3 days' },
    ],
    channel: 'sms',
    draftable: true,
    tier: 'other',
    rhythmDays: 60,
    email: `${overrides.clientId}@example.com`,
    phone: '(555) 010-0199',
    draft: { occasion: 'check-in', instructions: 'A warm check-in before the home anniversary.' },
    ...overrides,
  };
}

const dana = suggestion({
  clientId: 'c-dana',
  name: 'Dana Lee',
  tier: 'advocate',
  channel: 'call',
  reasons: [
    { code: 'thank-referrer', text: 'Referred Sam Carter last week: say thank you' },
    { code: 'tier', text: 'Advocate: 2 referrals' },
  ],
  draft: { occasion: 'thank-referrer', instructions: 'Thank Dana for referring Sam Carter.' },
});
const omar = suggestion({ clientId: 'c-omar', name: 'Omar Haddad', tier: 'fan', phone: null });

const listOf = (items: NextBestItem[], extra: Partial<NextBestList> = {}): NextBestList => ({
  date: '2026-03-02',
  items,
  total: items.length,
  limited: false,
  ...extra,
});

const answer = (clientId: string, action: NextBestFeedback['action'], extra: Partial<NextBestFeedback> = {}) =>
  jsonResponse(200, { clientId, action, touchLogged: action === 'done', ...extra } satisfies NextBestFeedback);

/** The card alone with the list `items` (less each client a decision took off), and what the page passes it. */
function renderCard(
  items: NextBestItem[],
  { api = {}, list = {} }: { api?: MockRoutes; list?: Partial<NextBestList> } = {},
) {
  const decided = new Set<string>();
  const fetchMock = mockApi({
    [LIST]: () =>
      jsonResponse(
        200,
        listOf(
          items.filter((item) => !decided.has(item.clientId)),
          list,
        ),
      ),
    ...Object.fromEntries(
      items.flatMap((item) =>
        (['done', 'snooze', 'dismiss'] as const).map((action) => [
          feedbackRoute(item.clientId, action),
          () => {
            decided.add(item.clientId);
            return answer(item.clientId, action, action === 'done' ? {} : { until: '2026-03-09' });
          },
        ]),
      ),
    ),
    ...api,
  });
  const onEmail = jest.fn();
  const onWrite = jest.fn();
  const view = renderWithProviders(
    <MemoryRouter>
      <NextBestCard onEmail={onEmail} onWrite={onWrite} />
    </MemoryRouter>,
  );
  return { ...view, user: quickUser(), fetchMock, onEmail, onWrite };
}

/** A row by its client's name (the heading's link). */
async function findRow(name: string): Promise<HTMLElement> {
  const link = await screen.findByRole('link', { name });
  return link.closest('li')!;
}

const byName = (container: HTMLElement, name: string) => within(container).getByLabelText(name);
const toasts = () => within(toastRegion());

describe('the next best touches card', () => {
  it('lists each client with their tier and reasons, and the one-tap ways to reach them', async () => {
    const { user, onEmail, onWrite } = renderCard([dana, omar]);

    const row = await findRow('Dana Lee');
    expect(row.querySelector('a')).toHaveAttribute('href', '/clients/c-dana');
    expect(within(row).getByText('Advocate')).toBeInTheDocument();
    expect(within(row).getByText('Referred Sam Carter last week: say thank you')).toBeInTheDocument();
    expect(within(row).getByText('Advocate: 2 referrals')).toBeInTheDocument();
    expect(within(row).getByText('Best by phone')).toBeInTheDocument();
    expect(byName(row, 'Call Dana Lee')).toHaveAttribute('href', 'tel:5550100199');
    expect(byName(row, 'Text Dana Lee')).toHaveAttribute('href', 'sms:5550100199');
    for (const name of ['Done with Dana Lee', 'Snooze Dana Lee', 'Dismiss Dana Lee']) {
      expect(byName(row, name)).toHaveRole('button');
    }

    await user.click(byName(row, 'E-mail Dana Lee'));
    expect(onEmail).toHaveBeenCalledWith('c-dana', 'thank-referrer');
    await user.click(byName(row, 'Write it for me: a message to Dana Lee'));
    // A client who answers calls gets an e-mail draft.
    expect(onWrite).toHaveBeenCalledWith('c-dana', 'thank-referrer', {
      instructions: 'Thank Dana for referring Sam Carter.',
      channel: 'email',
    });

    const omarRow = await findRow('Omar Haddad');
    expect(within(omarRow).getByText('Fan')).toBeInTheDocument();
    expect(within(omarRow).getByText('No contact in 95 days (every 60)')).toBeInTheDocument();
    // No number: no Call or Text.
    expect(within(omarRow).queryByLabelText('Call Omar Haddad')).not.toBeInTheDocument();
    expect(within(omarRow).queryByLabelText('Text Omar Haddad')).not.toBeInTheDocument();
  });

  it('Done posts without a body; the row leaves and a toast says the touch is logged', async () => {
    const { user, fetchMock } = renderCard([dana, omar]);
    await user.click(byName(await findRow('Dana Lee'), 'Done with Dana Lee'));

    expect(screen.queryByRole('link', { name: 'Dana Lee' })).not.toBeInTheDocument();
    expect(await toasts().findByText('Done with Dana Lee')).toBeInTheDocument();
    expect(toasts().getByText('The touch is logged.')).toBeInTheDocument();
    expect(callsTo(fetchMock, feedbackRoute('c-dana', 'done')).map((call) => call.body)).toEqual([{}]);
    expect(screen.getByRole('link', { name: 'Omar Haddad' })).toBeInTheDocument();
    // Focus moves on to the next client rather than falling to the page.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Omar Haddad' })).toHaveFocus());
  });

  it('snoozes for the days chosen, and dismisses with the reason chosen', async () => {
    const { user, fetchMock } = renderCard([dana, omar]);
    await user.click(byName(await findRow('Dana Lee'), 'Snooze Dana Lee'));
    const snoozeMenu = await screen.findByRole('menu', { name: 'Snooze Dana Lee' });
    expect(
      within(snoozeMenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['1 day', '3 days', '7 days', '14 days', '30 days']);
    await user.click(within(snoozeMenu).getByRole('menuitem', { name: '7 days' }));

    expect(await toasts().findByText('Snoozed Dana Lee')).toBeInTheDocument();
    expect(toasts().getByText('Dana Lee is back on your list on Mon, Mar 9.')).toBeInTheDocument();
    expect(callsTo(fetchMock, feedbackRoute('c-dana', 'snooze')).map((call) => call.body)).toEqual([{ days: 7 }]);
    expect(screen.queryByRole('link', { name: 'Dana Lee' })).not.toBeInTheDocument();

    await user.click(byName(await findRow('Omar Haddad'), 'Dismiss Omar Haddad'));
    const dismissMenu = await screen.findByRole('menu', { name: 'Dismiss Omar Haddad' });
    await user.click(within(dismissMenu).getByRole('menuitem', { name: 'Contacted elsewhere' }));
    expect(await toasts().findByText('Dismissed Omar Haddad')).toBeInTheDocument();
    expect(callsTo(fetchMock, feedbackRoute('c-omar', 'dismiss')).map((call) => call.body)).toEqual([
      { reason: 'contacted-elsewhere' },
    ]);
    expect(await screen.findByText(NOBODY_TODAY)).toBeInTheDocument();
  });

  it('asks for a new rhythm after "Wrong rhythm", from the one used, and saves it as the client’s cadenceDays', async () => {
    const { user, fetchMock } = renderCard([dana], {
      api: { 'PATCH /api/clients/c-dana': ({ body }) => jsonResponse(200, { id: 'c-dana', ...(body as object) }) },
    });
    await user.click(byName(await findRow('Dana Lee'), 'Dismiss Dana Lee'));
    await user.click(await screen.findByRole('menuitem', { name: 'Wrong rhythm' }));

    const dialog = await screen.findByRole('dialog', { name: 'A new rhythm for Dana Lee' });
    expect(callsTo(fetchMock, feedbackRoute('c-dana', 'dismiss')).map((call) => call.body)).toEqual([
      { reason: 'wrong-cadence' },
    ]);
    const days = within(dialog).getByLabelText('Every how many days');
    // It starts from the rhythm the suggestion was ranked with.
    expect(days).toHaveDisplayValue('60');
    await user.clear(days);
    await user.paste('3');
    await user.click(within(dialog).getByRole('button', { name: 'Save rhythm' }));
    expect(await within(dialog).findByText('Enter a whole number of days from 7 to 365.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/clients/c-dana')).toHaveLength(0);

    await user.clear(days);
    await user.paste('90');
    await user.click(within(dialog).getByRole('button', { name: 'Save rhythm' }));
    expect(await toasts().findByText('Keep in touch with Dana Lee every 90 days')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/clients/c-dana').map((call) => call.body)).toEqual([{ cadenceDays: 90 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('brings the row back and says why when the server refuses', async () => {
    const { user } = renderCard([dana], {
      api: { [feedbackRoute('c-dana', 'done')]: () => jsonResponse(404, { message: 'Client not found' }) },
    });
    await user.click(byName(await findRow('Dana Lee'), 'Done with Dana Lee'));
    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Not saved for Dana Lee')).toBeInTheDocument();
    expect(within(toast).getByText('Client not found')).toBeInTheDocument();
    expect(await findRow('Dana Lee')).toBeInTheDocument();
  });

  it('on the free plan: no drafts, and a line under a cut list with the way to Pro', async () => {
    renderCard(
      [dana, omar].map((item) => ({ ...item, draftable: false })),
      { list: { total: 12, limited: true } },
    );
    const row = await findRow('Dana Lee');
    expect(within(row).queryByText('Write it for me')).not.toBeInTheDocument();
    const line = screen.getByText(/^You see 2 of 12 clients on today's list\./);
    expect(line).toHaveTextContent(
      "You see 2 of 12 clients on today's list. Upgrade to Pro to see the whole list and have Hearthside write each message for you.",
    );
    expect(within(line).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/settings');
  });

  it('says so when nobody needs a touch today, and no upgrade line when the list is whole', async () => {
    renderCard([]);
    expect(await screen.findByText(NOBODY_TODAY)).toBeInTheDocument();
    expect(screen.queryByText('Upgrade to Pro')).not.toBeInTheDocument();
  });

  it('says it is loading, then that the list could not be loaded, and loads it again', async () => {
    let fail = true;
    const { user } = renderCard([], {
      api: {
        [LIST]: () =>
          fail ? jsonResponse(503, { message: 'The service is busy.' }) : jsonResponse(200, listOf([omar])),
      },
    });
    expect(screen.getByRole('status', { name: 'Loading whom to contact today' })).toBeInTheDocument();
    expect(
      await screen.findByText(/We couldn't load whom to contact today\. The service is busy\./),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRow('Omar Haddad')).toBeInTheDocument();
  });
});
