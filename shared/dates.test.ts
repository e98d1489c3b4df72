import fc from 'fast-check';
import {
  addDays,
  dateParts,
  daysBetween,
  isBirthdayDate,
  isCalendarDate,
  isYearlessDate,
  lastMonths,
  monthDayOf,
  monthKey,
  parseFlexibleDate,
  todayIn,
  yearlessDate,
} from './dates';

describe('calendar dates', () => {
  it('accepts a real YYYY-MM-DD date', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('1900-01-01')).toBe(true);
    expect(isCalendarDate('2100-12-31')).toBe(true);
  });

  it('refuses 29 February outside leap years, including 1900 and 2100', () => {
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
  });

  it('refuses impossible months and days', () => {
    expect(isCalendarDate('2024-00-10')).toBe(false);
    expect(isCalendarDate('2024-13-10')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-04-00')).toBe(false);
  });

  it('refuses years before 1900 and after 2100', () => {
    expect(isCalendarDate('1899-12-31')).toBe(false);
    expect(isCalendarDate('2101-01-01')).toBe(false);
  });

  it('refuses other shapes and non-strings', () => {
    for (const value of [
      '2024-1-05',
      '2024-01-05T00:00:00Z',
      ' 2024-01-05',
      '01/05/2024',
      '',
      null,
      undefined,
      20240105,
    ]) {
      expect(isCalendarDate(value)).toBe(false);
    }
  });
});

describe('flexible date parsing', () => {
  it('keeps a YYYY-MM-DD date', () => {
    expect(parseFlexibleDate('1985-04-12')).toBe('1985-04-12');
  });

  it('reads MM/DD/YYYY and M/D/YYYY as month first', () => {
    expect(parseFlexibleDate('04/12/1985')).toBe('1985-04-12');
    expect(parseFlexibleDate('4/2/1985')).toBe('1985-04-02');
  });

  it('ignores surrounding spaces', () => {
    expect(parseFlexibleDate('  12/31/2020 ')).toBe('2020-12-31');
  });

  it('gives null for dates that do not exist or other formats', () => {
    for (const value of ['02/29/2023', '13/01/2020', '2023-02-29', '4/12/85', '12.04.1985', 'April 12', '']) {
      expect(parseFlexibleDate(value)).toBeNull();
    }
  });
});

describe('adding days', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-01-01', 60)).toBe('2025-03-02');
  });

  it('is undone by daysBetween', () => {
    const date = fc.integer({ min: 0, max: 73_000 }).map((n) => addDays('1900-01-01', n));
    fc.assert(
      fc.property(date, fc.integer({ min: -5000, max: 5000 }), (start, days) => {
        expect(daysBetween(start, addDays(start, days))).toBe(days);
      }),
    );
  });

  it('throws on a malformed date instead of computing nonsense', () => {
    expect(() => addDays('2024/01/01', 1)).toThrow(RangeError);
  });
});

describe('days between', () => {
  it('counts whole days, negative when the second date is earlier', () => {
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2025-03-10', '2025-03-01')).toBe(-9);
  });
});

describe('today in a time zone', () => {
  const instant = new Date('2025-01-01T03:30:00Z');

  it('is still yesterday west of UTC', () => {
    expect(todayIn('America/Los_Angeles', instant)).toBe('2024-12-31');
  });

  it('is the UTC date in UTC', () => {
    expect(todayIn('UTC', instant)).toBe('2025-01-01');
  });

  it('is already tomorrow far east of UTC', () => {
    expect(todayIn('Pacific/Kiritimati', new Date('2024-12-31T11:00:00Z'))).toBe('2025-01-01');
  });

  it('throws for an unknown zone', () => {
    expect(() => todayIn('Mars/Olympus_Mons', instant)).toThrow(RangeError);
  });

  it('turns at local midnight to the millisecond, asked again and again (a day is kept for its minute only)', () => {
    // Nepal is UTC+05:45: its midnight is 18:15 UTC.
    for (let i = 0; i < 3; i += 1) {
      expect(todayIn('Asia/Kathmandu', new Date('2025-03-09T18:14:59.999Z'))).toBe('2025-03-09');
      expect(todayIn('Asia/Kathmandu', new Date('2025-03-09T18:15:00.000Z'))).toBe('2025-03-10');
    }
    expect(todayIn('Asia/Kathmandu', new Date('2025-03-09T18:15:59.999Z'))).toBe('2025-03-10');
    expect(todayIn('UTC', new Date('2025-03-09T18:15:30Z'))).toBe('2025-03-09');
  });
});

describe('month keys', () => {
  it('takes the year and month of a date', () => {
    expect(monthKey('2025-03-31')).toBe('2025-03');
  });

  it('lists the last n months ending with the current one, oldest first, across a year end', () => {
    expect(lastMonths('2025-02-15', 6)).toEqual(['2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02']);
  });

  it('lists only the current month for n = 1', () => {
    expect(lastMonths('2025-12-01', 1)).toEqual(['2025-12']);
  });
});

describe('dates without a year', () => {
  it('accepts --MM-DD for a day that exists in some year, 29 February included', () => {
    expect(['--11-07', '--02-29', '--12-31'].every(isYearlessDate)).toBe(true);
    expect(['--02-30', '--13-01', '--00-10', '--1107', '11-07', '1604-11-07', 7].some(isYearlessDate)).toBe(false);
  });

  it('makes a birthday either a calendar date or a day without its year', () => {
    expect(isBirthdayDate('1985-04-12')).toBe(true);
    expect(isBirthdayDate('--04-12')).toBe(true);
    expect(isBirthdayDate('1604-04-12')).toBe(false);
  });

  it('reads the month and day of both forms', () => {
    expect(monthDayOf('--02-29')).toEqual({ month: 2, day: 29 });
    expect(monthDayOf('1985-04-12')).toEqual({ month: 4, day: 12 });
    expect(yearlessDate(3, 4)).toBe('--03-04');
  });
});

describe('day arithmetic against the Date object', () => {
  it('adds days and counts them between any two dates as Date.UTC does (years 1900-2100)', () => {
    const at = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }),
        fc.integer({ min: -40_000, max: 40_000 }),
        (ms, days) => {
          const from = at(ms);
          const shifted = at(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000);
          expect(addDays(from, days)).toBe(shifted);
          expect(daysBetween(from, shifted)).toBe(days);
        },
      ),
    );
  });

  it('reads only YYYY-MM-DD, digit by digit', () => {
    expect(dateParts('2026-12-02')).toEqual({ year: 2026, month: 12, day: 2 });
    for (const bad of ['2026-1-02', '2026/12/02', '2026-12-0x', ' 2026-12-02', '2026-12-02 ', '２０２６-12-02'])
      expect(() => dateParts(bad)).toThrow(RangeError);
  });
});
