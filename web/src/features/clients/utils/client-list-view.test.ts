import { readClientListView, readTrail, searchTerm, writeClientListView } from './client-list-view';

const read = (search: string) => readClientListView(new URLSearchParams(search));

describe('the clients page URL', () => {
  it('reads the defaults from a bare /clients: by name A to Z, 25 a page, from the start', () => {
    expect(read('')).toEqual({ q: '', sort: 'name', order: 'asc', limit: 25, cursor: '' });
  });

  it('reads each sort with its own default direction, and anything unknown as the default', () => {
    expect(read('sort=created')).toMatchObject({ sort: 'created', order: 'desc' });
    expect(read('sort=lastContact&order=asc')).toMatchObject({ sort: 'lastContact', order: 'asc' });
    expect(read('sort=completion')).toMatchObject({ sort: 'completion', order: 'asc' });
    expect(read('sort=shoe-size&order=sideways&limit=7')).toMatchObject({ sort: 'name', order: 'asc', limit: 25 });
    expect(read('limit=100&cursor=abc&q=%20ana%20')).toMatchObject({ limit: 100, cursor: 'abc', q: 'ana' });
  });

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const write = (search: string, view: Parameters<typeof writeClientListView>[1]) =>
      writeClientListView(new URLSearchParams(search), view).toString();
    expect(write('', { q: '', sort: 'name', order: 'asc', limit: 25, cursor: '' })).toBe('');
    expect(write('action=add', { q: '', sort: 'created', order: 'desc', limit: 50, cursor: 'c2' })).toBe(
      'action=add&sort=created&limit=50&cursor=c2',
    );
    expect(write('sort=created&cursor=c2', { q: 'josé', sort: 'created', order: 'asc', limit: 25, cursor: '' })).toBe(
      'sort=created&q=jos%C3%A9&order=asc',
    );
  });

  it('round-trips a view', () => {
    const view = { q: 'ana', sort: 'review', order: 'desc', limit: 100, cursor: 'eyJwayI6IkNMSVNU' } as const;
    expect(readClientListView(writeClientListView(new URLSearchParams(), view))).toEqual(view);
  });
});

describe('searchTerm', () => {
  it('trims the text and sends nothing without a letter or digit', () => {
    expect(searchTerm('  Ana R ')).toBe('Ana R');
    expect(searchTerm('@.-')).toBe('');
    expect(searchTerm('x'.repeat(120))).toHaveLength(100);
  });
});

describe('readTrail', () => {
  it('reads the pages before from the history state, or nothing from a link opened afresh', () => {
    const trail = { pages: [{ cursor: '', before: 0 }], before: 25 };
    expect(readTrail({ clientPages: trail })).toEqual(trail);
    expect(readTrail(null)).toBeNull();
    expect(readTrail({ clientPages: { pages: 'no' } })).toBeNull();
  });
});
