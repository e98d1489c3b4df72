import type { ClientActivity, ConversationPage, ConversationSummary } from '@shared/api-types';
import { createClient, createMessageActivity, createUser } from '@/testing/data-generators';
import { callsTo, deferred, jsonResponse } from '@/testing/mock-api';
import { findPageHeading, renderApp, screen, within } from '@/testing/test-utils';

const CONVERSATIONS = 'GET /api/conversations';
const UNREAD = 'GET /api/conversations?filter=unread';

function conversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    clientId: 'client-maria',
    clientName: 'Maria Lopez',
    lastMessage: {
      direction: 'inbound',
      channel: 'email',
      excerpt: 'Thursday works for me',
      at: new Date().toISOString(),
    },
    unread: true,
    ...overrides,
  };
}

const pageOf = (conversations: ConversationSummary[], unreadTotal = conversations.filter((c) => c.unread).length) =>
  ({ conversations, nextCursor: null, unreadTotal }) satisfies ConversationPage;

describe('/inbox', () => {
  it('shows a skeleton while loading, then the conversations, the unread one marked, and the count in the navigation', async () => {
    const answer = deferred<Response>();
    renderApp('/inbox', {
      user: createUser(),
      api: {
        // The badge's read and the page's share the first page.
        [CONVERSATIONS]: () => answer.promise,
      },
    });
    await findPageHeading('Inbox');
    expect(screen.getByLabelText('Loading conversations')).toHaveAttribute('aria-busy', 'true');
    answer.resolve(
      jsonResponse(
        200,
        pageOf([
          conversation(),
          conversation({
            clientId: 'c2',
            clientName: 'Tom Becker',
            unread: false,
            lastMessage: {
              direction: 'outbound',
              channel: 'sms',
              excerpt: 'See you soon',
              at: new Date().toISOString(),
            },
          }),
        ]),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveAccessibleName(/^Maria Lopez Unread .*Maria \(e-mail\): Thursday works for me$/);
    expect(rows[0]).toHaveAttribute('href', '/inbox/client-maria');
    expect(rows[1]).toHaveAccessibleName(/^Tom Becker .*You \(text\): See you soon$/);
    expect(screen.getByText('1 unread conversation')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Inbox, 1 unread' })).toHaveAttribute('href', '/inbox');
  });

  it('says when there is no conversation yet, and points to the clients', async () => {
    renderApp('/inbox', { user: createUser() });
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your clients' })).toHaveAttribute('href', '/clients');
  });

  it('narrows to the unread ones', async () => {
    const { user, fetchMock } = renderApp('/inbox', {
      user: createUser(),
      api: {
        [CONVERSATIONS]: () => jsonResponse(200, pageOf([conversation({ unread: false })], 0)),
        [UNREAD]: () => jsonResponse(200, pageOf([], 0)),
      },
    });
    await screen.findByRole('list', { name: 'Conversations' });
    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(await screen.findByRole('heading', { name: 'Nothing unread' })).toBeInTheDocument();
    expect(callsTo(fetchMock, UNREAD).length).toBeGreaterThan(0);
  });

  it('says when the conversations cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderApp('/inbox', {
      user: createUser(),
      api: {
        [CONVERSATIONS]: () =>
          fail ? jsonResponse(500, { message: 'Something went wrong.' }) : jsonResponse(200, pageOf([conversation()])),
      },
    });
    expect(await screen.findByText(/We couldn't load your conversations/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });
});

describe('/inbox/:clientId', () => {
  const client = createClient({ id: 'client-maria', name: 'Maria Lopez' });
  const thread: ClientActivity = {
    client,
    lastContactDate: null,
    activity: [
      createMessageActivity({
        id: 'm2',
        direction: 'inbound',
        status: 'received',
        subject: 'Re: Viewing',
        body: 'Thursday works.',
        at: '2026-11-25T10:00:00.000Z',
        sentAt: null,
      }),
      createMessageActivity({
        id: 'm1',
        direction: 'outbound',
        subject: 'Viewing',
        body: 'Would Thursday work?',
        at: '2026-11-24T10:00:00.000Z',
      }),
    ],
  };

  it('shows the thread oldest first, marks it read, and opens the composer to reply', async () => {
    const { user, fetchMock } = renderApp('/inbox/client-maria', {
      user: createUser(),
      api: {
        'GET /api/clients/client-maria/messages': () => jsonResponse(200, thread),
        'POST /api/conversations/client-maria/read': () =>
          jsonResponse(200, { clientId: 'client-maria', unread: false, unreadTotal: 0 }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Messages with Maria Lopez' });
    const messages = within(list).getAllByRole('article');
    expect(messages[0]).toHaveAccessibleName(/^You, E-mail/);
    expect(messages[1]).toHaveAccessibleName(/^Maria Lopez, E-mail/);
    expect(within(messages[1]!).getByText('Thursday works.')).toBeInTheDocument();
    expect(within(messages[1]!).getByRole('button', { name: 'Download the original e-mail' })).toBeInTheDocument();
    expect(within(messages[0]!).queryByRole('button', { name: 'Download the original e-mail' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/conversations/client-maria/read')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reply to Maria Lopez' }));
    expect(await screen.findByRole('dialog', { name: 'Message Maria Lopez' })).toBeInTheDocument();
  });

  it("says so when the client is not the agent's", async () => {
    renderApp('/inbox/someone-else', {
      user: createUser(),
      api: {
        'GET /api/clients/someone-else/messages': () =>
          jsonResponse(404, { message: 'Client not found', code: 'NOT_FOUND' }),
        'POST /api/conversations/someone-else/read': () =>
          jsonResponse(404, { message: 'Client not found', code: 'NOT_FOUND' }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Inbox' })).toHaveAttribute('href', '/inbox');
  });
});
