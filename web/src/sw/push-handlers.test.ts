import { NOTIFICATION_ICON, readPushPayload, registerPushHandlers } from './push-handlers';

type Listener = (event: unknown) => void;

/** The parts of a service worker's global scope the handlers use, with the windows it can see. */
function fakeServiceWorker(windows: Array<{ url: string }> = []) {
  const listeners = new Map<string, Listener>();
  const opened: string[] = [];
  type FakeWindow = { url: string; focus: jest.Mock; navigate: jest.Mock };
  const clients: FakeWindow[] = windows.map((window) => {
    const client: FakeWindow = {
      ...window,
      focus: jest.fn(async () => client),
      navigate: jest.fn(async (url: string) => ({ ...window, url })),
    };
    return client;
  });
  const sw = {
    location: { origin: 'https://app.example.com' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: jest.fn(async () => undefined) },
    clients: {
      matchAll: jest.fn(async () => clients),
      openWindow: jest.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
  };
  registerPushHandlers(sw as unknown as ServiceWorkerGlobalScope);
  /** Fires an event and waits for what it asked to wait for. */
  const fire = async (type: string, fields: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...fields, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { sw, clients, opened, fire };
}

const pushEvent = (payload: unknown) => ({ data: { text: () => JSON.stringify(payload) } });
const clickOn = (url: unknown) => ({ notification: { data: { url }, close: jest.fn() } });

describe('the push handler', () => {
  it("shows the server's title and body with the app icon, keeping the page to open", async () => {
    const { sw, fire } = fakeServiceWorker();
    await fire('push', pushEvent({ title: 'Anna Keller replied', body: 'Thursday works', url: '/inbox/c1' }));
    expect(sw.registration.showNotification).toHaveBeenCalledWith('Anna Keller replied', {
      body: 'Thursday works',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      data: { url: '/inbox/c1' },
    });
  });

  it('shows something that opens Today for a push that is not our JSON, and never a link to another site', () => {
    expect(readPushPayload('not json')).toEqual({ title: 'Hearthside', body: '', url: '/today' });
    expect(readPushPayload(undefined)).toEqual({ title: 'Hearthside', body: '', url: '/today' });
    expect(readPushPayload(JSON.stringify({ title: 'x', url: 'https://evil.example/' })).url).toBe('/today');
    expect(readPushPayload(JSON.stringify({ title: 'x', url: '//evil.example/' })).url).toBe('/today');
  });
});

describe('the notification click', () => {
  it("focuses the app's open window and takes it to the notification's page", async () => {
    const { clients, opened, fire } = fakeServiceWorker([{ url: 'https://app.example.com/clients' }]);
    const event = clickOn('/inbox/c1');
    await fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(clients[0]!.focus).toHaveBeenCalled();
    expect(clients[0]!.navigate).toHaveBeenCalledWith('https://app.example.com/inbox/c1');
    expect(opened).toEqual([]);
  });

  it('opens a window at the page when none of the app is open', async () => {
    const { opened, fire } = fakeServiceWorker([{ url: 'https://other.example.com/' }]);
    await fire('notificationclick', clickOn('/today'));
    expect(opened).toEqual(['https://app.example.com/today']);
  });
});
