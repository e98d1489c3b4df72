import type { UserEvent } from '@testing-library/user-event';
import type { SupportQueue, SupportTicket, SupportTicketUpdate } from '@shared/api-types';
import { SUPPORT_MESSAGES } from '@shared/support';
import { createSupportTicket, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { findPageHeading, renderApp, screen, toastRegion, waitFor, within } from '@/testing/test-utils';

const OPEN = 'GET /api/admin/support';
const CLOSED = 'GET /api/admin/support?status=closed';
const actRoute = (id: string) => `POST /api/admin/support/${id}`;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const proTicket = createSupportTicket({
  id: 't-pro',
  priority: 'pro',
  agentName: 'Priya Patel',
  agentEmail: 'priya@example.com',
  subject: 'Digest did not arrive',
  message: 'Nothing came this morning.',
  createdAt: hoursAgo(3),
});
const freeTicket = createSupportTicket({
  id: 't-free',
  agentName: 'Sam Carter',
  agentEmail: 'sam@example.com',
  subject: 'How do I import?',
  createdAt: hoursAgo(50),
});

const queueOf = (tickets: SupportTicket[], status: SupportQueue['status'] = 'open'): SupportQueue => ({
  status,
  tickets,
  more: false,
});

async function openSupport(tickets: SupportTicket[], api: MockRoutes = {}) {
  let queue = tickets;
  const view = renderApp('/admin/support', {
    user: createUser({ isAdmin: true }),
    api: { [OPEN]: () => jsonResponse(200, queueOf(queue)), ...api },
  });
  await findPageHeading('Support Requests');
  return { ...view, setQueue: (next: SupportTicket[]) => (queue = next) };
}

/** A request's card, by its subject (its heading). */
async function findCard(subject: string): Promise<HTMLElement> {
  const heading = await screen.findByText(subject, { selector: 'h2' });
  return heading.closest('article')!;
}

function button(container: HTMLElement, name: string): HTMLElement {
  const element = within(container).getByText(name).closest('button');
  expect(element).toHaveRole('button');
  return element!;
}

/** Writes `text` in the reply box of the request about `subject` and presses `send`; returns the request's card. */
async function reply(user: UserEvent, subject: string, text: string, send: 'Send reply' | 'Send and close') {
  const card = await findCard(subject);
  await user.click(within(card).getByLabelText('Reply'));
  await user.paste(text);
  await user.click(button(card, send));
  return card;
}

const updated = (ticket: SupportTicket, changes: Partial<SupportTicket>, mail: SupportTicketUpdate['mail'] = 'none') =>
  jsonResponse(200, { ticket: { ...ticket, ...changes }, mail } satisfies SupportTicketUpdate);
const toasts = () => within(toastRegion());

describe('/admin/support', () => {
  it('lists the open requests as the server orders them: Pro chip, agent name and e-mail, age, subject and message', async () => {
    await openSupport([proTicket, freeTicket]);

    const list = await screen.findByRole('list', { name: 'Open requests' });
    expect(Array.from(list.querySelectorAll('h2')).map((h) => h.textContent)).toEqual([
      'Digest did not arrive',
      'How do I import?',
    ]);
    const pro = await findCard('Digest did not arrive');
    expect(within(pro).getByText('Pro')).toBeInTheDocument();
    expect(within(pro).getByText('Priya Patel')).toBeInTheDocument();
    expect(within(pro).getByText('priya@example.com')).toHaveAttribute('href', 'mailto:priya@example.com');
    expect(within(pro).getByText('3 h ago')).toBeInTheDocument();
    expect(within(pro).getByText('Nothing came this morning.')).toBeInTheDocument();
    expect(within(pro).getByLabelText('Reply')).toHaveValue('');
    for (const name of ['Send reply', 'Send and close', 'Close ticket']) expect(button(pro, name)).toBeEnabled();
    const free = await findCard('How do I import?');
    expect(within(free).queryByText('Pro')).not.toBeInTheDocument();
    expect(within(free).getByText('2 days ago')).toBeInTheDocument();
    expect(screen.getByText("2 open requests. Pro agents' first, then the oldest first.")).toBeInTheDocument();
  });

  it('says "No open requests" when the queue is clear', async () => {
    await openSupport([]);
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
  });

  it('sends a reply, says who it went to, empties the box and reads the list again', async () => {
    const { user, fetchMock } = await openSupport([proTicket], {
      [actRoute(proTicket.id)]: () =>
        updated(
          proTicket,
          {
            replies: [
              { id: 'r1', author: 'Avery Admin', text: 'Sent it again just now.', createdAt: new Date().toISOString() },
            ],
          },
          'sent',
        ),
    });
    const card = await reply(user, 'Digest did not arrive', '  Sent it again just now.  ', 'Send reply');

    expect(await toasts().findByText('Reply sent to Priya')).toBeInTheDocument();
    expect(callsTo(fetchMock, actRoute(proTicket.id)).map((request) => request.body)).toEqual([
      { reply: 'Sent it again just now.' },
    ]);
    expect(within(card).getByLabelText('Reply')).toHaveValue('');
    await waitFor(() => expect(callsTo(fetchMock, OPEN).length).toBeGreaterThanOrEqual(2));
  });

  it('sends and closes in one go, and the closed request leaves the list', async () => {
    const { user, fetchMock, setQueue } = await openSupport([proTicket, freeTicket], {
      [actRoute(freeTicket.id)]: () => {
        setQueue([proTicket]);
        return updated(freeTicket, { status: 'closed', closedAt: new Date().toISOString() }, 'sent');
      },
    });
    await reply(user, 'How do I import?', 'Use Import CSV on the Clients page.', 'Send and close');

    expect(await toasts().findByText('Reply sent to Sam, request closed')).toBeInTheDocument();
    expect(callsTo(fetchMock, actRoute(freeTicket.id)).map((request) => request.body)).toEqual([
      { reply: 'Use Import CSV on the Clients page.', close: true },
    ]);
    await waitFor(() => expect(screen.queryByText('How do I import?')).not.toBeInTheDocument());
  });

  it('closes a request without a reply, and refuses to send an empty reply', async () => {
    const { user, fetchMock, setQueue } = await openSupport([freeTicket], {
      [actRoute(freeTicket.id)]: () => {
        setQueue([]);
        return updated(freeTicket, { status: 'closed', closedAt: new Date().toISOString() });
      },
    });
    const card = await findCard('How do I import?');
    await user.click(button(card, 'Send reply'));
    expect(await within(card).findByText(SUPPORT_MESSAGES.replyRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, actRoute(freeTicket.id))).toHaveLength(0);

    await user.click(button(card, 'Close ticket'));
    expect(await toasts().findByText('Request closed')).toBeInTheDocument();
    expect(callsTo(fetchMock, actRoute(freeTicket.id)).map((request) => request.body)).toEqual([{ close: true }]);
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
  });

  it("says when a reply was kept but its e-mail did not go, and shows the server's refusal", async () => {
    const { user } = await openSupport([proTicket, freeTicket], {
      [actRoute(proTicket.id)]: () => updated(proTicket, {}, 'failed'),
      [actRoute(freeTicket.id)]: () =>
        jsonResponse(409, {
          message: "This request is closed, so it can't take a reply.",
          code: 'SUPPORT_REQUEST_CLOSED',
        }),
    });
    const pro = await findCard('Digest did not arrive');
    await user.click(within(pro).getByLabelText('Reply'));
    await user.paste('Here you go.');
    await user.click(button(pro, 'Send reply'));
    expect(await toasts().findByText('Reply saved, e-mail not sent')).toBeInTheDocument();
    expect(toasts().getByText(/Priya will see it on their Help page/)).toBeInTheDocument();

    const free = await findCard('How do I import?');
    await user.click(within(free).getByLabelText('Reply'));
    await user.paste('Late answer.');
    await user.click(button(free, 'Send reply'));
    expect(await toasts().findByText("This request is closed, so it can't take a reply.")).toBeInTheDocument();
    expect(within(free).getByLabelText('Reply')).toHaveValue('Late answer.');
  });

  it('shows the recently closed requests on demand', async () => {
    const closed = createSupportTicket({ subject: 'Old question', status: 'closed', closedAt: hoursAgo(1) });
    const { user } = await openSupport([], { [CLOSED]: () => jsonResponse(200, queueOf([closed], 'closed')) });
    await user.click(screen.getByText('Recently closed').closest('button')!);
    const card = await findCard('Old question');
    expect(within(card).getByText('Closed')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Reply')).not.toBeInTheDocument();
  });

  it('is for administrators only, and asks the server for nothing', async () => {
    const { fetchMock } = renderApp('/admin/support', { user: createUser() });
    expect(await screen.findByText('Not authorized', { selector: 'h1' })).toBeInTheDocument();
    expect(callsTo(fetchMock, OPEN)).toHaveLength(0);
  });
});
