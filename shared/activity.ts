// The dashboard's Monthly Activity chart: reviews received and reminders provided per month.
import { MONTHLY_ACTIVITY_MONTHS } from './constants';
import { lastMonths, monthKey } from './dates';
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

/** The UTC calendar date of an ISO timestamp, or null when it is missing or unreadable. */
function utcDate(timestamp: string | null | undefined): string | null {
  if (!timestamp) return null;
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * Reviews received in a month: clients whose review was submitted (reviewSubmittedAt, UTC) in it.
 * Reminders provided in a month: the key-date events (birthday, anniversary, home anniversary, by
 * the reminder rules) that fell in it on or before today, for clients who already existed on the
 * event's date (created on or before it). A client with no readable createdAt counts as existing.
 */
export function monthlyActivity(
  clients: readonly ActivityClient[],
  today: string,
  months: number = MONTHLY_ACTIVITY_MONTHS,
): MonthlyActivity {
  const points = lastMonths(today, months).map((month) => ({ month, reviews: 0, reminders: 0 }));
  const byMonth = new Map(points.map((point) => [point.month, point]));
  const firstDay = points[0] ? `${points[0].month}-01` : today;

  for (const client of clients) {
    const reviewedOn = utcDate(client.reviewSubmittedAt);
    const reviewMonth = reviewedOn ? byMonth.get(monthKey(reviewedOn)) : undefined;
    if (reviewMonth) reviewMonth.reviews += 1;

    const createdOn = utcDate(client.createdAt);
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
