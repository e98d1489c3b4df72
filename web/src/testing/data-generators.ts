// Small factories for test data.
import type { User } from '../../../shared/api-types';

let sequence = 0;

export function createUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    username: `agent${sequence}@example.com`,
    fullName: 'Jane Doe',
    phone: '(555) 123-4567',
    isPro: false,
    isAdmin: false,
    googlePlaceId: null,
    businessName: null,
    businessLocation: null,
    signupDate: '2025-01-15T10:00:00.000Z',
    lastLoginDate: null,
    ...overrides,
  };
}
