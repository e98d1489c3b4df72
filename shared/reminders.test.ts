import fc from 'fast-check';
import { DASHBOARD_REMINDER_LIMIT, DASHBOARD_REMINDER_WINDOW_DAYS } from './constants';
import { addDays, dateParts, daysBetween, isLeapYear } from './dates';
import {
  dashboardReminders,
  eventsWithin,
  nextOccurrence,
  reminderEvents,
  upcomingReminders,
  type ReminderClient,
  type ReminderEvent,
} from './reminders';

let nextId = 0;
const client = (overrides: Partial<ReminderClient> = {}): ReminderClient => {
  nextId += 1;
  return { id: `c${nextId}`, name: `Client ${nextId}`, ...overrides };
};

const summary = (events: ReminderEvent[]) => events.map((e) => `${e.date} ${e.clientName} ${e.type}`);

describe('next occurrence', () => {
  it('keeps a date still ahead this year in this year', () => {
    expect(nextOccurrence('1980-07-04', '2025-03-01')).toBe('2025-07-04');
  });

  it("counts today's date as upcoming", () => {
    expect(nextOccurrence('1980-03-01', '2025-03-01')).toBe('2025-03-01');
  });

  it('moves a date that has passed this year to next year', () => {
    expect(nextOccurrence('1980-02-28', '2025-03-01')).toBe('2026-02-28');
  });

  it('crosses the year end: on 31 December, 1 January is tomorrow', () => {
    expect(nextOccurrence('1990-01-01', '2025-12-31')).toBe('2026-01-01');
    expect(nextOccurrence('1990-12-31', '2025-12-31')).toBe('2025-12-31');
    expect(nextOccurrence('1990-12-31', '2026-01-01')).toBe('2026-12-31');
  });

  describe('a 29 February birthday', () => {
    const leapDay = '2000-02-29';

    it('falls on 28 February in 2025', () => {
      expect(nextOccurrence(leapDay, '2025-01-10')).toBe('2025-02-28');
    });

    it('is celebrated on 28 February 2025 itself', () => {
      expect(nextOccurrence(leapDay, '2025-02-28')).toBe('2025-02-28');
    });

    it('after 28 February 2025 comes next on 28 February 2026', () => {
      expect(nextOccurrence(leapDay, '2025-03-01')).toBe('2026-02-28');
    });

    it('after 28 February 2027 comes next on 29 February 2028', () => {
      expect(nextOccurrence(leapDay, '2027-03-01')).toBe('2028-02-29');
    });

    it('is 29 February, not 28, in 2028', () => {
      expect(nextOccurrence(leapDay, '2028-02-28')).toBe('2028-02-29');
      expect(nextOccurrence(leapDay, '2028-02-29')).toBe('2028-02-29');
    });
  });

  it('keeps 28 February on 28 February in a leap year', () => {
    expect(nextOccurrence('1999-02-28', '2028-02-01')).toBe('2028-02-28');
  });
});

describe('reminder events', () => {
  it('gives a Birthday and an Anniversary event at their next occurrences', () => {
    const ann = client({ name: 'Ann', birthday: '1980-07-04', anniversary: '2010-02-14' });
    expect(reminderEvents(ann, '2025-03-01')).toEqual([
      { clientId: ann.id, clientName: 'Ann', date: '2025-07-04', type: 'Birthday', kind: 'birthday' },
      { clientId: ann.id, clientName: 'Ann', date: '2026-02-14', type: 'Anniversary', kind: 'anniversary' },
    ]);
  });

  it('numbers a home anniversary by the year it falls in minus the purchase year', () => {
    const buyer = client({ purchaseDate: '2020-05-10' });
    expect(reminderEvents(buyer, '2025-03-01')).toMatchObject([
      { date: '2025-05-10', type: '5 Year Home Anniversary', kind: 'home' },
    ]);
  });

  it('numbers it by next year when this year’s date has passed (not by the current year)', () => {
    const buyer = client({ purchaseDate: '2020-01-15' });
    expect(reminderEvents(buyer, '2025-06-01')).toMatchObject([
      { date: '2026-01-15', type: '6 Year Home Anniversary' },
    ]);
  });

  it('gives a purchase made earlier this year its first anniversary next year', () => {
    const buyer = client({ purchaseDate: '2025-01-15' });
    expect(reminderEvents(buyer, '2025-06-01')).toMatchObject([
      { date: '2026-01-15', type: '1 Year Home Anniversary' },
    ]);
  });

  it('gives no home anniversary on the purchase day itself', () => {
    expect(reminderEvents(client({ purchaseDate: '2025-06-01' }), '2025-06-01')).toEqual([]);
  });

  it('gives no home anniversary for a purchase date still ahead', () => {
    expect(reminderEvents(client({ purchaseDate: '2025-09-01' }), '2025-06-01')).toEqual([]);
  });

  it('ignores missing, empty and invalid dates', () => {
    const sparse = client({ birthday: null, anniversary: '', purchaseDate: '2023-02-29' });
    expect(reminderEvents(sparse, '2025-06-01')).toEqual([]);
    expect(reminderEvents(client(), '2025-06-01')).toEqual([]);
  });
});

