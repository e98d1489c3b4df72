// PATCH /api/user/business: the agent's Google Place ID, business name and location; the answer is
// the updated user, which replaces the cached one.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { User } from '../../../../../shared/api-types';
import type { BusinessProfileInput } from '../../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/auth';

export const BUSINESS_PROFILE_URL = '/api/user/business';

export function updateBusinessProfile(input: BusinessProfileInput): Promise<User> {
  return api.patch<User>(BUSINESS_PROFILE_URL, input);
}

export function useUpdateBusinessProfile() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<User, Error, string, BusinessProfileInput>(BUSINESS_PROFILE_URL, async (_url, { arg }) => {
    const user = await updateBusinessProfile(arg);
    await mutate(USER_KEY, user, { revalidate: false });
    return user;
  });
}
