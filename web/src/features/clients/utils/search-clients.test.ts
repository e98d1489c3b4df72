import { createClient } from '../../../testing/data-generators';
import { filterClients, sortClients } from './search-clients';

describe('client search', () => {
  const ana = createClient({ name: 'Ana Ruiz', email: 'ana.ruiz@example.com' });
  const ben = createClient({ name: 'Ben Cole', email: 'BEN@Work.test' });
  const clients = [ana, ben];

  it('matches a case-insensitive part of the name or the e-mail', () => {
    expect(filterClients(clients, 'ruiz')).toEqual([ana]);
    expect(filterClients(clients, 'AN')).toEqual([ana]);
    expect(filterClients(clients, 'work.TEST')).toEqual([ben]);
    expect(filterClients(clients, 'e')).toEqual([ana, ben]);
  });

  it('gives every client for a blank search, and none when nothing matches', () => {
    expect(filterClients(clients, '   ')).toBe(clients);
    expect(filterClients(clients, 'zed')).toEqual([]);
  });

  it('ignores spaces around the search', () => {
    expect(filterClients(clients, '  cole ')).toEqual([ben]);
  });

  it('finds the one client a search names among 5,000, and every client a common part names', () => {
    const many = Array.from({ length: 5000 }, (_, i) => createClient({ name: `Client ${i}`, email: `client${i}@example.com` }));
    expect(filterClients(many, 'client4321@').map((c) => c.name)).toEqual(['Client 4321']);
    expect(filterClients(many, 'CLIENT')).toHaveLength(5000);
  });
});

describe('client sort', () => {
  // As the API sends them: by name.
  const ana = createClient({ name: 'Ana', lastContactDate: null, createdAt: '2026-01-05T10:00:00.000Z' });
  const ben = createClient({ name: 'Ben', lastContactDate: '2026-11-02T09:00:00.000Z', createdAt: '2026-03-01T10:00:00.000Z' });
  const cy = createClient({ name: 'Cy', lastContactDate: null, createdAt: '2026-02-01T10:00:00.000Z' });
  const dee = createClient({ name: 'Dee', lastContactDate: '2026-11-20T15:30:00.000Z', createdAt: '2025-12-01T10:00:00.000Z' });
  const byName = [ana, ben, cy, dee];

  it('keeps the name order as it comes', () => {
    expect(sortClients(byName, 'name')).toBe(byName);
  });

  it('puts the most recently contacted first and the never-contacted last, by name', () => {
    expect(sortClients(byName, 'last-contact').map((c) => c.name)).toEqual(['Dee', 'Ben', 'Ana', 'Cy']);
    expect(byName.map((c) => c.name)).toEqual(['Ana', 'Ben', 'Cy', 'Dee']);
  });

  it('puts the newest clients first', () => {
    expect(sortClients(byName, 'created').map((c) => c.name)).toEqual(['Ben', 'Cy', 'Ana', 'Dee']);
  });
});