describe('upcoming reminders (the reminders page)', () => {
  it('lists every event sorted by date, then client name', () => {
    const clients = [
      client({ id: 'a-first-id', name: 'Zoe', birthday: '1990-04-01' }),
      client({ id: 'b-second-id', name: 'adam', birthday: '1991-04-01' }),
      client({ name: 'Bea', anniversary: '2001-03-15', purchaseDate: '2019-12-31' }),
    ];
    expect(summary(upcomingReminders(clients, '2025-03-01'))).toEqual([
      '2025-03-15 Bea Anniversary',
      '2025-04-01 adam Birthday',
      '2025-04-01 Zoe Birthday',
      '2025-12-31 Bea 6 Year Home Anniversary',
    ]);
  });

  it('has no 60-day window', () => {
    const events = upcomingReminders([client({ birthday: '1990-02-01' })], '2025-03-01');
    expect(summary(events)).toEqual([expect.stringMatching(/^2026-02-01 /)]);
  });

  it('has no cap', () => {
    const clients = Array.from({ length: 12 }, () => client({ birthday: '1990-03-10' }));
    expect(upcomingReminders(clients, '2025-03-01')).toHaveLength(12);
  });
});

describe('dashboard reminders', () => {
  const today = '2025-03-01';

  it('includes today and the 60th day, but not the 61st', () => {
    const clients = [
      client({ name: 'Today', birthday: '1990-03-01' }),
      client({ name: 'Day 60', birthday: `1990-${addDays(today, 60).slice(5)}` }),
      client({ name: 'Day 61', birthday: `1990-${addDays(today, 61).slice(5)}` }),
    ];
    expect(dashboardReminders(clients, today).map((e) => e.clientName)).toEqual(['Today', 'Day 60']);
  });

  it('keeps only the 5 soonest', () => {
    const clients = ['03-20', '03-02', '04-15', '03-10', '03-05', '04-01', '03-03'].map((monthDay, i) =>
      client({ name: `N${i}`, birthday: `1985-${monthDay}` }),
    );
    expect(dashboardReminders(clients, today).map((e) => e.date)).toEqual([
      '2025-03-02',
      '2025-03-03',
      '2025-03-05',
      '2025-03-10',
      '2025-03-20',
    ]);
  });

  it('uses the configured window and limit', () => {
    expect(DASHBOARD_REMINDER_WINDOW_DAYS).toBe(60);
    expect(DASHBOARD_REMINDER_LIMIT).toBe(5);
  });

  it('reaches across the year end', () => {
    const events = dashboardReminders([client({ birthday: '1990-01-05' })], '2025-12-20');
    expect(events.map((e) => e.date)).toEqual(['2026-01-05']);
  });
});

describe('events within a date range', () => {
  it('finds occurrences on both sides of a year end', () => {
    const clients = [client({ name: 'Dec', birthday: '1970-12-25' }), client({ name: 'Jan', birthday: '1970-01-05' })];
    expect(summary(eventsWithin(clients, '2024-12-15', '2025-01-15'))).toEqual([
      '2024-12-25 Dec Birthday',
      '2025-01-05 Jan Birthday',
    ]);
  });

  it('finds every year’s occurrence in a range longer than a year, numbering home anniversaries per year', () => {
    const buyer = client({ name: 'Buyer', purchaseDate: '2022-06-30' });
    expect(summary(eventsWithin([buyer], '2022-01-01', '2025-12-31'))).toEqual([
      '2023-06-30 Buyer 1 Year Home Anniversary',
      '2024-06-30 Buyer 2 Year Home Anniversary',
      '2025-06-30 Buyer 3 Year Home Anniversary',
    ]);
  });

  it('includes both ends of the range', () => {
    const clients = [client({ birthday: '1990-05-01' }), client({ anniversary: '2000-05-31' })];
    expect(eventsWithin(clients, '2025-05-01', '2025-05-31')).toHaveLength(2);
  });

  it('moves 29 February to 28 February only in years without one', () => {
    const leapling = client({ birthday: '2000-02-29' });
    expect(eventsWithin([leapling], '2023-01-01', '2024-12-31').map((e) => e.date)).toEqual([
      '2023-02-28',
      '2024-02-29',
    ]);
  });

  it('is empty when the range ends before it starts', () => {
    expect(eventsWithin([client({ birthday: '1990-05-01' })], '2025-06-01', '2025-05-01')).toEqual([]);
  });
});

