import { monthlyActivity, type ActivityClient } from './activity';
import { MONTHLY_ACTIVITY_MONTHS } from './constants';

let nextId = 0;
const client = (overrides: Partial<ActivityClient> = {}): ActivityClient => {
  nextId += 1;
  return { id: `c${nextId}`, name: `Client ${nextId}`, createdAt: '2020-01-01T00:00:00.000Z', ...overrides };
};

const TODAY = '2025-03-15';
const month = (activity: ReturnType<typeof monthlyActivity>, key: string) =>
  activity.months.find((m) => m.month === key);

describe('monthly activity', () => {
  it('covers the last 6 months, oldest first, ending with the current month', () => {
    const activity = monthlyActivity([], TODAY);
    expect(MONTHLY_ACTIVITY_MONTHS).toBe(6);
    expect(activity.months.map((m) => m.month)).toEqual([
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
  });

  it('shows 0 reviews and 0 reminders for a month with nothing in it', () => {
    const activity = monthlyActivity(
      [client({ birthday: '1990-01-20', reviewSubmittedAt: '2025-01-05T10:00:00Z' })],
      TODAY,
    );
    expect(month(activity, '2024-12')).toEqual({ month: '2024-12', reviews: 0, reminders: 0 });
  });

  it('is all zeros with no clients', () => {
    expect(monthlyActivity([], TODAY).totals).toEqual({ reviews: 0, reminders: 0 });
  });

  describe('reviews received', () => {
    it('counts each client in the month their review was submitted', () => {
      const clients = [
        client({ reviewSubmittedAt: '2025-02-01T09:00:00.000Z' }),
        client({ reviewSubmittedAt: '2025-02-28T23:59:59.999Z' }),
        client({ reviewSubmittedAt: '2025-03-02T12:00:00Z' }),
        client({ reviewSubmittedAt: null }),
      ];
      const activity = monthlyActivity(clients, TODAY);
      expect(activity.months.map((m) => m.reviews)).toEqual([0, 0, 0, 0, 2, 1]);
      expect(activity.totals.reviews).toBe(3);
    });

    it("reads the month of the timestamp in the agent's time zone", () => {
      // 01:00 UTC on 1 February is still 31 January (20:00) in New York, and already 1 February in UTC.
      const review = [client({ reviewSubmittedAt: '2025-02-01T01:00:00Z' })];
      const inNewYork = monthlyActivity(review, TODAY, { timeZone: 'America/New_York' });
      expect([month(inNewYork, '2025-01')?.reviews, month(inNewYork, '2025-02')?.reviews]).toEqual([1, 0]);
      const inUtc = monthlyActivity(review, TODAY, { timeZone: 'UTC' });
      expect([month(inUtc, '2025-01')?.reviews, month(inUtc, '2025-02')?.reviews]).toEqual([0, 1]);
    });

    it("counts a client added late in the agent's evening from that day, not UTC's next", () => {
      // Added 23:30 on 14 March in Los Angeles (06:30 UTC on the 15th), with a birthday on the 14th: the reminder
      // counts.
      const clients = [client({ birthday: '1990-03-14', createdAt: '2025-03-15T06:30:00Z' })];
      expect(month(monthlyActivity(clients, TODAY, { timeZone: 'America/Los_Angeles' }), '2025-03')?.reminders).toBe(1);
      expect(month(monthlyActivity(clients, TODAY, { timeZone: 'UTC' }), '2025-03')?.reminders).toBe(0);
    });

    it('leaves out reviews older than the chart', () => {
      expect(monthlyActivity([client({ reviewSubmittedAt: '2024-09-30T12:00:00Z' })], TODAY).totals.reviews).toBe(0);
    });
  });

  describe('reminders provided', () => {
    it('counts birthday, anniversary and home anniversary events in the month they fell', () => {
      const activity = monthlyActivity(
        [client({ birthday: '1980-11-03', anniversary: '2005-11-20', purchaseDate: '2019-01-10' })],
        TODAY,
      );
      expect(month(activity, '2024-11')?.reminders).toBe(2);
      expect(month(activity, '2025-01')?.reminders).toBe(1);
      expect(activity.totals.reminders).toBe(3);
    });

    it('counts this month’s events only up to today', () => {
      const clients = [client({ birthday: '1980-03-15' }), client({ birthday: '1980-03-16' })];
      expect(month(monthlyActivity(clients, TODAY), '2025-03')?.reminders).toBe(1);
    });

    it('counts a reminder only if the client already existed on the event date', () => {
      const clients = [
        client({ birthday: '1980-12-10', createdAt: '2024-12-10T18:00:00.000Z' }),
        client({ birthday: '1980-12-10', createdAt: '2024-12-11T08:00:00.000Z' }),
      ];
      expect(month(monthlyActivity(clients, TODAY), '2024-12')?.reminders).toBe(1);
    });

    it('gives no home anniversary for a home bought within the chart', () => {
      const activity = monthlyActivity([client({ purchaseDate: '2024-11-05' })], TODAY);
      expect(activity.totals.reminders).toBe(0);
    });

    it('counts a 29 February birthday on 28 February in a year without one', () => {
      const activity = monthlyActivity([client({ birthday: '2000-02-29' })], TODAY);
      expect(month(activity, '2025-02')?.reminders).toBe(1);
    });

    it('counts events on both sides of a year end', () => {
      const activity = monthlyActivity(
        [client({ birthday: '1980-12-31' }), client({ birthday: '1980-01-01' })],
        '2025-01-20',
      );
      expect(month(activity, '2024-12')?.reminders).toBe(1);
      expect(month(activity, '2025-01')?.reminders).toBe(1);
    });
  });

  it('takes a different number of months', () => {
    expect(monthlyActivity([], TODAY, { months: 3 }).months.map((m) => m.month)).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
  });
});
