// /broadcasts and /broadcasts/:id: the recent broadcasts with where each stands, one broadcast's own page, and what
// stands in for them (none yet, a read that failed, a broadcast that is not the agent's).
import type { Broadcast } from '@shared/api-types';
import { jsonResponse } from '@/testing/mock-api';
import { createUser } from '@/testing/data-generators';
import { findPageHeading, renderApp, screen, within } from '@/testing/test-utils';

function broadcast(overrides: Partial<Broadcast> = {}): Broadcast {
  return {
    id: 'b-holiday',
    status: 'done',
    channel: 'email',
    occasion: 'holiday',
    mode: 'approve',
    createdAt: '2026-11-20T15:00:00.000Z',
    total: 12,
    handled: 12,
    drafted: 9,
    awaiting: 2,
    scheduled: 4,
    sent: 3,
    skipped: { 'opted-out': 1, 'no-address': 2 },
    lastSendDate: '2026-11-24',
    ...overrides,
  };
}

const texts = broadcast({
  id: 'b-check-in',
  status: 'drafting',
  channel: 'sms',
  occasion: 'check-in',
  total: 40,
  handled: 10,
  drafted: 10,
  awaiting: 0,
  scheduled: 0,
  sent: 0,
  skipped: {},
  lastSendDate: null,
});

function openBroadcasts(answer: () => Response) {
  return renderApp('/broadcasts', { user: createUser(), api: { 'GET /api/broadcasts': answer } });
}

describe('/broadcasts', () => {
  it('lists each broadcast with its status, recipients, what became of the messages, who was skipped and why', async () => {
    openBroadcasts(() => jsonResponse(200, { broadcasts: [broadcast(), texts] }));
    await findPageHeading('Broadcasts');
    const list = await screen.findByRole('list', { name: 'Your broadcasts' });
    const [holiday, checkIn] = within(list).getAllByRole('article');

    expect(holiday).toHaveAccessibleName('Holiday greeting by e-mail');
    expect(within(holiday!).getByRole('link', { name: 'Holiday greeting by e-mail' })).toHaveAttribute(
      'href',
      '/broadcasts/b-holiday',
    );
    expect(holiday).toHaveTextContent('Done');
    const figures = Array.from(holiday!.querySelectorAll('dt')).map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(figures).toEqual([
      'Recipients: 12',
      'Sent: 3',
      'Waiting for approval: 2',
      'Scheduled: 4',
      'Skipped: 3',
      'Last send day: Tue, Nov 24, 2026',
    ]);
    expect(holiday).toHaveTextContent(
      'Who was skipped and why: 2 clients: no address for this channel · 1 client: opted out',
    );

    expect(checkIn).toHaveAccessibleName('Check-in by text');
    expect(checkIn).toHaveTextContent('Writing messages');
    expect(checkIn).toHaveTextContent('Last send dayNone scheduled');
    expect(checkIn).not.toHaveTextContent('Who was skipped');
  });

  it('says there are none yet and leads to the clients list, where one starts', async () => {
    openBroadcasts(() => jsonResponse(200, { broadcasts: [] }));
    expect(await screen.findByText('No broadcasts yet')).toBeInTheDocument();
    expect(screen.getByText('Go to your clients').closest('a')).toHaveAttribute('href', '/clients');
  });

  it('says when they could not be loaded, and loads them again', async () => {
    let fail = true;
    const { user } = openBroadcasts(() =>
      fail ? jsonResponse(503, { message: 'The service is busy.' }) : jsonResponse(200, { broadcasts: [texts] }),
    );
    expect(await screen.findByText(/We couldn't load your broadcasts\. The service is busy\./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Check-in by text' })).toBeInTheDocument();
  });
});

describe('/broadcasts/:id', () => {
  it('shows where the broadcast stands and approves what waits', async () => {
    renderApp('/broadcasts/b-holiday', {
      user: createUser(),
      api: { 'GET /api/broadcasts/b-holiday': () => jsonResponse(200, broadcast()) },
    });
    await findPageHeading('Holiday greeting by e-mail');
    expect(screen.getByText(/^Started .* · you approve each message on Today$/)).toBeInTheDocument();
    const section = screen.getByText('Where it stands', { selector: 'h2' }).closest('section')!;
    expect(section).toHaveTextContent('9 messages written for 12 clients');
    expect(within(section).getByRole('button', { name: 'Approve all 2' })).toBeEnabled();
    expect(screen.getByText('All broadcasts').closest('a')).toHaveAttribute('href', '/broadcasts');
  });

  it("says when the broadcast is not the agent's", async () => {
    renderApp('/broadcasts/b-other', {
      user: createUser(),
      api: {
        'GET /api/broadcasts/b-other': () => jsonResponse(404, { message: 'Broadcast not found', code: 'NOT_FOUND' }),
      },
    });
    expect(await screen.findByText('Broadcast not found', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText('See your broadcasts').closest('a')).toHaveAttribute('href', '/broadcasts');
  });
});
