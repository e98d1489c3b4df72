import { callsFor, listEntries } from './client-lists';
import { newClientItem, type ClientItem } from './clients';

const at = new Date('2026-03-01T12:00:00.000Z');
const base = newClientItem(
  'agent-1',
  'client-1',
  {
    name: 'Zoë Ångström',
    email: 'zoe@example.com',
    phone: '(512) 555-0100',
    birthday: '1980-02-29',
    anniversary: '2005-06-01',
    purchaseDate: '2019-09-15',
    address: '1 Elm St',
  } as never,
  at,
);

/** The client as an edit may leave it: each change moves some of its entries. */
const variants: ClientItem[] = [
  base,
  { ...base, name: 'Zoe Angstrom Lee' },
  { ...base, email: 'zoe.lee@example.com' },
  { ...base, birthday: null, anniversary: '2006-07-02' },
  { ...base, purchaseDate: null },
  { ...base, reviewStatus: 'submitted' },
  { ...base, address: null, phone: '' },
  { ...base, createdAt: '2026-04-01T00:00:00.000Z' },
  { ...base, id: 'client-2' },
  { ...base, agentId: 'agent-2' },
];

describe('callsFor', () => {
  it('holds exactly the entries listEntries gives the client, for entries of every index, current and stale', () => {
    const entries = variants.flatMap((variant) => listEntries(variant));
    expect(new Set(entries.map((e) => e.pk.split('#')[0])).size).toBeGreaterThanOrEqual(3); // list, search and occasion entries
    let held = 0;
    for (const client of variants) {
      const own = listEntries(client);
      for (const entry of entries) {
        const expected = own.some((e) => e.pk === entry.pk && e.sk === entry.sk);
        expect({ client: client.id, entry, held: callsFor(client, entry) }).toEqual({
          client: client.id,
          entry,
          held: expected,
        });
        if (expected) held += 1;
      }
    }
    // each variant holds its own entries (and the ones an edit left unchanged)
    expect(held).toBeGreaterThan(variants.length * 8);
  });
});
