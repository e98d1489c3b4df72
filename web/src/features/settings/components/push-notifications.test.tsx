import { createUser } from '@/testing/data-generators';
import { callsTo, emptyResponse, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { findPageHeading, regionByHeading, renderApp, toastRegion, waitFor, within } from '@/testing/test-utils';
import { IPHONE_HELP, PUSH_TURNED_OFF, PUSH_TURNED_ON } from './push-notifications-card';

const CARD = 'Notifications on this device';
// A P-256 point's shape (0x04, then 64 bytes), as GET /api/push/key answers it.
const SERVER_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/device-1',
  expirationTime: null,
  keys: {
    p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString('base64url'),
    auth: 'AAAAAAAAAAAAAAAAAAAAAA',
  },
};

type FakeBrowser = {
  registered?: boolean;
  subscribed?: boolean;
  permission?: NotificationPermission;
  answer?: NotificationPermission;
};

/** The browser's Push API, Notification API and service worker registration, as far as the card uses them. */
function fakePushBrowser({
  registered = true,
  subscribed = false,
  permission = 'default',
  answer = 'granted',
}: FakeBrowser = {}) {
  const subscription = {
    ...SUBSCRIPTION,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: jest.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const notification = {
    permission,
    requestPermission: jest.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: jest.fn(async () => (registered ? { pushManager } : undefined)) },
  });
  Object.assign(window, { PushManager: function PushManager() {}, Notification: notification });
  return { pushManager, subscription, notification };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
  localStorage.clear();
});

async function openCard(api: MockRoutes = {}) {
  const agent = createUser();
  const view = renderApp('/settings', {
    user: agent,
    api: { 'GET /api/user/calendar': () => jsonResponse(200, { exists: false, url: null, createdAt: null }), ...api },
  });
  await findPageHeading('Settings');
  return { ...view, agent, card: regionByHeading(CARD) };
}

describe('/settings: notifications on this device', () => {
  it('says the browser cannot receive notifications without the Push API, and still explains iPhones', async () => {
    const { card } = await openCard();
    expect(await within(card).findByText('This browser cannot receive notifications.')).toBeInTheDocument();
    expect(within(card).getByText(IPHONE_HELP)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
  });

  it('says notifications need the installed app when no service worker is registered yet', async () => {
    fakePushBrowser({ registered: false });
    const { card } = await openCard();
    expect(await within(card).findByText(/Notifications need the installed app/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
  });

  it("turns on: asks permission, subscribes with the server's key, saves the subscription, then sends a test", async () => {
    const browser = fakePushBrowser();
    const { user, card, fetchMock } = await openCard({
      'GET /api/push/key': () => jsonResponse(200, { publicKey: SERVER_KEY }),
      'POST /api/push/subscriptions': () => jsonResponse(201, { id: 'sub-1' }),
      'POST /api/push/test': () => jsonResponse(200, { sent: 1 }),
    });

    await user.click(await within(card).findByRole('button', { name: 'Turn on notifications' }));

    expect(await within(toastRegion()).findByText(PUSH_TURNED_ON)).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(SERVER_KEY);
    expect(callsTo(fetchMock, 'POST /api/push/subscriptions').map((c) => c.body)).toEqual([
      { endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys },
    ]);
    expect(within(card).getByText('Notifications are on for this device.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send a test' }));
    expect(await within(toastRegion()).findByText('Test sent to 1 device')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/push/test')).toHaveLength(1);
  });

  it('does not subscribe when the permission is refused, and says why', async () => {
    const browser = fakePushBrowser({ answer: 'denied' });
    const { user, card, fetchMock } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Turn on notifications' }));
    expect(await within(toastRegion()).findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST /api/push/subscriptions')).toHaveLength(0);
    expect(await within(card).findByRole('button', { name: 'Turn on notifications' })).toBeDisabled();
  });

  it('turns off: unsubscribes this browser and deletes its subscription on the server', async () => {
    const browser = fakePushBrowser({ subscribed: true, permission: 'granted' });
    localStorage.setItem('hearthside.push-subscription-id', 'sub-1');
    const { user, card, fetchMock } = await openCard({
      'DELETE /api/push/subscriptions/sub-1': () => emptyResponse(204),
    });

    await user.click(await within(card).findByRole('button', { name: 'Turn off' }));

    expect(await within(toastRegion()).findByText(PUSH_TURNED_OFF)).toBeInTheDocument();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, 'DELETE /api/push/subscriptions/sub-1')).toHaveLength(1);
    expect(await within(card).findByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
  });

  it('shows the three switches as the agent set them and saves one as it changes', async () => {
    fakePushBrowser();
    const { user, card, fetchMock, agent } = await openCard({
      'PATCH /api/user/preferences': () =>
        jsonResponse(200, createUser({ pushPrefs: { digest: true, replies: false, approvals: true } })),
    });
    expect(agent.pushPrefs).toEqual({ digest: true, replies: true, approvals: true });
    for (const name of ['Morning digest', 'Client replies', 'Messages to approve'])
      expect(within(card).getByRole('switch', { name })).toBeChecked();

    await user.click(within(card).getByRole('switch', { name: 'Client replies' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/user/preferences').map((c) => c.body)).toEqual([
        { push: { replies: false } },
      ]),
    );
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Client replies' })).not.toBeChecked());
  });
});
