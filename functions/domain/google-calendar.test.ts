// The calendar sync's rules at their own layer: what the Hearthside calendar should hold, the writes that bring it
// there, which events of the agent's own calendar are meetings with a client, and when a channel is renewed or the
// calendar read in full. (Synthetic clients.)
import {
  calendarFingerprint,
  calendarWrites,
  cappedWrites,
  clientMatchers,
  meetingOf,
  needsNewChannel,
  readsInFull,
  RENEW_BEFORE_MS,
  wantedEvents,
  type CalendarClient,
  type ListedEvent,
} from './google-calendar';

const APP = 'https://app.example.com';
const client = (id: string, fields: Partial<CalendarClient> = {}): CalendarClient => ({
  id,
  name: `Client ${id}`,
  email: `${id}@example.com`,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('the events the Hearthside calendar should hold', () => {
  it('has each key date as a yearly all-day event from its first occurrence, 29 February on the last day of February in other years', () => {
    const wanted = wantedEvents(
      [client('a', { name: ' Ana   Ruiz ', birthday: '1992-02-29', purchaseDate: '2024-06-01' })],
      [],
      '2026-12-03',
      APP,
    );
    expect([...wanted.keys()]).toEqual(['a:birthday', 'a:home']);
    expect(wanted.get('a:birthday')).toMatchObject({
      summary: 'Birthday: Ana Ruiz',
      description: `${APP}/clients/a`,
      start: { date: '1992-02-29' },
      end: { date: '1992-03-01' },
      recurrence: ['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1'],
      transparency: 'transparent',
      extendedProperties: { private: { hearthsideKey: 'a:birthday' } },
    });
    // A home anniversary starts at the first one, a year after the purchase.
    expect(wanted.get('a:home')).toMatchObject({ start: { date: '2025-06-01' }, recurrence: ['RRULE:FREQ=YEARLY'] });
  });

  it('has a due check-in on its day, and one overdue today; and each scheduled send at its time', () => {
    const wanted = wantedEvents(
      [
        client('soon', { cadenceDays: 30, lastContactDate: '2026-11-20' }),
        client('late', { cadenceDays: 30, lastContactDate: '2026-09-01' }),
      ],
      [
        { id: 'm1', clientId: 'soon', channel: 'sms', sendAt: '2026-12-04T15:00:00.000Z' },
        { id: 'm2', clientId: 'gone', channel: 'email', sendAt: '2026-12-04T15:00:00.000Z' },
      ],
      '2026-12-03',
      APP,
    );
    expect(wanted.get('soon:check-in')).toMatchObject({
      summary: 'Check in: Client soon',
      start: { date: '2026-12-20' },
    });
    expect(wanted.get('late:check-in')).toMatchObject({ start: { date: '2026-12-03' }, end: { date: '2026-12-04' } });
    expect(wanted.get('soon:send-m1')).toMatchObject({
      summary: 'Scheduled text to Client soon',
      start: { dateTime: '2026-12-04T15:00:00.000Z' },
      end: { dateTime: '2026-12-04T15:15:00.000Z' },
    });
    // A send of a client no longer there is not shown.
    expect(wanted.has('gone:send-m2')).toBe(false);
  });

  it('tags each event with a hash of its content: a change of the content changes it', () => {
    const before = wantedEvents([client('a', { birthday: '1990-05-06' })], [], '2026-12-03', APP).get('a:birthday')!;
    const same = wantedEvents([client('a', { birthday: '1990-05-06' })], [], '2026-12-03', APP).get('a:birthday')!;
    const moved = wantedEvents([client('a', { birthday: '1990-05-07' })], [], '2026-12-03', APP).get('a:birthday')!;
    expect(same.extendedProperties.private.hearthsideHash).toBe(before.extendedProperties.private.hearthsideHash);
    expect(moved.extendedProperties.private.hearthsideHash).not.toBe(before.extendedProperties.private.hearthsideHash);
  });
});

describe('what a change of a client owes the calendar', () => {
  it('moves with what the calendar shows of the client (a date, a name, the check-in day), not with other fields', () => {
    const base = client('a', { birthday: '1990-05-01', cadenceDays: 30, lastContactDate: '2026-11-01' });
    const print = calendarFingerprint(base);
    expect(print).not.toBe('');
    expect(calendarFingerprint({ ...base })).toBe(print);
    expect(calendarFingerprint({ ...base, email: 'other@example.com' })).toBe(print);
    expect(calendarFingerprint({ ...base, birthday: '1990-05-02' })).not.toBe(print);
    expect(calendarFingerprint({ ...base, name: 'Ana Ruiz' })).not.toBe(print);
    expect(calendarFingerprint({ ...base, lastContactDate: '2026-11-20' })).not.toBe(print);
    expect(calendarFingerprint({ ...base, cadenceDays: 60 })).not.toBe(print);
  });

  it('is empty for no client, so an added or deleted client with events moves it, and one without none', () => {
    expect(calendarFingerprint(undefined)).toBe('');
    expect(calendarFingerprint(client('plain'))).toBe('');
    expect(calendarFingerprint(client('dated', { anniversary: '2010-09-09' }))).not.toBe('');
  });
});

describe('the writes that bring the calendar there', () => {
  const wanted = wantedEvents(
    [client('a', { birthday: '1990-05-06', anniversary: '2015-09-17' })],
    [],
    '2026-12-03',
    APP,
  );
  const held = (id: string, key: string, hash = wanted.get(key)?.extendedProperties.private.hearthsideHash) =>
    ({ id, extendedProperties: { private: { hearthsideKey: key, hearthsideHash: hash ?? 'x' } } }) as ListedEvent;

  it('inserts what is missing, patches what changed, deletes what is not wanted or held twice, and leaves the agent’s own', () => {
    const writes = calendarWrites(wanted, [
      held('e1', 'a:birthday', 'stale'),
      held('e2', 'a:birthday'),
      held('e3', 'b:home'),
      { id: 'mine', summary: 'Dentist' },
      { id: 'e4', status: 'cancelled', extendedProperties: { private: { hearthsideKey: 'a:anniversary' } } },
    ]);
    expect(writes.patch).toEqual([{ eventId: 'e1', event: wanted.get('a:birthday') }]);
    expect(writes.remove).toEqual(['e2', 'e3']);
    expect(writes.insert).toEqual([wanted.get('a:anniversary')]);
  });

  it('writes at most so many in one sync, removals first, then changes, then additions, and says how many wait', () => {
    const writes = {
      insert: [wanted.get('a:birthday')!],
      patch: [{ eventId: 'p', event: wanted.get('a:birthday')! }],
      remove: ['r1', 'r2'],
    };
    expect(cappedWrites(writes, 3)).toEqual({ remove: ['r1', 'r2'], patch: writes.patch, insert: [], waiting: 1 });
    expect(cappedWrites(writes, 10)).toEqual({ ...writes, waiting: 0 });
  });

  it('writes nothing when the calendar holds what it should', () => {
    expect(calendarWrites(wanted, [held('e1', 'a:birthday'), held('e2', 'a:anniversary')])).toEqual({
      insert: [],
      patch: [],
      remove: [],
    });
  });
});

describe('a meeting in the agent’s calendar', () => {
  const emails = clientMatchers([
    { id: 'ana', email: 'Ana@Example.com', phone: '(512) 555-0101' },
    { id: 'bo', email: 'bo@example.com', phone: '512.555.0177' },
    { id: 'cy', email: 'cy@example.com', phone: '+1 512 555 0177' },
  ]);
  const event = (fields: Partial<ListedEvent>): ListedEvent => ({
    id: 'ev1',
    summary: ' Coffee ',
    start: { dateTime: '2026-12-01T10:00:00-06:00' },
    attendees: [{ email: 'me@example.com', self: true }, { email: 'ANA@example.com' }],
    ...fields,
  });

  it('is a timed event with exactly one client among its invitees, the agent left out', () => {
    expect(meetingOf(event({}), emails)).toEqual({
      eventId: 'ev1',
      clientId: 'ana',
      at: '2026-12-01T16:00:00.000Z',
      summary: 'Coffee',
    });
    expect(
      meetingOf(event({ attendees: [{ email: 'ana@example.com', self: true }, { email: 'x@example.com' }] }), emails),
    ).toBeNull();
  });

  it('is nothing for an all-day event, a cancelled one, no client, or two clients', () => {
    expect(meetingOf(event({ start: { date: '2026-12-01' } }), emails)).toBeNull();
    expect(meetingOf(event({ status: 'cancelled' }), emails)).toBeNull();
    expect(meetingOf(event({ attendees: [{ email: 'stranger@example.com' }] }), emails)).toBeNull();
    expect(meetingOf(event({ attendees: undefined }), emails)).toBeNull();
    expect(
      meetingOf(event({ attendees: [{ email: 'ana@example.com' }, { email: 'bo@example.com' }] }), emails),
    ).toBeNull();
  });
});

describe('a meeting found by a phone number in its location', () => {
  const clients = clientMatchers([
    { id: 'ana', email: 'ana@example.com', phone: '(512) 555-0101' },
    { id: 'bo', email: 'bo@example.com', phone: '512.555.0177' },
    { id: 'cy', email: 'cy@example.com', phone: '+1 512 555 0177' },
    { id: 'di', email: 'di@example.com', phone: null },
  ]);
  const call = (location: string | undefined, attendees: ListedEvent['attendees'] = []): ListedEvent => ({
    id: 'call1',
    summary: 'Call',
    start: { dateTime: '2026-12-01T10:00:00Z' },
    attendees,
    ...(location === undefined ? {} : { location }),
  });

  it('is the one client whose phone the location names, however the number is written', () => {
    expect(meetingOf(call('Call Ana at 512-555-0101'), clients)).toMatchObject({ clientId: 'ana' });
    expect(meetingOf(call('+15125550101'), clients)).toMatchObject({ clientId: 'ana' });
    // The same client by e-mail and by phone is still one client.
    expect(meetingOf(call('(512) 555 0101', [{ email: 'ana@example.com' }]), clients)).toMatchObject({
      clientId: 'ana',
    });
  });

  it('is nothing for a number two clients share, a number and another client invited, or no number of a client', () => {
    expect(meetingOf(call('512-555-0177'), clients)).toBeNull();
    expect(meetingOf(call('512-555-0101', [{ email: 'bo@example.com' }]), clients)).toBeNull();
    expect(meetingOf(call('Office, 100 Congress Ave, Austin 78701'), clients)).toBeNull();
    expect(meetingOf(call('512-555-0199'), clients)).toBeNull();
    expect(meetingOf(call(undefined), clients)).toBeNull();
  });
});

describe('the channel and the daily reconcile', () => {
  const now = new Date('2026-12-03T12:00:00.000Z');
  it('renews a channel a day before it ends, and makes one when there is none', () => {
    expect(needsNewChannel(null, now)).toBe(true);
    expect(needsNewChannel({ expiration: now.getTime() + RENEW_BEFORE_MS + 1 }, now)).toBe(false);
    expect(needsNewChannel({ expiration: now.getTime() + RENEW_BEFORE_MS }, now)).toBe(true);
  });

  it('reads the calendar in full without a token, or a day after the last full read', () => {
    expect(readsInFull({ syncToken: null, lastFullAt: '2026-12-03T11:00:00.000Z' }, now)).toBe(true);
    expect(readsInFull({ syncToken: 't', lastFullAt: '2026-12-02T12:00:00.001Z' }, now)).toBe(false);
    expect(readsInFull({ syncToken: 't', lastFullAt: '2026-12-02T12:00:00.000Z' }, now)).toBe(true);
  });
});
