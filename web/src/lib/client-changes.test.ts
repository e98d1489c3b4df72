import { EDITABLE_CLIENT_FIELDS } from '@shared/client-schema';
import { toClientChanges } from './client-changes';

describe('toClientChanges', () => {
  it('sends every editable field, a blank optional one as null', () => {
    const changes = toClientChanges({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '5551234567',
      birthday: '1990-07-04',
    });
    expect(Object.keys(changes)).toEqual([...EDITABLE_CLIENT_FIELDS]);
    expect(changes).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '5551234567',
      address: null,
      birthday: '1990-07-04',
      anniversary: null,
      purchaseDate: null,
    });
  });
});
