import type { Client } from '@shared/api-types';
import { createClient } from '@/testing/data-generators';
import { clientLabels, compareClients, duplicatesLabel } from './compare-clients';

const client = (fields: Partial<Client>): Client =>
  createClient({ name: 'Maria Lopez', email: 'maria@example.com', phone: '(512) 555-0101', ...fields });

describe('compareClients', () => {
  it('shows each field of each client in order and marks the ones that differ', () => {
    const rows = compareClients([
      client({ birthday: '1980-05-04', tags: ['Buyer'] }),
      client({ id: 'c2', email: 'maria.l@example.com', keyDates: [{ label: 'Lease ends', date: '--03-31' }] }),
    ]);
    const row = (field: string) => rows.find((r) => r.field === field)!;
    expect(row('name')).toEqual({
      field: 'name',
      label: 'Name',
      values: ['Maria Lopez', 'Maria Lopez'],
      differs: false,
    });
    expect(row('email').differs).toBe(true);
    expect(row('birthday')).toMatchObject({ values: ['May 4, 1980', '—'], differs: true });
    expect(row('tags')).toMatchObject({ values: ['Buyer', '—'], differs: true });
    expect(row('keyDates')).toMatchObject({ values: ['—', 'Lease ends: Mar 31'], differs: true });
    expect(row('phone').differs).toBe(false);
  });
});

describe('duplicatesLabel', () => {
  it('counts groups in words', () => {
    expect(duplicatesLabel(1)).toBe('1 possible duplicate');
    expect(duplicatesLabel(3)).toBe('3 possible duplicates');
  });
});

describe('clientLabels', () => {
  it('names the two by name, or by e-mail when the names are the same', () => {
    expect(clientLabels(client({ name: 'Jon Smith' }), client({ name: 'John Smith' }))).toEqual({
      merged: 'Jon Smith',
      kept: 'John Smith',
    });
    expect(clientLabels(client({ email: 'b@example.com' }), client({ email: 'a@example.com' }))).toEqual({
      merged: 'b@example.com',
      kept: 'a@example.com',
    });
  });
});
