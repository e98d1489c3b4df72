import { contactCutoff, filterDriver, meetsFilter } from './client-filter';

describe('filterDriver', () => {
  it('reads a filter through its tag, else its search, else the check-in index, else the by-last-contact index', () => {
    expect(filterDriver({ tag: 'vip', q: 'ana', dueForCheckIn: true, notContactedDays: 30 })).toBe('tag');
    expect(filterDriver({ q: 'ana', dueForCheckIn: true, notContactedDays: 30 })).toBe('search');
    expect(filterDriver({ dueForCheckIn: true, notContactedDays: 30 })).toBe('check-in');
    expect(filterDriver({ notContactedDays: 30 })).toBe('contact');
    expect(filterDriver({})).toBeUndefined();
  });
});

describe('meetsFilter', () => {
  const anyQuery = () => true;
  const createdAt = '2025-01-01T00:00:00.000Z';
  it('counts a client contacted N days ago or earlier, or never, as not contacted in N days', () => {
    expect(contactCutoff('2026-03-31', 30)).toBe('2026-03-02');
    const on = (lastContactDate: string | null) =>
      meetsFilter({ lastContactDate, createdAt }, { notContactedDays: 30 }, '2026-03-31', anyQuery);
    expect(on('2026-03-01')).toBe(true);
    expect(on('2026-03-01T23:59:00.000Z')).toBe(true);
    expect(on('2026-03-02')).toBe(false);
    expect(on(null)).toBe(true);
  });

  it('holds every part: the tag whatever its case, the words, the contact', () => {
    const client = { tags: ['Past Buyer'], lastContactDate: '2026-01-01', createdAt };
    expect(meetsFilter(client, { tag: 'past buyer', notContactedDays: 10 }, '2026-03-31', anyQuery)).toBe(true);
    expect(meetsFilter(client, { tag: 'buyer' }, '2026-03-31', anyQuery)).toBe(false);
    expect(meetsFilter(client, { tag: 'past buyer', q: 'ana' }, '2026-03-31', () => false)).toBe(false);
  });

  it('counts a client due for a check-in once their rhythm has run since Last Contact, and never without one', () => {
    const due = (cadenceDays: number | null, today: string) =>
      meetsFilter({ cadenceDays, lastContactDate: '2026-03-01', createdAt }, { dueForCheckIn: true }, today, anyQuery);
    expect(due(30, '2026-03-31')).toBe(true);
    expect(due(30, '2026-03-30')).toBe(false);
    expect(due(null, '2030-01-01')).toBe(false);
  });
});
