// PATCH /api/user/business: the agent's Google Place ID, business name and location; the answer is
// the updated user, which replaces the cached one.
import type { User } from '@shared/api-types';
import type { BusinessProfileInput } from '@shared/schemas';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedUser } from '@/lib/auth';

export const BUSINESS_PROFILE_URL = '/api/user/business';

export function updateBusinessProfile(input: BusinessProfileInput): Promise<User> {
  return api.patch<User>(BUSINESS_PROFILE_URL, input);
}

export function useUpdateBusinessProfile() {
  return useApiMutation(BUSINESS_PROFILE_URL, updateBusinessProfile, replaceCachedUser);
}
