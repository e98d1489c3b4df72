import fc from 'fast-check';
import { addDays } from '@shared/dates';
import { digestDateAt, dueDigests, hourlyRunsCovering, runHour } from './digest-schedule';

const at = (iso: string) => new Date(iso);

describe('the 8 am digest across time zones', () => {
  it.each([
    // New York: EST (UTC−5) the day before spring forward, EDT (UTC−4) on it, EST again after fall back.
    ['America/New_York', '2025-03-08T13:00:00Z', '2025-03-08'],
    ['America/New_York', '2025-03-09T12:00:00Z', '2025-03-09'],
    ['America/New_York', '2025-11-01T12:00:00Z', '2025-11-01'],
    ['America/New_York', '2025-11-02T13:00:00Z', '2025-11-02'],
    // London: GMT, then BST from 30 March.
    ['Europe/London', '2025-03-29T08:00:00Z', '2025-03-29'],
    ['Europe/London', '2025-03-30T07:00:00Z', '2025-03-30'],
    // Sydney, southern hemisphere: AEDT starts 5 October, ends 6 April.
    ['Australia/Sydney', '2025-10-03T22:00:00Z', '2025-10-04'],
    ['Australia/Sydney', '2025-10-04T21:00:00Z', '2025-10-05'],
    ['Australia/Sydney', '2025-04-05T22:00:00Z', '2025-04-06'],
    // Half- and three-quarter-hour zones: the first hourly run after 8:00 (8:30, 8:45).
    ['Asia/Kolkata', '2025-06-01T03:00:00Z', '2025-06-01'],
    ['Asia/Kathmandu', '2025-06-01T03:00:00Z', '2025-06-01'],
    ['America/St_Johns', '2025-07-01T11:00:00Z', '2025-07-01'],
    // A day ahead of UTC.
    ['Pacific/Kiritimati', '2025-05-31T18:00:00Z', '2025-06-01'],
  ])('in %s the run at %s sends the digest for %s', (zone, instant, date) => {
    expect(digestDateAt(zone, at(instant))).toBe(date);
  });

  it.each([
    ['America/New_York', '2025-03-09T13:00:00Z'], // 9:00 EDT: the digest went an hour earlier
    ['America/New_York', '2025-03-08T12:00:00Z'], // 7:00 EST
    ['America/New_York', '2025-11-02T12:00:00Z'], // 7:00 EST after falling back
    ['Europe/London', '2025-03-30T08:00:00Z'], // 9:00 BST
    ['Asia/Kolkata', '2025-06-01T02:00:00Z'], // 7:30
    ['Asia/Kolkata', '2025-06-01T04:00:00Z'], // 9:30
  ])('in %s the run at %s sends nothing', (zone, instant) => {
    expect(digestDateAt(zone, at(instant))).toBeNull();
  });

  it('uses New York for an agent without a usable time zone', () => {
    expect(digestDateAt(undefined, at('2025-01-15T13:00:00Z'))).toBe('2025-01-15');
    expect(digestDateAt('Mars/Olympus_Mons', at('2025-01-15T13:00:00Z'))).toBe('2025-01-15');
    expect(digestDateAt('Mars/Olympus_Mons', at('2025-01-15T12:00:00Z'))).toBeNull();
  });

  it('sends each agent exactly one digest per local day, DST changes included, in every zone', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 365 * 12 }), (zone, offset) => {
        const date = addDays('2020-01-01', offset);
        const hits = hourlyRunsCovering(date).filter((run) => digestDateAt(zone, run) === date);
        expect(hits).toHaveLength(1);
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['America/New_York', ['2025-03-09', '2025-11-02']],
    ['Europe/London', ['2025-03-30', '2025-10-26']],
    ['Australia/Sydney', ['2025-04-06', '2025-10-05']],
  ])('in %s, the days the clocks change get one digest each', (zone, days) => {
    for (const day of days) {
      for (const date of [addDays(day, -1), day, addDays(day, 1)]) {
        expect(hourlyRunsCovering(date).filter((run) => digestDateAt(zone, run) === date)).toHaveLength(1);
      }
    }
  });
});

describe('the scheduler run', () => {
  it('picks, among many agents, only those whose 8 am it is', () => {
    const agents = [
      { id: 'ny', timeZone: 'America/New_York' },
      { id: 'la', timeZone: 'America/Los_Angeles' },
      { id: 'ldn', timeZone: 'Europe/London' },
      { id: 'none', timeZone: null },
    ];
    expect(dueDigests(agents, at('2025-07-01T12:00:00Z'))).toEqual([
      { agentId: 'ny', date: '2025-07-01' },
      { agentId: 'none', date: '2025-07-01' },
    ]);
    expect(dueDigests(agents, at('2025-07-01T15:00:00Z'))).toEqual([{ agentId: 'la', date: '2025-07-01' }]);
  });

  it('runs for the scheduled hour, not the minute the invocation happened to start', () => {
    expect(runHour('2025-07-01T12:00:00Z', at('2025-07-01T12:03:10Z')).toISOString()).toBe('2025-07-01T12:00:00.000Z');
    expect(runHour(undefined, at('2025-07-01T12:59:59Z')).toISOString()).toBe('2025-07-01T12:00:00.000Z');
    expect(runHour('not a date', at('2025-07-01T08:30:00Z')).toISOString()).toBe('2025-07-01T08:00:00.000Z');
  });
});
