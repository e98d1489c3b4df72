// A stand-in for GET /api/reminders?limit=&cursor= over a list of clients, for the page's tests
// ("GET /api/reminders?*"): the API's answers (a ReminderPage: every key date's next occurrence,
// soonest first, with the clients of each page) without its index; the cursor is an offset. Pages
// hold at most `pageSize` events whatever the limit, so a test renders only a few rows.
import type { Client, ReminderPage } from '@shared/api-types';
import { upcomingReminders } from '@shared/reminders';
import { jsonResponse, type MockHandler } from './mock-api';

export function reminderPages(
  clients: readonly Client[],
  today: string,
  { pageSize = Infinity }: { pageSize?: number } = {},
): MockHandler {
  return ({ url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const limit = Math.min(Number(params.get('limit') ?? 50), pageSize);
    const start = Number(params.get('cursor') ?? 0);
    const all = upcomingReminders(clients, today);
    const events = all.slice(start, start + limit);
    const ids = new Set(events.map((e) => e.clientId));
    const body: ReminderPage = {
      today,
      events,
      clients: clients.filter((c) => ids.has(c.id)),
      nextCursor: start + limit < all.length ? String(start + limit) : null,
    };
    return jsonResponse(200, body);
  };
}
