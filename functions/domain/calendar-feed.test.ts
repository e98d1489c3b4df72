import ical, { type VEvent } from 'node-ical';
import { calendarFeed, firstOccurrence, yearlyRule } from './calendar-feed';

const APP = 'https://app.example.com';

function parse(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c.type === 'VEVENT');
}

const occurrences = (event: VEvent, from: string, to: string) =>
  event
    .rrule!.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T23:59:59Z`), true)
    .map((d) => d.toISOString().slice(0, 10));

describe('the calendar feed', () => {
  const text = calendarFeed({
    clients: [
      {
        id: 'c1',
        name: 'Maria Lopez',
        birthday: '1985-04-12',
        anniversary: '2010-06-01',
        purchaseDate: '2019-05-03',
        updatedAt: '2025-01-02T03:04:05.000Z',
      },
      { id: 'c2', name: 'Leap, Day; Person', birthday: '1988-02-29', purchaseDate: '2020-02-29' },
      { id: 'c3', name: 'No Dates' },
    ],
    calendarName: 'Client key dates',
    appUrl: APP,
    generatedAt: new Date('2025-03-01T00:00:00Z'),
  });
  const events = parse(text);
  const byUid = (uid: string) => events.find((e) => e.uid === uid)!;

  it('is an iCalendar document with one event per key date, and none for a client without dates', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('VERSION:2.0');
    expect(events.map((e) => e.summary).sort()).toEqual(
      [
        'Anniversary: Maria Lopez',
        'Birthday: Leap, Day; Person',
        'Birthday: Maria Lopez',
        'Home anniversary: Leap, Day; Person',
        'Home anniversary: Maria Lopez',
      ].sort(),
    );
  });

  it('makes every key date a yearly all-day event with a stable id', () => {
    const birthday = byUid('c1-birthday@hearthside');
    expect(birthday.datetype).toBe('date');
    expect(birthday.start.toISOString().slice(0, 10)).toBe('1985-04-12');
    expect(occurrences(birthday, '2025-01-01', '2027-12-31')).toEqual(['2025-04-12', '2026-04-12', '2027-04-12']);
    expect(birthday.description).toContain(`${APP}/clients`);
    expect(birthday.dtstamp?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
  });

  it('starts home anniversaries at the first one, as the reminders do', () => {
    const home = byUid('c1-home@hearthside');
    expect(home.start.toISOString().slice(0, 10)).toBe('2020-05-03');
    expect(occurrences(home, '2019-01-01', '2021-12-31')).toEqual(['2020-05-03', '2021-05-03']);
  });

  it('puts 29 February on 28 February in common years and on the 29th in leap years', () => {
    const leap = byUid('c2-birthday@hearthside');
    expect(leap.start.toISOString().slice(0, 10)).toBe('1988-02-29');
    expect(occurrences(leap, '2025-01-01', '2029-12-31')).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
    ]);
    const home = byUid('c2-home@hearthside');
    expect(occurrences(home, '2020-01-01', '2024-12-31')).toEqual([
      '2021-02-28',
      '2022-02-28',
      '2023-02-28',
      '2024-02-29',
    ]);
  });

  it('writes the rules it parses back to', () => {
    expect(yearlyRule('1985-04-12')).toBe('FREQ=YEARLY');
    expect(yearlyRule('1988-02-29')).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1');
    expect(firstOccurrence('home', '2020-02-29')).toBe('2021-02-28');
    expect(firstOccurrence('birthday', '1988-02-29')).toBe('1988-02-29');
  });
});

describe('a birthday without a year in the calendar feed', () => {
  const events = parse(
    calendarFeed({
      clients: [
        { id: 'y1', name: 'José Ñúñez', birthday: '--11-07' },
        { id: 'y2', name: 'Kim Park', birthday: '--02-29' },
      ],
      calendarName: 'Client key dates',
      appUrl: APP,
      generatedAt: new Date('2025-03-01T00:00:00Z'),
    }),
  );
  const byUid = (uid: string) => events.find((e) => e.uid === uid)!;

  it('is a yearly all-day Birthday event on its month and day', () => {
    const birthday = byUid('y1-birthday@hearthside');
    expect(birthday.summary).toBe('Birthday: José Ñúñez');
    expect(birthday.datetype).toBe('date');
    expect(occurrences(birthday, '2025-01-01', '2027-12-31')).toEqual(['2025-11-07', '2026-11-07', '2027-11-07']);
  });

  it('says no year and no age', () => {
    const { description } = byUid('y1-birthday@hearthside');
    expect(description).toContain('Born November 7.');
    expect(description).not.toMatch(/\d{4}/);
  });

  it('keeps --02-29 on the last day of February', () => {
    expect(occurrences(byUid('y2-birthday@hearthside'), '2025-01-01', '2028-12-31')).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(firstOccurrence('birthday', '--02-29')).toBe('2000-02-29');
  });
});
