import { EDITABLE_CLIENT_FIELDS } from '@shared/client-schema';
import { toClientChanges } from './client-changes';

describe('toClientChanges', () => {
  it('sends every field of the form, a blank optional one as null, no custom dates as []', () => {
    const changes = toClientChanges({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '5551234567',
      birthday: '1990-07-04',
    });
    expect(Object.keys(changes)).toEqual([...EDITABLE_CLIENT_FIELDS, 'timeZone', 'keyDates', 'cadenceDays']);
    expect(changes).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '5551234567',
      address: null,
      birthday: '1990-07-04',
      anniversary: null,
      purchaseDate: null,
      postalCode: null,
      purchasePrice: null,
      timeZone: null,
      keyDates: [],
      cadenceDays: null,
    });
  });
});
