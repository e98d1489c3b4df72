// The dashboard's Monthly Activity chart: reviews received and reminders provided per month.
import { MONTHLY_ACTIVITY_MONTHS } from './constants';
import { lastMonths, monthKey, todayIn } from './dates';
import { eventsWithin, type ReminderClient } from './reminders';

export type ActivityClient = ReminderClient & {
  /** ISO-8601 timestamp. */
  createdAt?: string | null;
  /** ISO-8601 timestamp. */
  reviewSubmittedAt?: string | null;
};

export type MonthlyActivityPoint = { month: string; reviews: number; reminders: number };

export type MonthlyActivity = {
  /** Oldest month first, ending with the month of today. */
  months: MonthlyActivityPoint[];
  totals: { reviews: number; reminders: number };
};

/** The calendar date of an ISO timestamp in `timeZone`, or null when it is missing or unreadable. */
function localDate(timestamp: string | null | undefined, timeZone: string): string | null {
  if (!timestamp) return null;
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? null : todayIn(timeZone, new Date(time));
}

/**
 * Reviews received in a month: clients whose review was submitted (reviewSubmittedAt) in it.
 * Reminders provided in a month: the key-date events (birthday, anniversary, home anniversary, by
 * the reminder rules) that fell in it on or before today, for clients who already existed on the
 * event's date (created on or before it). A client with no readable createdAt counts as existing.
 * Timestamps are read in the agent's time zone (`timeZone`), as GET /api/insights counts months.
 */
export function monthlyActivity(
  clients: readonly ActivityClient[],
  today: string,
  { timeZone = 'UTC', months = MONTHLY_ACTIVITY_MONTHS }: { timeZone?: string; months?: number } = {},
): MonthlyActivity {
  const points = lastMonths(today, months).map((month) => ({ month, reviews: 0, reminders: 0 }));
  const byMonth = new Map(points.map((point) => [point.month, point]));
  const firstDay = points[0] ? `${points[0].month}-01` : today;

  for (const client of clients) {
    const reviewedOn = localDate(client.reviewSubmittedAt, timeZone);
    const reviewMonth = reviewedOn ? byMonth.get(monthKey(reviewedOn)) : undefined;
    if (reviewMonth) reviewMonth.reviews += 1;

    const createdOn = localDate(client.createdAt, timeZone);
    for (const event of eventsWithin([client], firstDay, today)) {
      if (createdOn && createdOn > event.date) continue;
      const eventMonth = byMonth.get(monthKey(event.date));
      if (eventMonth) eventMonth.reminders += 1;
    }
  }

  return {
    months: points,
    totals: {
      reviews: points.reduce((sum, point) => sum + point.reviews, 0),
      reminders: points.reduce((sum, point) => sum + point.reminders, 0),
    },
  };
}
