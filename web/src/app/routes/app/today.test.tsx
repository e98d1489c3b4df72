import type { Draft, MessageActivity, Outgoing, OutgoingAction, OutgoingMessage } from '@shared/api-types';
import type { NextBestList } from '@shared/next-best';
import { createClient, createMessageActivity, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { findPageHeading, renderApp, screen, toastRegion, waitFor, within } from '@/testing/test-utils';

const QUEUE = 'GET /api/outgoing';
const NEXT_BEST = 'GET /api/today/next-best?limit=10';
const NOBODY: NextBestList = { date: '2026-11-24', items: [], total: 0, limited: false };
const approveRoute = (id: string) => `POST /api/outgoing/${id}/approve`;
const skipRoute = (id: string) => `POST /api/outgoing/${id}/skip`;

/** 9:00 on Tue, Nov 24, 2026 in whatever zone the test runs in (the page shows the browser's time). */
const NINE_ON_TUESDAY = new Date(2026, 10, 24, 9, 0).toISOString();

function queued(overrides: Partial<OutgoingMessage> & Pick<OutgoingMessage, 'id' | 'clientName'>): OutgoingMessage {
  return {
    ...createMessageActivity({ sentAt: null, automatic: true, engine: null }),
    status: 'awaiting-approval',
    clientId: `client-${overrides.id}`,
    clientPhone: '(555) 010-0199',
    clientEmail: `${overrides.id}@example.com`,
    occasion: 'birthday',
    subject: `Happy birthday, ${overrides.clientName.split(' ')[0]}!`,
    body: 'Wishing you a wonderful day.',
    ...overrides,
  };
}

const queueOf = (messages: OutgoingMessage[]): Outgoing => ({
  messages,
  awaiting: messages.filter((m) => m.status === 'awaiting-approval').length,
});

/** What the server answers an approval or skip with. */
function answer(
  status: OutgoingAction['status'],
  message: OutgoingMessage,
  extra: Partial<MessageActivity> = {},
): Response {
  const { clientId: _c, clientName: _n, clientPhone: _p, clientEmail: _e, ...activity } = message;
  return jsonResponse(200, { status, message: { ...activity, status, ...extra } } satisfies OutgoingAction);
}

async function openToday(messages: OutgoingMessage[], api: MockRoutes = {}) {
  let queue = messages;
  const view = renderApp('/today', {
    user: createUser(),
    api: {
      [QUEUE]: () => jsonResponse(200, queueOf(queue)),
      'GET /api/clients': () => jsonResponse(200, []),
      'GET /api/clients?due=check-in&limit=20': () => jsonResponse(200, { clients: [], nextCursor: null, total: 0 }),
      [NEXT_BEST]: () => jsonResponse(200, NOBODY),
      ...api,
    },
  });
  await findPageHeading('Today');
  return { ...view, setQueue: (next: OutgoingMessage[]) => (queue = next) };
}

/** A queued message's card, by the client's name in its heading (a link to the client's page). */
async function findCard(clientName: string): Promise<HTMLElement> {
  const heading = await screen.findByText(clientName, { selector: 'h2 a' });
  const card = heading.closest('article');
  expect(card).toHaveAccessibleName(clientName);
  return card!;
}

/** A button by its text (a role query over the page computes every element's style). */
function button(container: HTMLElement, name: string): HTMLElement {
  const element = within(container).getByText(name).closest('button');
  expect(element).toHaveRole('button');
  return element!;
}

const toasts = () => within(toastRegion());

const sam = queued({
  id: 'm-sam',
  clientName: 'Sam Carter',
  note: 'Your daily e-mail limit was reached, so this waits for your approval.',
});
const alex = queued({
  id: 'm-alex',
  clientName: 'Alex Kim',
  status: 'scheduled',
  channel: 'sms',
  subject: null,
  occasion: 'home-anniversary',
  body: 'Happy home anniversary, Alex!',
  sendAt: NINE_ON_TUESDAY,
});

describe('/today', () => {
  it('lists the queue: who, the occasion, the channel, where it stands, the note and the message', async () => {
    await openToday([sam, alex]);

    const samCard = await findCard('Sam Carter');
    expect(within(samCard).getByText('Birthday')).toBeInTheDocument();
    expect(within(samCard).getByText('E-mail', { selector: 'span' })).toBeInTheDocument();
    expect(within(samCard).getByText('Waiting for your approval')).toBeInTheDocument();
    expect(within(samCard).getByText(sam.note!)).toBeInTheDocument();
    expect(within(samCard).getByText('Happy birthday, Sam!')).toBeInTheDocument();
    expect(within(samCard).getByText('Wishing you a wonderful day.')).toBeInTheDocument();
    for (const name of ['Approve', 'Edit', 'Skip']) expect(button(samCard, name)).toBeEnabled();
    expect(within(samCard).queryByText("Don't send")).not.toBeInTheDocument();

    const alexCard = await findCard('Alex Kim');
    expect(within(alexCard).getByText('Home anniversary')).toBeInTheDocument();
    expect(within(alexCard).getByText('Text message')).toBeInTheDocument();
    expect(within(alexCard).getByText('Scheduled for 9:00, Tue, Nov 24')).toBeInTheDocument();
    expect(within(alexCard).getByText('Happy home anniversary, Alex!')).toBeInTheDocument();
    expect(button(alexCard, "Don't send")).toBeEnabled();
    expect(within(alexCard).queryByText('Approve')).not.toBeInTheDocument();

    expect(screen.getByText('1 message waits for your approval.')).toBeInTheDocument();
    // One waits: nothing to approve "all" of.
    expect(screen.queryByText('Approve all')).not.toBeInTheDocument();
  });

  it('offers one-tap Call and Text (with the draft as the text) for every item, and Snooze for a waiting one', async () => {
    const { user, fetchMock, setQueue } = await openToday([sam, alex], {
      [`POST /api/outgoing/${sam.id}/snooze`]: () => {
        setQueue([alex]);
        return jsonResponse(200, { status: 'snoozed', until: '2026-11-25T13:00:00.000Z', message: sam });
      },
    });

    const alexCard = await findCard('Alex Kim');
    expect(within(alexCard).getByText('Call').closest('a')).toHaveAttribute('href', 'tel:5550100199');
    expect(within(alexCard).getByText('Text').closest('a')).toHaveAttribute(
      'href',
      `sms:5550100199?body=${encodeURIComponent('Happy home anniversary, Alex!')}`,
    );
    // A scheduled message goes out by itself: nothing to snooze.
    expect(within(alexCard).queryByText('Snooze')).not.toBeInTheDocument();

    await user.click(button(await findCard('Sam Carter'), 'Snooze'));

    expect(await toasts().findByText('Snoozed until tomorrow')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/outgoing/${sam.id}/snooze`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Sam Carter', { selector: 'h2' })).not.toBeInTheDocument());
  });

  it('approves a message: posts, says "Sent to Sam", and reads the queue again (the badge with it)', async () => {
    const { user, fetchMock, setQueue } = await openToday([sam], {
      [approveRoute(sam.id)]: () => {
        setQueue([]);
        return answer('sent', sam, { sentAt: '2026-11-24T14:00:00.000Z' });
      },
    });
    expect(await screen.findByLabelText('Today, 1 waiting')).toHaveAttribute('href', '/today');

    await user.click(button(await findCard('Sam Carter'), 'Approve'));

    expect(await toasts().findByText('Sent to Sam')).toBeInTheDocument();
    expect(callsTo(fetchMock, approveRoute(sam.id)).map((request) => request.body)).toEqual([{}]);
    expect(await screen.findByText('Nothing waits for you today')).toBeInTheDocument();
    expect(screen.queryByLabelText('Today, 1 waiting')).not.toBeInTheDocument();
  });

  it('sends the edited subject and message with the approval, and says when it is scheduled', async () => {
    const { user, fetchMock } = await openToday([sam], {
      [approveRoute(sam.id)]: () => answer('scheduled', sam, { sendAt: NINE_ON_TUESDAY }),
    });
    const card = await findCard('Sam Carter');
    await user.click(button(card, 'Edit'));
    const form = await within(card).findByLabelText('Edit the message to Sam Carter');
    expect(within(form).getByLabelText(/^Subject/)).toHaveValue('Happy birthday, Sam!');
    await user.clear(within(form).getByLabelText(/^Subject/));
    await user.paste('Happy birthday from all of us');
    await user.clear(within(form).getByLabelText(/^Message/));
    await user.paste('  Have a lovely day, Sam.  ');
    await user.click(button(form, 'Approve'));

    expect(await toasts().findByText('Scheduled for 9:00, Tue, Nov 24')).toBeInTheDocument();
    expect(callsTo(fetchMock, approveRoute(sam.id)).map((request) => request.body)).toEqual([
      { subject: 'Happy birthday from all of us', body: 'Have a lovely day, Sam.' },
    ]);
    await waitFor(() =>
      expect(within(card).queryByLabelText('Edit the message to Sam Carter')).not.toBeInTheDocument(),
    );
  });

  it('checks the edit before sending it, and Cancel brings the draft back', async () => {
    const { user, fetchMock } = await openToday([sam]);
    const card = await findCard('Sam Carter');
    await user.click(button(card, 'Edit'));
    await user.clear(await within(card).findByLabelText(/^Message/));
    await user.click(button(card, 'Approve'));
    expect(await within(card).findByText('Write the message first')).toBeInTheDocument();
    expect(callsTo(fetchMock, approveRoute(sam.id))).toHaveLength(0);

    await user.click(button(card, 'Cancel'));
    expect(within(card).getByText('Wishing you a wonderful day.')).toBeInTheDocument();
  });

  it("shows the server's reason when an approval is refused", async () => {
    const { user } = await openToday([sam], {
      [approveRoute(sam.id)]: () =>
        jsonResponse(409, { code: 'OPTED_OUT', message: 'Sam unsubscribed from your e-mails.' }),
    });
    await user.click(button(await findCard('Sam Carter'), 'Approve'));
    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Not sent to Sam')).toBeInTheDocument();
    expect(within(toast).getByText('Sam unsubscribed from your e-mails.')).toBeInTheDocument();
  });

  it("skips a waiting message, and stops a scheduled one with Don't send", async () => {
    const { user, fetchMock } = await openToday([sam, alex], {
      [skipRoute(sam.id)]: () => answer('skipped', sam, { problem: 'Skipped by you.' }),
      [skipRoute(alex.id)]: () => answer('skipped', alex, { problem: 'Skipped by you.' }),
    });
    await user.click(button(await findCard('Sam Carter'), 'Skip'));
    expect(await toasts().findByText("Sam won't get this message.")).toBeInTheDocument();
    expect(toasts().getByText('Skipped')).toBeInTheDocument();

    await user.click(button(await findCard('Alex Kim'), "Don't send"));
    expect(await toasts().findByText("Alex won't get this message.")).toBeInTheDocument();
    expect(callsTo(fetchMock, skipRoute(sam.id))).toHaveLength(1);
    expect(callsTo(fetchMock, skipRoute(alex.id))).toHaveLength(1);
    expect(callsTo(fetchMock, QUEUE).length).toBeGreaterThanOrEqual(3);
  });

  it("approves all waiting messages with the server's approve-all, and says what went, what waits for later days and why", async () => {
    const jo = queued({ id: 'm-jo', clientName: 'Jo Lee', channel: 'sms', subject: null });
    const kai = queued({ id: 'm-kai', clientName: 'Kai Moss', occasion: 'anniversary' });
    const result = { sent: 2, scheduled: 0, heldBack: 1, failed: 0, lastSendDate: '2026-11-27', remaining: 0 };
    const { user, fetchMock } = await openToday([sam, jo, kai, alex], {
      'POST /api/outgoing/approve-all': () => jsonResponse(200, { ...result, continueAfter: null }),
    });
    expect(await screen.findByText('3 messages wait for your approval.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Today, 3 waiting')).toBeInTheDocument();
    await user.click(button(document.body, 'Approve all'));

    const report = (await screen.findByText('2 messages sent, 1 scheduled for later days')).closest('[role="status"]');
    expect(report).toHaveTextContent(
      'Your daily sending limit was reached: that one goes out on the next days with room, the last on Fri, Nov 27, 2026.',
    );
    const posts = fetchMock.mock.calls
      .map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)
      .filter((call) => call.startsWith('POST'));
    expect(posts).toEqual(['POST /api/outgoing/approve-all']);
  });

  it('says nothing waits, what will appear here, and links to Automations', async () => {
    await openToday([]);
    expect(await screen.findByText('Nothing waits for you today')).toBeInTheDocument();
    expect(screen.getByText(/When an automation is on, the messages Hearthside writes/)).toBeInTheDocument();
    expect(screen.getByText('Go to Automations').closest('a')).toHaveAttribute('href', '/automations');
  });

  it('says when the queue could not be loaded, and loads it again', async () => {
    let fail = true;
    const { user } = renderApp('/today', {
      user: createUser(),
      api: {
        [QUEUE]: () =>
          fail ? jsonResponse(503, { message: 'The service is busy.' }) : jsonResponse(200, queueOf([sam])),
        [NEXT_BEST]: () => jsonResponse(200, NOBODY),
      },
    });
    expect(await screen.findByText(/We couldn't load today's messages\. The service is busy\./)).toBeInTheDocument();
    fail = false;
    await user.click(button(document.body, 'Try again'));
    expect(await findCard('Sam Carter')).toBeInTheDocument();
  });
});

describe("/today's next best touches", () => {
  const dana = createClient({ id: 'c-dana', name: 'Dana Lee', email: 'dana@example.com' });
  const list: NextBestList = {
    date: '2026-11-24',
    items: [
      {
        clientId: 'c-dana',
        name: 'Dana Lee',
        score: 91,
        reasons: [{ code: 'thank-referrer', text: 'Referred Sam Carter last week: say thank you' }],
        channel: 'email',
        draftable: true,
        tier: 'fan',
        rhythmDays: 45,
        email: 'dana@example.com',
        phone: null,
        draft: { occasion: 'thank-referrer', instructions: 'Thank Dana for referring Sam Carter.' },
      },
    ],
    total: 1,
    limited: false,
  };
  const draft: Draft = {
    subject: 'Thank you, Dana',
    body: 'Dana, thank you for sending Sam my way.',
    engine: { provider: 'bedrock', model: 'claude' },
    quota: { used: 1, limit: 50 },
  };

  it('opens the page, above the queue, and "Write it for me" opens the composer with the draft asked for', async () => {
    const { user, fetchMock } = await openToday([sam], {
      [NEXT_BEST]: () => jsonResponse(200, list),
      'GET /api/clients/c-dana/messages': () =>
        jsonResponse(200, { client: dana, activity: [], lastContactDate: null }),
      'POST /api/clients/c-dana/drafts': () => jsonResponse(200, draft),
    });
    const heading = await screen.findByText('Who to contact today', { selector: 'h2' });
    const firstCard = await findCard('Sam Carter');
    // The next best touches come first.
    expect(heading.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByLabelText('Write it for me: a message to Dana Lee'));
    const dialog = await screen.findByRole('dialog', { name: 'Message Dana Lee' });
    expect(await within(dialog).findByDisplayValue('Dana, thank you for sending Sam my way.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/clients/c-dana/drafts').map((call) => call.body)).toEqual([
      {
        occasion: 'thank-referrer',
        channel: 'email',
        tone: 'warm',
        instructions: 'Thank Dana for referring Sam Carter.',
        variant: 0,
      },
    ]);
  });
});

describe('the Today link', () => {
  it('shows how many messages wait, in its name too', async () => {
    renderApp('/settings', {
      user: createUser(),
      api: {
        [QUEUE]: () =>
          jsonResponse(
            200,
            queueOf([sam, queued({ id: 'm-2', clientName: 'B B' }), queued({ id: 'm-3', clientName: 'C C' })]),
          ),
        'GET /api/user/calendar': () => jsonResponse(200, { exists: false, url: null, createdAt: null }),
      },
    });
    const link = await screen.findByLabelText('Today, 3 waiting');
    expect(link).toHaveRole('link');
    expect(link).toHaveAttribute('href', '/today');
    expect(link).toHaveTextContent('Today 3');
  });
});
