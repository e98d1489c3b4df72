// The dashboard in one read (GET /api/dashboard), whatever the size of the book: the client count
// from the plan counter, the submitted reviews from the book counters, the next occasions from the
// occasion index from today (one Query, a BatchGet), and the monthly activity from the month
// counters (reviews received, and the key dates that came round: the digest counts them each day), and the Google
// location's rating from the connection item (one GetItem). Months and "today" are the agent's, in their time zone.
import type { Dashboard } from '@shared/api-types';
import { DASHBOARD_REMINDER_LIMIT, DASHBOARD_REMINDER_WINDOW_DAYS, MONTHLY_ACTIVITY_MONTHS } from '@shared/constants';
import { addDays, lastMonths, todayIn } from '@shared/dates';
import { toClient } from '../data/clients';
import { getConnection, locationRating } from '../data/google-connections';
import { readBook, readMonthCounters } from '../data/insights';
import { readOccasions } from '../data/occasions';
import type { InsightsAgent } from './insights';

export async function readDashboard(agent: InsightsAgent, now = new Date()): Promise<Dashboard> {
  const today = todayIn(agent.timeZone, now);
  const months = lastMonths(today, MONTHLY_ACTIVITY_MONTHS);
  const [counts, book, upcoming, connection] = await Promise.all([
    readMonthCounters(agent.id, months[0]!),
    readBook(agent.id),
    readOccasions(agent.id, today, {
      limit: DASHBOARD_REMINDER_LIMIT,
      through: addDays(today, DASHBOARD_REMINDER_WINDOW_DAYS),
    }),
    getConnection(agent.id),
  ]);
  const byMonth = new Map(counts.map((c) => [c.month, c]));
  const points = months.map((month) => ({
    month,
    reviews: byMonth.get(month)?.reviewsSubmitted ?? 0,
    reminders: byMonth.get(month)?.occasionsDue ?? 0,
  }));
  return {
    today,
    googleRating: locationRating(connection),
    clients: Math.max(0, Number(agent.clientCount ?? 0) || 0),
    reviews: book.reviews,
    reviewsAwaiting: book.reviewsAwaiting,
    upcoming: upcoming.events,
    upcomingClients: upcoming.clients.map(toClient),
    activity: {
      months: points,
      totals: {
        reviews: points.reduce((sum, p) => sum + p.reviews, 0),
        reminders: points.reduce((sum, p) => sum + p.reminders, 0),
      },
    },
  };
}
