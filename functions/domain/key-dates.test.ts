// Custom key dates and the keep-in-touch rhythm as pure rules: which dates are real, how an export's cell reads back,
// how they recur (the reminders, the occasion index, the calendar feed, the digest), when a client is due for a
// check-in, and the occasion a draft for one of them is written for.
import ical, { type VEvent } from 'node-ical';
import { isKeyDate, parseKeyDatesCell, keyDatesCell } from '@shared/key-dates';
import { eventsWithin, eventTitle, reminderEvents } from '@shared/reminders';
import { calendarFeed } from './calendar-feed';
import { checkInDueDate, isDueForCheckIn } from './check-ins';
import { draftFacts } from './draft-facts';
import { kindOfRank, occasionEntries, rankOf } from './occasions';
import { eventLabel } from './reminder-digest';

describe('a custom key date', () => {
  it.each([
    ['2024-02-29', true],
    ['--02-29', true],
    ['2023-02-29', false],
    ['--02-30', false],
    ['--13-01', false],
    ['2026-04-31', false],
    ['04/30/2026', false],
    ['', false],
  ])('%s is a key date: %s', (value, real) => {
    expect(isKeyDate(value)).toBe(real);
  });

  it('reads back from the export’s cell, a label holding a colon included', () => {
    const dates = [
      { label: 'Lease ends', date: '--03-31' },
      { label: 'Son: turns 16', date: '2010-05-02' },
    ];
    expect(parseKeyDatesCell(keyDatesCell(dates))).toEqual(dates);
    expect(parseKeyDatesCell(' ; no date here ;')).toEqual([{ label: 'no date here', date: '' }]);
  });

  it('comes round every year, 29 February on the 28th in a common year, named by its label', () => {
    const client = {
      id: 'c1',
      name: 'Ana Ruiz',
      keyDates: [
        { label: 'Leap closing', date: '2020-02-29' },
        { label: 'Lease ends', date: '--03-31' },
      ],
    };
    expect(reminderEvents(client, '2027-01-10')).toEqual([
      {
        clientId: 'c1',
        clientName: 'Ana Ruiz',
        date: '2027-02-28',
        kind: 'custom',
        type: 'custom',
        label: 'Leap closing',
      },
      {
        clientId: 'c1',
        clientName: 'Ana Ruiz',
        date: '2027-03-31',
        kind: 'custom',
        type: 'custom',
        label: 'Lease ends',
      },
    ]);
    const [event] = eventsWithin([client], '2028-02-29', '2028-02-29');
    expect(eventTitle(event!)).toBe('Leap closing');
    expect(eventLabel(event!)).toBe('Leap closing: Ana Ruiz');
  });

  it('has one occasion entry per date, told apart by its place in the list, and the rank reads back', () => {
    const entries = occasionEntries({
      birthday: '1990-03-31',
      keyDates: [{ date: '--03-31' }, { date: 'not a date' }, { date: '2001-12-25' }],
    });
    expect(entries).toEqual([
      { kind: 'birthday', monthDay: '03-31' },
      { kind: 'custom', monthDay: '03-31', index: 0 },
      { kind: 'custom', monthDay: '12-25', index: 2 },
    ]);
    expect(entries.map(rankOf)).toEqual(['0', '300', '302']);
    expect(kindOfRank('302')).toEqual({ kind: 'custom', index: 2 });
    expect(kindOfRank('3')).toBeUndefined();
    expect(kindOfRank('2')).toEqual({ kind: 'home' });
  });

  it('is a yearly event of the calendar feed, titled by its label', () => {
    const text = calendarFeed({
      clients: [{ id: 'c1', name: 'Ana Ruiz', keyDates: [{ label: 'Lease ends', date: '--03-31' }] }],
      calendarName: 'Client key dates',
      appUrl: 'https://app.example.com',
      generatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const [event] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c.type === 'VEVENT');
    expect(event).toMatchObject({ uid: 'c1-custom-0@hearthside', summary: 'Lease ends: Ana Ruiz' });
    expect(String(event!.description)).toContain('Lease ends: March 31.');
    expect(event!.rrule!.toString()).toContain('FREQ=YEARLY');
  });

  it('is the occasion a draft is written for, with its day and no count of years', () => {
    const facts = draftFacts({
      client: { name: 'Ana Ruiz', keyDates: [{ label: 'Son turns 16', date: '2010-05-02' }] },
      agent: { fullName: 'Dana Realtor' },
      request: { occasion: 'custom', channel: 'email', tone: 'warm', label: 'son turns 16' },
      today: '2026-04-20',
      reviewLink: null,
    });
    expect(facts).toMatchObject({ occasionLabel: 'son turns 16', date: '2026-05-02', years: null });
  });
});

describe('the keep-in-touch rhythm', () => {
  const added = '2026-03-01T15:00:00.000Z';

  it('is due cadenceDays after the last contact, or after the day the client was added', () => {
    expect(checkInDueDate({ cadenceDays: 30, createdAt: added })).toBe('2026-03-31');
    expect(checkInDueDate({ cadenceDays: 7, lastContactDate: '2026-04-10', createdAt: added })).toBe('2026-04-17');
    // A reply's Last Contact is an instant: its day counts.
    expect(checkInDueDate({ cadenceDays: 7, lastContactDate: '2026-04-10T23:30:00.000Z', createdAt: added })).toBe(
      '2026-04-17',
    );
    expect(checkInDueDate({ cadenceDays: null, lastContactDate: '2026-04-10', createdAt: added })).toBeNull();
  });

  it('makes the client due on the due day and every day after, not the day before', () => {
    const client = { cadenceDays: 14, lastContactDate: '2026-05-01', createdAt: added };
    expect(isDueForCheckIn(client, '2026-05-14')).toBe(false);
    expect(isDueForCheckIn(client, '2026-05-15')).toBe(true);
    expect(isDueForCheckIn(client, '2027-01-01')).toBe(true);
    expect(isDueForCheckIn({ ...client, cadenceDays: null }, '2027-01-01')).toBe(false);
  });
});
