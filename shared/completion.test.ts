import { PROFILE_COMPLETION_ITEMS } from './constants';
import { missingProfileItems, PROFILE_ITEMS, profileCompletion, type CompletionClient } from './completion';

const complete = (overrides: Partial<CompletionClient> = {}): CompletionClient => ({
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '555-123-4567',
  birthday: '1980-07-04',
  anniversary: '2010-02-14',
  purchaseDate: '2020-05-10',
  reviewStatus: 'submitted',
  ...overrides,
});

describe('profile completion', () => {
  it('has the 7 items of the spec', () => {
    expect(PROFILE_ITEMS).toHaveLength(PROFILE_COMPLETION_ITEMS);
    expect(PROFILE_COMPLETION_ITEMS).toBe(7);
  });

  it('is 0% with nothing filled', () => {
    expect(profileCompletion({})).toBe(0);
    expect(missingProfileItems({})).toEqual([...PROFILE_ITEMS]);
  });

  it('is 100% with all 7 items', () => {
    expect(profileCompletion(complete())).toBe(100);
    expect(missingProfileItems(complete())).toEqual([]);
  });

  it('rounds 3 of 7 to 43%', () => {
    expect(profileCompletion({ name: 'Ann', email: 'ann@example.com', phone: '555-123-4567' })).toBe(43);
  });

  it('rounds 6 of 7 to 86%', () => {
    expect(profileCompletion(complete({ anniversary: null }))).toBe(86);
  });

  it('counts the review only once it is submitted', () => {
    expect(missingProfileItems(complete({ reviewStatus: 'requested' }))).toEqual(['reviewSubmitted']);
    expect(missingProfileItems(complete({ reviewStatus: 'pending' }))).toEqual(['reviewSubmitted']);
  });

  it('treats empty and blank values as missing', () => {
    expect(missingProfileItems(complete({ phone: '', birthday: '   ', purchaseDate: undefined }))).toEqual([
      'phone',
      'birthday',
      'purchaseDate',
    ]);
  });
});
