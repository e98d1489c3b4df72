import type { SupportTicket } from '@shared/api-types';
import { SUPPORT_MESSAGES } from '@shared/support';
import { PRO_ANSWERED_FIRST } from '@/features/support/components/priority-note';
import { createSupportTicket, createUser } from '@/testing/data-generators';
import { callsTo, deferred, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { fill, findPageHeading, renderApp, screen, toastRegion, waitFor, within } from '@/testing/test-utils';

const LIST = 'GET /api/support';
const SEND = 'POST /api/support';

const answered = createSupportTicket({
  subject: 'Import keeps failing',
  message: 'Row 4 is refused.',
  status: 'closed',
  createdAt: '2026-11-20T15:00:00.000Z',
  closedAt: '2026-11-21T09:00:00.000Z',
  replies: [
    {
      id: 'r-1',
      author: 'Avery Admin',
      text: 'Row 4 has the birthday as 31/04. Use YYYY-MM-DD.',
      createdAt: '2026-11-21T08:55:00.000Z',
    },
  ],
});
const waiting = createSupportTicket({ subject: 'Can I export my clients?', createdAt: '2026-11-23T10:00:00.000Z' });

async function openHelp({
  tickets = [answered],
  pro = false,
  verified = true,
  api = {},
}: { tickets?: SupportTicket[]; pro?: boolean; verified?: boolean; api?: MockRoutes } = {}) {
  let list = tickets;
  const view = renderApp('/help', {
    user: createUser({ isPro: pro, emailVerified: verified }),
    api: { [LIST]: () => jsonResponse(200, { tickets: list }), ...api },
  });
  await findPageHeading('Help');
  return { ...view, setTickets: (next: SupportTicket[]) => (list = next) };
}

const form = () => screen.getByRole('form', { name: 'Contact support' });
/** Enters text into a labelled field of the form. */
const fillLabelled = (user: ReturnType<typeof renderApp>['user'], label: RegExp, text: string) =>
  fill(user, within(form()).getByLabelText(label), text);
const sendButton = () =>
  within(form())
    .getByText(/^(Send|Sending\.\.\.)$/)
    .closest('button')!;
const history = () => screen.getByRole('list', { name: 'Your requests' });

describe('/help', () => {
  it('shows the labelled contact form, the Pro hint with the way to upgrade, and the requests with their dates, status and replies', async () => {
    await openHelp({ tickets: [waiting, answered] });

    expect(within(form()).getByLabelText(/^Subject/)).toHaveValue('');
    expect(within(form()).getByLabelText(/^Message/)).toHaveValue('');
    expect(sendButton()).toBeEnabled();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Pro includes priority support');
    expect(within(note).getByText('Upgrade to Pro')).toHaveAttribute('href', '/settings');

    const items = within(await screen.findByRole('list', { name: 'Your requests' })).getAllByRole('article');
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'Can I export my clients?',
      'Import keeps failing',
    ]);
    expect(within(items[0]!).getByText('Open')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Sent Nov 23, 2026')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Closed')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Sent Nov 20, 2026 · closed Nov 21, 2026 · 1 reply')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Row 4 is refused.')).toBeInTheDocument();
    const replies = within(items[1]!).getByRole('list', { name: 'Replies to Import keeps failing' });
    expect(replies).toHaveTextContent('Avery Admin · Hearthside support · Nov 21, 2026');
    expect(replies).toHaveTextContent('Row 4 has the birthday as 31/04. Use YYYY-MM-DD.');
  });

  it('tells a Pro agent their requests are answered first, without the upgrade hint', async () => {
    await openHelp({ pro: true });
    expect(screen.getByRole('note')).toHaveTextContent(PRO_ANSWERED_FIRST);
    expect(screen.queryByText('Upgrade to Pro')).not.toBeInTheDocument();
  });

  it('says so when the agent has sent nothing yet', async () => {
    await openHelp({ tickets: [] });
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your requests' })).not.toBeInTheDocument();
  });

  it('sends the request (Sending... meanwhile), confirms it, empties the form and reads the list again', async () => {
    const pending = deferred<Response>();
    const sent = createSupportTicket({ subject: 'Where is my digest?', message: 'It did not come this morning.' });
    const { user, fetchMock, setTickets } = await openHelp({ tickets: [], api: { [SEND]: () => pending.promise } });
    await screen.findByText('No requests yet');

    await fillLabelled(user, /^Subject/, '  Where is my digest?  ');
    await fillLabelled(user, /^Message/, 'It did not come this morning.');
    await user.click(sendButton());

    await waitFor(() => expect(sendButton()).toHaveTextContent('Sending...'));
    expect(sendButton()).toBeDisabled();
    expect(callsTo(fetchMock, SEND).map((request) => request.body)).toEqual([
      { subject: 'Where is my digest?', message: 'It did not come this morning.' },
    ]);

    setTickets([sent]);
    pending.resolve(jsonResponse(201, sent));

    const confirmation = (await screen.findByText('We received your request')).closest('[role="status"]');
    expect(confirmation).toHaveTextContent('We received your request');
    expect(confirmation).toHaveTextContent('“Where is my digest?” is with our team.');
    expect(confirmation).toHaveTextContent("We've e-mailed you a confirmation");
    await waitFor(() => expect(within(form()).getByLabelText(/^Subject/)).toHaveValue(''));
    expect(within(form()).getByLabelText(/^Message/)).toHaveValue('');
    expect(await within(history()).findByText('Where is my digest?')).toBeInTheDocument();
    expect(callsTo(fetchMock, LIST).length).toBeGreaterThanOrEqual(2);
  });

  it("checks the form before sending, and shows the server's messages on the fields", async () => {
    const { user, fetchMock } = await openHelp({
      api: {
        [SEND]: () =>
          jsonResponse(400, {
            message: SUPPORT_MESSAGES.subjectTooLong,
            code: 'VALIDATION_FAILED',
            errors: { subject: SUPPORT_MESSAGES.subjectTooLong },
          }),
      },
    });
    await user.click(sendButton());
    expect(await within(form()).findByText(SUPPORT_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(within(form()).getByText(SUPPORT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);

    await fillLabelled(user, /^Subject/, 'Help');
    await fillLabelled(user, /^Message/, 'A question');
    await user.click(sendButton());
    expect(await within(form()).findByText(SUPPORT_MESSAGES.subjectTooLong)).toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Subject/)).toHaveValue('Help');
  });

  it('says why when the hourly limit is reached, and keeps what was typed', async () => {
    const { user } = await openHelp({
      api: {
        [SEND]: () =>
          jsonResponse(429, {
            message:
              'You have sent 5 support requests this hour, and we have them all. You can send another in 12 minutes.',
            code: 'RATE_LIMITED',
          }),
      },
    });
    await fillLabelled(user, /^Subject/, 'Sixth');
    await fillLabelled(user, /^Message/, 'One more');
    await user.click(sendButton());
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Your request was not sent')).toBeInTheDocument();
    expect(toasts.getByText(/You can send another in 12 minutes/)).toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Subject/)).toHaveValue('Sixth');
  });
});
