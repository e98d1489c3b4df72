import { contactCutoff, filterDriver, meetsFilter } from './client-filter';

describe('filterDriver', () => {
  it('reads a filter through its tag, else its search, else the by-last-contact index, and never the whole book', () => {
    expect(filterDriver({ tag: 'vip', q: 'ana', notContactedDays: 30 })).toBe('tag');
    expect(filterDriver({ q: 'ana', notContactedDays: 30 })).toBe('search');
    expect(filterDriver({ notContactedDays: 30 })).toBe('contact');
    expect(filterDriver({})).toBeUndefined();
    expect(filterDriver({ dueForCheckIn: true })).toBeUndefined();
  });
});

describe('meetsFilter', () => {
  const anyQuery = () => true;
  it('counts a client contacted N days ago or earlier, or never, as not contacted in N days', () => {
    expect(contactCutoff('2026-03-31', 30)).toBe('2026-03-02');
    const on = (lastContactDate: string | null) =>
      meetsFilter({ lastContactDate }, { notContactedDays: 30 }, '2026-03-31', anyQuery);
    expect(on('2026-03-01')).toBe(true);
    expect(on('2026-03-01T23:59:00.000Z')).toBe(true);
    expect(on('2026-03-02')).toBe(false);
    expect(on(null)).toBe(true);
  });

  it('holds every part: the tag whatever its case, the words, the contact', () => {
    const client = { tags: ['Past Buyer'], lastContactDate: '2026-01-01' };
    expect(meetsFilter(client, { tag: 'past buyer', notContactedDays: 10 }, '2026-03-31', anyQuery)).toBe(true);
    expect(meetsFilter(client, { tag: 'buyer' }, '2026-03-31', anyQuery)).toBe(false);
    expect(meetsFilter(client, { tag: 'past buyer', q: 'ana' }, '2026-03-31', () => false)).toBe(false);
  });
});