describe('reminder properties', () => {
  const START = '1900-01-01';
  const dateBetween = (from: string, to: string) =>
    fc.integer({ min: 0, max: daysBetween(from, to) }).map((n) => addDays(from, n));
  const leapDay = fc.integer({ min: 0, max: 50 }).map((n) => `${1904 + n * 4}-02-29`);
  const keyDate = fc.oneof(dateBetween(START, '2100-12-31'), leapDay);
  const today = fc.oneof(dateBetween('2000-01-01', '2099-12-31'), dateBetween('2027-02-25', '2028-03-05'));
  const maybeKeyDate = fc.option(keyDate, { nil: undefined });
  const clientArb = fc.record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    birthday: maybeKeyDate,
    anniversary: maybeKeyDate,
    purchaseDate: maybeKeyDate,
  });

  it('puts the next occurrence on or after today and less than a year away', () => {
    fc.assert(
      fc.property(keyDate, today, (date, now) => {
        const days = daysBetween(now, nextOccurrence(date, now));
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(365);
      }),
    );
  });

  it('keeps the month and day, or 28 February for 29 February in a year without one', () => {
    fc.assert(
      fc.property(keyDate, today, (date, now) => {
        const occurrence = dateParts(nextOccurrence(date, now));
        const original = dateParts(date);
        const leapDayMoved = original.month === 2 && original.day === 29 && !isLeapYear(occurrence.year);
        expect([occurrence.month, occurrence.day]).toEqual([original.month, leapDayMoved ? 28 : original.day]);
      }),
    );
  });

  it('never skips an occurrence: nothing of that date falls between today and the next occurrence', () => {
    fc.assert(
      fc.property(keyDate, today, (date, now) => {
        const next = nextOccurrence(date, now);
        const earlier = eventsWithin([{ id: 'x', name: 'x', birthday: date }], now, addDays(next, -1));
        expect(earlier).toEqual([]);
      }),
    );
  });

  it('shows on the dashboard a sorted prefix of the reminders page: at most 5, all within 60 days', () => {
    fc.assert(
      fc.property(fc.array(clientArb, { maxLength: 15 }), today, (clients, now) => {
        const all = upcomingReminders(clients, now);
        const card = dashboardReminders(clients, now);
        expect(card.length).toBeLessThanOrEqual(DASHBOARD_REMINDER_LIMIT);
        expect(all.slice(0, card.length)).toEqual(card);
        for (const event of card) {
          expect(daysBetween(now, event.date)).toBeGreaterThanOrEqual(0);
          expect(daysBetween(now, event.date)).toBeLessThanOrEqual(DASHBOARD_REMINDER_WINDOW_DAYS);
        }
        const withinWindow = all.filter((e) => daysBetween(now, e.date) <= DASHBOARD_REMINDER_WINDOW_DAYS);
        expect(card.length).toBe(Math.min(withinWindow.length, DASHBOARD_REMINDER_LIMIT));
      }),
    );
  });

  it('sorts the reminders page by date', () => {
    fc.assert(
      fc.property(fc.array(clientArb, { maxLength: 15 }), today, (clients, now) => {
        const dates = upcomingReminders(clients, now).map((e) => e.date);
        expect(dates).toEqual([...dates].sort());
      }),
    );
  });

  it('agrees with events within the coming year', () => {
    fc.assert(
      fc.property(clientArb, today, (someone, now) => {
        const next = reminderEvents(someone, now);
        const window = eventsWithin([someone], now, addDays(now, 365));
        for (const event of next) expect(window).toContainEqual(event);
      }),
    );
  });
});

describe('a birthday without a year (--MM-DD)', () => {
  const noYear = client({ name: 'José', birthday: '--11-07' });

  it('is reminded every year on its month and day, as a plain Birthday', () => {
    expect(reminderEvents(noYear, '2025-06-01')).toEqual([
      expect.objectContaining({ date: '2025-11-07', type: 'Birthday', kind: 'birthday' }),
    ]);
    expect(reminderEvents(noYear, '2025-11-08')).toEqual([
      expect.objectContaining({ date: '2026-11-07', type: 'Birthday' }),
    ]);
    expect(upcomingReminders([noYear], '2030-11-07').map((e) => e.date)).toEqual(['2030-11-07']);
  });

  it('is in the daily digest range of every year', () => {
    expect(eventsWithin([noYear], '2024-01-01', '2026-12-31').map((e) => e.date)).toEqual([
      '2024-11-07',
      '2025-11-07',
      '2026-11-07',
    ]);
  });

  it('falls on 28 February in common years when it is --02-29', () => {
    expect(eventsWithin([client({ birthday: '--02-29' })], '2027-01-01', '2028-12-31').map((e) => e.date)).toEqual([
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('is a birthday-only form: an anniversary or purchase date without a year gives no event', () => {
    expect(reminderEvents(client({ anniversary: '--11-07', purchaseDate: '--11-07' }), '2025-06-01')).toEqual([]);
  });
});
