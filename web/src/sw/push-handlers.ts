// The service worker's side of web push: a push shows the notification the server sent (functions/domain/
// push-notifications.ts: { title, body, url }), and a tap on it focuses a window of the app already open (moved to
// the notification's page) or opens one there. Self-contained: the service worker's entry calls
// registerPushHandlers(self) and nothing else is needed.

export const NOTIFICATION_ICON = '/icons/icon-192.png';
const FALLBACK = { title: 'Hearthside', body: '', url: '/today' };

type PushPayload = { title: string; body: string; url: string };

/** The payload's fields, each checked: a push that is not our JSON still shows something and opens Today. */
export function readPushPayload(text: string | undefined): PushPayload {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const fields = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const field = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  const url = field(fields.url, FALLBACK.url);
  return {
    title: field(fields.title, FALLBACK.title),
    body: field(fields.body, FALLBACK.body),
    // Only a path of this app: a push never sends the agent to another site.
    url: url.startsWith('/') && !url.startsWith('//') ? url : FALLBACK.url,
  };
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = readPushPayload(event.data?.text());
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = new URL(typeof data?.url === 'string' ? data.url : FALLBACK.url, sw.location.origin).href;
    event.waitUntil(openOrFocus(sw, target));
  });
}

async function openOrFocus(sw: ServiceWorkerGlobalScope, target: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url !== target) await focused.navigate(target).catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(target);
}
