import type { PushDevice } from '@shared/api-types';
import { createUser } from '@/testing/data-generators';
import { callsTo, deferred, emptyResponse, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { openSettingsPage } from '@/testing/settings-page';
import { regionByHeading, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { DEVICE_REMOVED, DEVICES_HEADING, NO_DEVICES } from './push-devices-list';
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

/** A device as GET /api/push/subscriptions lists it. */
const pushDevice = (overrides: Partial<PushDevice> = {}): PushDevice => ({
  id: 'sub-1',
  deviceLabel: 'Chrome on Android',
  createdAt: '2026-03-02T15:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

/** The server's devices: GET lists them, POST adds `sub-1` (this browser), DELETE removes one. */
function serverDevices(initial: PushDevice[] = []): MockRoutes {
  let devices = initial;
  const without = (id: string) => devices.filter((device) => device.id !== id);
  const remove = (id: string) => {
    devices = without(id);
    return emptyResponse(204);
  };
  return {
    'GET /api/push/subscriptions': () => jsonResponse(200, { subscriptions: devices }),
    'POST /api/push/subscriptions': () => {
      devices = [pushDevice(), ...without('sub-1')];
      return jsonResponse(201, { id: 'sub-1' });
    },
    'DELETE /api/push/subscriptions/sub-1': () => remove('sub-1'),
    'DELETE /api/push/subscriptions/sub-2': () => remove('sub-2'),
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
  localStorage.clear();
});

async function openCard(api: MockRoutes = {}) {
  const view = await openSettingsPage({ api });
  return { ...view, card: regionByHeading(CARD) };
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
      ...serverDevices(),
      'GET /api/push/key': () => jsonResponse(200, { publicKey: SERVER_KEY }),
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
    const { user, card, fetchMock } = await openCard(serverDevices([pushDevice()]));

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

describe('/settings: devices with notifications on', () => {
  const phone = pushDevice({ id: 'sub-2', deviceLabel: 'Safari on iPhone', lastUsedAt: '2026-03-09T08:00:00.000Z' });
  const laptop = pushDevice({ id: 'sub-3', deviceLabel: 'Firefox on Windows' });
  const devicesIn = (card: HTMLElement) => within(card).getByRole('list', { name: DEVICES_HEADING });

  it('lists each device with when it was added and last notified, and removes one after asking', async () => {
    const { user, card, fetchMock } = await openCard(serverDevices([phone, laptop]));

    const list = await within(card).findByRole('list', { name: DEVICES_HEADING });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Safari on iPhoneAdded Mar 2, 2026 · last notified Mar 9, 2026Remove$/),
      expect.stringMatching(/^Firefox on WindowsAdded Mar 2, 2026 · not notified yetRemove$/),
    ]);

    await user.click(within(list).getByRole('button', { name: 'Remove Safari on iPhone, added Mar 2, 2026' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Safari on iPhone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(toastRegion()).findByText(DEVICE_REMOVED)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/push/subscriptions/sub-2')).toHaveLength(1);
    await waitFor(() => expect(within(devicesIn(card)).getAllByRole('listitem')).toHaveLength(1));
    expect(within(devicesIn(card)).getByText('Firefox on Windows')).toBeInTheDocument();
  });

  it('says when no device gets notifications', async () => {
    const { card } = await openCard(serverDevices());
    expect(await within(card).findByText(NO_DEVICES)).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: DEVICES_HEADING })).not.toBeInTheDocument();
  });

  it('says it is loading, then why the list is missing, and loads it again on Try again', async () => {
    const first = deferred<Response>();
    let answers = 0;
    const { user, card } = await openCard({
      'GET /api/push/subscriptions': () => {
        answers += 1;
        return answers === 1 ? first.promise : jsonResponse(200, { subscriptions: [laptop] });
      },
    });
    expect(await within(card).findByText('Loading your devices…')).toBeInTheDocument();

    first.resolve(jsonResponse(500, { message: 'Something went wrong', code: 'INTERNAL' }));
    expect(await within(card).findByText('Your devices could not be loaded.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));

    expect(await within(card).findByRole('list', { name: DEVICES_HEADING })).toHaveTextContent('Firefox on Windows');
  });

  it('marks this browser in the list, and counts it off once the server has ended its subscription', async () => {
    fakePushBrowser({ subscribed: true, permission: 'granted' });
    localStorage.setItem('hearthside.push-subscription-id', 'sub-1');
    const known = await openCard(serverDevices([pushDevice(), laptop]));
    expect(await within(known.card).findByText('This device')).toBeInTheDocument();
    expect(within(known.card).getByText('Notifications are on for this device.')).toBeInTheDocument();
    known.unmount();

    // A logout elsewhere or a password reset ended the session that subscribed this browser.
    const ended = await openCard(serverDevices([laptop]));
    expect(await within(ended.card).findByText('Notifications are off for this device.')).toBeInTheDocument();
    expect(within(ended.card).getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
    expect(within(ended.card).queryByText('This device')).not.toBeInTheDocument();
  });
});
